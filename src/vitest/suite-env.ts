/**
 * The environment variables that shape a suite's cases (not the endpoint: that is the request
 * pool's, see src/pool/env.ts): how many samples per task, how many epochs (repetitions of every
 * case) and which generation seed. They are read at collection time in every worker, so they
 * must mean the same thing everywhere, hence one parser with messages naming the variable.
 */
import { z } from 'zod'
import { envInteger, envText, parseEnv } from '../env-fields.ts'

/** The suite variables, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const suiteEnvShape = {
  ARBIGRAPH_SAMPLES: envInteger('samples per task', 1),
  ARBIGRAPH_EPOCHS: envInteger('a number of epochs', 1),
  ARBIGRAPH_SEED: envText,
  /** The frozen dataset `arbigraph eval --dataset` runs (read by its suite only). */
  ARBIGRAPH_DATASET: envText,
}

const envSchema = z.object(suiteEnvShape)

export interface SuiteEnv {
  /** Overrides every suite's `samplesPerTask`. */
  samples: number | undefined
  /** Repetitions of every case; @default 1 */
  epochs: number
  /** Overrides every suite's generation seed. */
  seed: string | undefined
}

/**
 * Parses the suite variables; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example readSuiteEnv({ ARBIGRAPH_EPOCHS: '3' }).epochs // 3
 */
export function readSuiteEnv(env: Record<string, string | undefined> = process.env): SuiteEnv {
  const e = parseEnv(envSchema, env, 'invalid suite environment')
  return { samples: e.ARBIGRAPH_SAMPLES, epochs: e.ARBIGRAPH_EPOCHS ?? 1, seed: e.ARBIGRAPH_SEED }
}
