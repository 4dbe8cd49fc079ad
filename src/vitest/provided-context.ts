/**
 * What globalSetup hands every test worker (`project.provide` → `inject('arbigraph')`): where the
 * request pool listens, which model to ask, and whether the answers are simulated. Workers never
 * read ARBIGRAPH_BASE_URL themselves, so the main process decides the endpoint once per run.
 */

import type { ServerReport } from '../contracts/server-report.ts'

/** The run's endpoint as the workers see it. */
export interface ArbigraphContext {
  /** The request pool's base URL, ending in `/v1`. */
  poolUrl: string
  /** The model id every request names ("sim:*" for the simulator). */
  model: string
  /** True when the built-in simulator answers instead of a real model. */
  simulated: boolean
  /** Where workers POST `{cases}` for the simulator (served by globalSetup); only when simulated. */
  simControlUrl?: string
  /**
   * Vitest's root, the base of every relative output path (results, dashboard, case details,
   * cache) and of arbigraph.config.ts: a worker's working directory need not be it.
   */
  root: string
  /** True under `vitest list`: nothing was started and no test body may run. */
  listing: boolean
  /**
   * How long a worker waits for one model turn: every attempt the pool may make, plus backoff.
   * A client timeout shorter than the pool's retries would give up while the pool still works.
   */
  turnTimeoutMs?: number
  /** What the preflight (`arbigraph doctor`'s checks) found on the endpoint; absent under `vitest list`. */
  server?: ServerReport
  /** Who answers, as the response cache keys it (src/endpoint/model-identity.ts): for `run.identity`. */
  identity?: string
  /**
   * The silence a worker allows between two chunks of a streamed turn: the pool's idle timeout
   * (ARBIGRAPH_IDLE_TIMEOUT_MS) plus a margin, so the pool, which retries, notices a stall first.
   */
  streamIdleMs?: number
  /**
   * How long one case may take (ARBIGRAPH_CASE_TIMEOUT): past it the case is stopped and recorded
   * as an infrastructure error naming the deadline (src/harness/case-deadline.ts).
   */
  caseDeadlineMs?: number
}

declare module 'vitest' {
  interface ProvidedContext {
    arbigraph: ArbigraphContext
  }
}
