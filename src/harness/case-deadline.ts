/**
 * The per-case deadline: how long one case may take, every turn of its harness and its follow-up
 * steps included, whatever harness answers it (the tool agent, single-shot, an HTTP agent, a
 * user's TypeScript harness). Past it the case's AbortSignal is aborted with a reason naming the
 * deadline, and the case is recorded as an infrastructure error with that reason — never graded —
 * even when the harness ignores its signal and never settles: the run stops waiting for it.
 * The clock starts when the case starts, so time a case waits for the request pool (behind other
 * cases, ARBIGRAPH_CONCURRENCY) counts too. Set with ARBIGRAPH_CASE_TIMEOUT, in seconds.
 */
import { z } from 'zod'
import { envInteger, parseEnv } from '../env-fields.ts'
import { ArbigraphError } from '../errors.ts'

/** The default deadline, seconds: 2 h, far above a healthy case, far below a CI job's limit. */
export const DEFAULT_CASE_TIMEOUT_S = 7200

/** The largest deadline a timer can hold (2³¹−1 ms), in whole seconds: about 24.8 days. */
const MAX_CASE_TIMEOUT_S = 2_147_483

/** The deadline variable, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const caseDeadlineShape = {
  ARBIGRAPH_CASE_TIMEOUT: envInteger('a case deadline in seconds', 1, undefined, MAX_CASE_TIMEOUT_S),
}

/**
 * The case deadline in milliseconds; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example caseDeadlineMs({ ARBIGRAPH_CASE_TIMEOUT: '90' }) // 90000
 */
export function caseDeadlineMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = parseEnv(z.object(caseDeadlineShape), env).ARBIGRAPH_CASE_TIMEOUT
  return (seconds ?? DEFAULT_CASE_TIMEOUT_S) * 1000
}

/**
 * The deadline's abort reason: an endpoint-class error, so the case becomes an infrastructure
 * error naming the deadline rather than a model failure.
 */
export const deadlineError = (ms: number) =>
  new ArbigraphError(
    'ARBIGRAPH_ENDPOINT',
    `case deadline: no result within ${ms / 1000} s (ARBIGRAPH_CASE_TIMEOUT); the harness was stopped through its abort signal — raise ARBIGRAPH_CASE_TIMEOUT if a case needs longer`,
  )

/**
 * Runs `work` with a signal aborted at `signal`'s abort or after `deadlineMs`, whichever comes
 * first, and rejects with the abort's reason then even if `work` never settles. No deadline:
 * `work` runs under `signal` alone.
 * @example await withinDeadline((signal) => harness.run(c, { ...context, signal }), context.signal, 60_000)
 */
export async function withinDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal,
  deadlineMs: number | undefined,
): Promise<T> {
  if (deadlineMs === undefined) return work(signal)
  const controller = new AbortController()
  const abort = (reason: unknown) => controller.abort(reason)
  const onAbort = () => abort(signal.reason)
  const timer = setTimeout(() => abort(deadlineError(deadlineMs)), deadlineMs)
  signal.addEventListener('abort', onAbort, { once: true })
  if (signal.aborted) onAbort()
  const stopped = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  try {
    return await Promise.race([work(controller.signal), stopped])
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
}
