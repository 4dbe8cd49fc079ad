/**
 * ARBIGRAPH_SWEEP: how much of a sweep suite to run. `small` (the default) keeps a sweep cheap
 * enough to try on any server; `full` runs the whole range the suite declares.
 */
import { z } from 'zod'
import { envChoice, parseEnv } from '../env-fields.ts'

/** The sweep variable, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const sweepEnvShape = { ARBIGRAPH_SWEEP: envChoice(['small', 'full'], 'small') }

const envSchema = z.object(sweepEnvShape)

/**
 * The sweep scale of this run; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example sweepScale({ ARBIGRAPH_SWEEP: 'full' }) // 'full'
 */
export const sweepScale = (env: Record<string, string | undefined> = process.env): 'small' | 'full' =>
  parseEnv(envSchema, env, 'invalid sweep environment').ARBIGRAPH_SWEEP

/**
 * The values of a sweep axis at this run's scale.
 * @example bySweepScale({ small: [1, 4, 16], full: [1, 2, 4, 8, 16, 32, 64] }) // [1, 4, 16]
 */
export const bySweepScale = <T>(choices: { small: T; full: T }, env = process.env): T =>
  choices[sweepScale(env)]
