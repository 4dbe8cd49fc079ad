/**
 * `sim:chaos`: the oracle's answers behind an unreliable server. Each request draws one fault
 * from a seeded hash of (seed, SHA-256 of the request body, attempt), where `attempt` counts
 * earlier requests with the same body. A retry of the same request is a new attempt with a fresh
 * draw, so it can succeed, and a whole run is still reproducible: the n-th sending of a given
 * body always meets the same fate. Faults: HTTP 500, HTTP 429 with `retry-after` /
 * `retry-after-ms`, a reset connection (socket destroyed, no response), and a hang (never
 * answers; the client's timeout ends it, and closing the server cuts it off).
 */
import { createHash } from 'node:crypto'
import { ArbigraphError } from '../../errors.ts'
import type { RngLabel } from '../../rng.ts'
import type { Persona, PersonaInput, PersonaReply } from './persona.ts'

export interface ChaosRates {
  /** HTTP 500. @default 0.10 */
  serverError: number
  /** HTTP 429 with a retry-after header. @default 0.05 */
  rateLimit: number
  /** Connection reset. @default 0.02 */
  reset: number
  /** No answer until the client gives up. @default 0.01 */
  hang: number
}

export interface ChaosOptions {
  seed: RngLabel
  rates?: Partial<ChaosRates>
  /** The delay a 429 asks for. @default 50 */
  retryAfterMs?: number
}

export type ChaosFault = 'none' | 'serverError' | 'rateLimit' | 'reset' | 'hang'

export const defaultChaosRates: ChaosRates = { serverError: 0.1, rateLimit: 0.05, reset: 0.02, hang: 0.01 }

const FAULT_ORDER = ['serverError', 'rateLimit', 'reset', 'hang'] as const

/**
 * The fault of the `attempt`-th sending (0-based) of a body with this hash.
 * @example chaosFault('seed', 'ab12…', 0, defaultChaosRates) // 'none' about 82 % of the time
 */
export function chaosFault(seed: RngLabel, bodyHash: string, attempt: number, rates: ChaosRates): ChaosFault {
  const digest = createHash('sha256')
    .update(`${String(seed)}/${bodyHash}/${attempt}`)
    .digest()
  const u = digest.readUInt32LE(0) / 2 ** 32
  let edge = 0
  for (const fault of FAULT_ORDER) {
    edge += rates[fault]
    if (u < edge) return fault
  }
  return 'none'
}

function checkRates(rates: ChaosRates): void {
  const total = FAULT_ORDER.reduce((sum, fault) => sum + rates[fault], 0)
  const bad = FAULT_ORDER.find((fault) => !(rates[fault] >= 0 && rates[fault] <= 1))
  if (bad || total > 1) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `sim:chaos: rates must each be in [0, 1] and sum to at most 1, got ${JSON.stringify(rates)}`,
    )
  }
}

/**
 * Wraps a persona (the oracle) with seeded infrastructure faults.
 * @example chaosPersona(oraclePersona(), { seed: 1, rates: { hang: 0 } })
 */
export function chaosPersona(inner: Persona, options: ChaosOptions): Persona {
  const rates = { ...defaultChaosRates, ...options.rates }
  checkRates(rates)
  const retryAfterMs = options.retryAfterMs ?? 50
  const attempts = new Map<string, number>()
  return {
    name: 'sim:chaos',
    respond(input: PersonaInput): PersonaReply {
      const bodyHash = createHash('sha256').update(input.body).digest('hex')
      const attempt = attempts.get(bodyHash) ?? 0
      attempts.set(bodyHash, attempt + 1)
      switch (chaosFault(options.seed, bodyHash, attempt, rates)) {
        case 'serverError':
          return {
            kind: 'error',
            status: 500,
            type: 'InternalServerError',
            message: 'sim:chaos: injected server error',
          }
        case 'rateLimit':
          return {
            kind: 'error',
            status: 429,
            type: 'RateLimitError',
            message: 'sim:chaos: injected rate limit; retry later',
            headers: {
              'retry-after': String(Math.ceil(retryAfterMs / 1000)),
              'retry-after-ms': String(retryAfterMs),
            },
          }
        case 'reset':
          return { kind: 'reset' }
        case 'hang':
          return { kind: 'hang' }
        default:
          return inner.respond(input)
      }
    },
  }
}
