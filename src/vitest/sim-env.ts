/**
 * The simulator's environment variables (used when no endpoint is configured): persona, seed,
 * latency, `sim:noisy`'s noise, the server profile, the stats file. They are also what makes a
 * simulated answer what it is, so `simCacheScope` folds every one that changes an answer into the
 * response cache key: changing the persona, seed, noise or server profile can never replay
 * answers the simulator gave under other settings. The simulated model's id is its persona, so
 * ARBIGRAPH_MODEL=sim:oracle chooses the persona as ARBIGRAPH_SIM=sim:oracle does (see `simPersona`).
 */
import { z } from 'zod'
import type { RunIdentity } from '../endpoint/model-identity.ts'
import { envChoice, envInteger, envText, parseEnv } from '../env-fields.ts'
import { ArbigraphError } from '../errors.ts'
import type { PersonaName } from '../sim/personas/persona.ts'

/** The personas a run can choose (`replay` is for `arbigraph replay-reference` only). */
export const RUN_PERSONAS = ['sim:oracle', 'sim:noisy', 'sim:chaos'] as const satisfies readonly PersonaName[]

const noise = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return undefined
    const value = Number(text.trim())
    if (Number.isFinite(value) && value >= 0) return value
    ctx.addIssue({
      code: 'custom',
      message: `expected a number ≥ 0 (sim:noisy's error multiplier), got "${text}"`,
    })
    return z.NEVER
  })

/** The simulator variables, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const simEnvShape = {
  ARBIGRAPH_SIM: envChoice(RUN_PERSONAS, 'sim:noisy'),
  ARBIGRAPH_SIM_SEED: envText,
  ARBIGRAPH_SIM_LATENCY_MS: envInteger('a delay before each answer in ms', 0, 0),
  ARBIGRAPH_SIM_NOISE: noise,
  // The server profile's names belong to the simulator; here it only needs to reach the cache key.
  ARBIGRAPH_SIM_SERVER: envText,
  ARBIGRAPH_SIM_STATS: envText,
}

const envSchema = z.object(simEnvShape)

export interface SimEnv {
  persona: (typeof RUN_PERSONAS)[number]
  /** ARBIGRAPH_SIM_SEED as given (a label), or 0. */
  seed: string | number
  latencyMs: number
  /** sim:noisy's multiplier; undefined = the persona's default (1). */
  noise: number | undefined
  /** ARBIGRAPH_SIM_SERVER as given; undefined = the simulator's default profile. */
  server: string | undefined
  /** File for the simulator's and pool's counters at the end. */
  statsFile: string | undefined
}

/**
 * The persona ARBIGRAPH_MODEL names, when it names one (`sim:…`), else undefined. A `sim:` model
 * with a server set is refused (no server serves the simulator's personas: the run would ask the
 * server for a model it does not have, or the user meant the simulator), so is a `sim:` that is
 * no persona, and one that disagrees with ARBIGRAPH_SIM: each names the variables to change.
 * @example simModelPersona({ ARBIGRAPH_MODEL: 'sim:oracle' }) // 'sim:oracle'
 */
export function simModelPersona(env: Record<string, string | undefined>): SimEnv['persona'] | undefined {
  const model = env.ARBIGRAPH_MODEL?.trim()
  if (!model?.startsWith('sim:')) return undefined
  const refuse = (why: string) => new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `ARBIGRAPH_MODEL: ${why}`)
  const server = (['ARBIGRAPH_BASE_URL', 'OPENAI_BASE_URL'] as const).find((v) => env[v]?.trim())
  if (server)
    throw refuse(
      `"${model}" is a simulator persona, but ${server} is set: a model server serves no sim: model; unset ${server} to run the simulator, or set ARBIGRAPH_MODEL to the id the server serves`,
    )
  const persona = RUN_PERSONAS.find((p) => p === model)
  if (!persona)
    throw refuse(`"${model}" is not a simulator persona (expected one of ${RUN_PERSONAS.join(', ')})`)
  const sim = env.ARBIGRAPH_SIM?.trim()
  if (sim && sim !== persona)
    throw refuse(`"${model}" and ARBIGRAPH_SIM "${sim}" name different personas; set one of them`)
  return persona
}

/**
 * Parses the simulator variables; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example readSimEnv({ ARBIGRAPH_SIM: 'sim:oracle' }).persona // 'sim:oracle'
 */
export function readSimEnv(env: Record<string, string | undefined> = process.env): SimEnv {
  const e = parseEnv(envSchema, env, 'invalid simulator environment')
  return {
    persona: simModelPersona(env) ?? e.ARBIGRAPH_SIM,
    seed: e.ARBIGRAPH_SIM_SEED ?? 0,
    latencyMs: e.ARBIGRAPH_SIM_LATENCY_MS,
    noise: e.ARBIGRAPH_SIM_NOISE,
    server: e.ARBIGRAPH_SIM_SERVER,
    statsFile: e.ARBIGRAPH_SIM_STATS,
  }
}

/**
 * The part of the response cache key that says which simulator answered: every setting that
 * changes an answer (latency does not).
 * @example simCacheScope(readSimEnv({})) // 'sim:noisy seed=0 noise=1 server=default'
 */
export const simCacheScope = (sim: SimEnv): string =>
  `${sim.persona} seed=${String(sim.seed)} noise=${sim.noise ?? 1} server=${sim.server ?? 'default'}`

/**
 * The simulator's identity: its settings decide its answers (ARBIGRAPH_MODEL_REVISION, when
 * set, is added; unset, the keys stay those of earlier versions).
 * @example simIdentity('sim:noisy seed=0 noise=1 server=default', undefined).label // 'sim:noisy seed=0 noise=1 server=default'
 */
export function simIdentity(settings: string, revision: string | undefined): RunIdentity {
  const scope = revision === undefined ? settings : `${settings} revision=${revision}`
  return { scope, label: scope, notes: [] }
}
