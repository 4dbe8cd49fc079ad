/**
 * The set of model endpoints behind the request pool, and which one gets the next attempt.
 * Balancing is least-outstanding (the endpoint with the fewest attempts in flight; ties go
 * round-robin, so a recovered endpoint is not flooded to "catch up"), which adapts to a slow
 * replica better than plain round-robin.
 * Health is passive: `ejectAfter` consecutive connection failures or 5xx answers eject an
 * endpoint for `cooldownMs`; after the cool-down one "half-open" probe is let through, and its
 * result decides between recovery and another cool-down. If every endpoint is ejected the
 * least-recently-ejected one is used anyway: a run should slow down, not stop.
 * Reference: Envoy outlier detection (consecutive 5xx ejection) and the circuit-breaker pattern.
 */
import { ArbigraphError } from '../errors.ts'

/** How an attempt went, as far as the endpoint's health is concerned. */
export type AttemptHealth = 'success' | 'failure' | 'neutral'

export interface UpstreamState {
  readonly url: string
  /** Attempts in flight. */
  outstanding: number
  /** Attempts sent, in total. */
  requests: number
  /** Attempts that ended in a connection failure, a timeout or a 5xx. */
  failures: number
  consecutiveFailures: number
  /** `healthy`, `ejected` (cooling down) or `probing` (one half-open attempt in flight). */
  state: 'healthy' | 'ejected' | 'probing'
  ejectedAt: number
  ejectedUntil: number
  ejections: number
}

/** An attempt's hold on an endpoint; `done` must be called exactly once. */
export interface UpstreamLease {
  readonly upstream: UpstreamState
  done(health: AttemptHealth): void
}

export interface UpstreamsOptions {
  /** Consecutive failures that eject an endpoint. @default 3 */
  ejectAfter?: number
  /** How long an ejected endpoint rests before a probe, in ms. @default 5000 */
  cooldownMs?: number
  /** The clock, injectable for tests. @default Date.now */
  now?: () => number
}

export interface Upstreams {
  readonly list: readonly UpstreamState[]
  /** Chooses an endpoint for the next attempt and counts it as outstanding. */
  lease(): UpstreamLease
}

function newState(url: string): UpstreamState {
  return {
    url,
    outstanding: 0,
    requests: 0,
    failures: 0,
    consecutiveFailures: 0,
    state: 'healthy',
    ejectedAt: 0,
    ejectedUntil: 0,
    ejections: 0,
  }
}

/** The endpoint for the next attempt, and whether that attempt is its half-open probe. */
function choose(list: readonly UpstreamState[], now: number, turn: number): [UpstreamState, boolean] {
  // A due probe goes first: otherwise a busy run would never test the ejected endpoint again.
  const due = list.find((u) => u.state === 'ejected' && now >= u.ejectedUntil)
  if (due) {
    due.state = 'probing'
    return [due, true]
  }
  let best: UpstreamState | undefined
  for (let i = 0; i < list.length; i++) {
    const u = list[(turn + i) % list.length]!
    if (u.state === 'healthy' && (best === undefined || u.outstanding < best.outstanding)) best = u
  }
  if (best) return [best, false]
  return [list.reduce((best, u) => (u.ejectedAt < best.ejectedAt ? u : best)), false]
}

/**
 * Creates the endpoint set over `urls` (at least one).
 * @example
 * const upstreams = createUpstreams(['http://a/v1', 'http://b/v1'])
 * const lease = upstreams.lease()
 * try { await fetch(`${lease.upstream.url}/chat/completions`); lease.done('success') } catch { lease.done('failure') }
 */
export function createUpstreams(urls: readonly string[], options: UpstreamsOptions = {}): Upstreams {
  if (urls.length === 0)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      'pool/upstreams: at least one upstream URL is required; set ARBIGRAPH_BASE_URL or start the simulator and pass its URL',
    )
  const ejectAfter = options.ejectAfter ?? 3
  const cooldownMs = options.cooldownMs ?? 5000
  const now = options.now ?? Date.now
  const list = urls.map(newState)
  let turn = 0

  const eject = (u: UpstreamState) => {
    u.state = 'ejected'
    u.ejectedAt = now()
    u.ejectedUntil = u.ejectedAt + cooldownMs
    u.ejections++
  }

  const settle = (u: UpstreamState, health: AttemptHealth, probe: boolean) => {
    u.outstanding--
    if (health === 'success') {
      u.consecutiveFailures = 0
      u.state = 'healthy'
    } else if (health === 'failure') {
      u.failures++
      u.consecutiveFailures++
      if (probe || u.state === 'ejected' || u.consecutiveFailures >= ejectAfter) eject(u)
    } else if (probe && u.state === 'probing') {
      // A neutral probe (429, 4xx) proves the endpoint answers: let it back in.
      u.state = 'healthy'
    }
  }

  return {
    list,
    lease() {
      const [u, probe] = choose(list, now(), turn++)
      u.outstanding++
      u.requests++
      let settled = false
      return {
        upstream: u,
        done(health) {
          if (settled) return
          settled = true
          settle(u, health, probe)
        },
      }
    },
  }
}
