/**
 * Persona construction from server options: one place that maps a persona name to its factory
 * and rejects options that cannot work (an unknown name, `replay` without a file) before the
 * server starts listening.
 */
import { ArbigraphError } from '../errors.ts'
import type { RngLabel } from '../rng.ts'
import type { ChaosRates } from './personas/chaos.ts'
import { chaosPersona } from './personas/chaos.ts'
import type { NoisyRates } from './personas/noisy.ts'
import { noisyPersona } from './personas/noisy.ts'
import { oraclePersona } from './personas/oracle.ts'
import type { Persona, PersonaName } from './personas/persona.ts'
import { replayPersona } from './personas/replay.ts'

export interface PersonaOptions {
  persona: PersonaName
  /** Seed of the noisy and chaos draws. @default 0 */
  seed?: RngLabel
  /** `sim:noisy`: multiplier on the wrong-value probability. @default 1 */
  noise?: number
  /** `sim:noisy`: format-fault rates. @default defaultNoisyRates */
  noisyRates?: Partial<NoisyRates>
  /** `sim:chaos`: fault rates. @default defaultChaosRates */
  chaosRates?: Partial<ChaosRates>
  /** `sim:chaos`: the delay a 429 asks for. @default 50 */
  retryAfterMs?: number
  /** `replay`: the reference results file to serve. */
  replayFile?: string
}

export const personaNames: readonly PersonaName[] = ['sim:oracle', 'sim:noisy', 'sim:chaos', 'replay']

/**
 * Builds the persona named by the options.
 * @example createPersona({ persona: 'sim:noisy', seed: 3 }).name // 'sim:noisy'
 */
export function createPersona(options: PersonaOptions): Persona {
  const seed = options.seed ?? 0
  switch (options.persona) {
    case 'sim:oracle':
      return oraclePersona()
    case 'sim:noisy':
      return noisyPersona({ seed, noise: options.noise ?? 1, rates: options.noisyRates ?? {} })
    case 'sim:chaos':
      return chaosPersona(oraclePersona(), {
        seed,
        rates: options.chaosRates ?? {},
        retryAfterMs: options.retryAfterMs ?? 50,
      })
    case 'replay':
      if (!options.replayFile) {
        throw new ArbigraphError(
          'ARBIGRAPH_BAD_CONFIG',
          'sim: persona "replay" needs replayFile (a reference results JSON file)',
        )
      }
      return replayPersona({ file: options.replayFile })
    default:
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_CONFIG',
        `sim: unknown persona "${String(options.persona)}"; expected one of ${personaNames.join(', ')}`,
      )
  }
}
