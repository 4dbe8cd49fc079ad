/**
 * The retry policy of the request pool: which upstream answers are worth another attempt, and
 * how long to wait before it. Waits grow exponentially with "full jitter" (a uniform draw in
 * [0, min(cap, base·2^n))), which spreads a burst of retries instead of re-synchronising them;
 * a server's `retry-after-ms` or `retry-after` (seconds or an HTTP date) overrides the draw,
 * as vLLM and the OpenAI API use them to say when capacity returns. A 400 (for example a
 * context overflow) is the model's outcome, not a fault, and is never retried.
 * Reference: AWS Architecture Blog, "Exponential Backoff And Jitter" (full jitter);
 * docs/research/ecosystem-anchors.md §C2–C3 (vLLM errors, `retry-after-ms`).
 */
import type { IncomingHttpHeaders } from 'node:http'

export interface RetryPolicy {
  /** Attempts in total, the first included. @default 4 */
  maxAttempts: number
  /** The backoff window of the first retry, in ms. @default 250 */
  baseDelayMs: number
  /** The largest backoff window, in ms. @default 8000 */
  maxDelayMs: number
  /** A server-requested wait longer than this is clamped, so one bad header cannot stall a run. @default 60000 */
  maxRetryAfterMs: number
}

/** The defaults: 4 attempts, 250 ms base, 8 s cap, retry-after honoured up to 60 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
}

/**
 * Why an attempt failed in a way worth retrying: a retryable status, no answer in time, a lost
 * or refused connection, a 200 that is not a complete completion (`incomplete`), or a stream that
 * carried an error event, broke or stalled before `[DONE]` (`stream`).
 */
export type RetryCause = 'status' | 'timeout' | 'reset' | 'unreachable' | 'incomplete' | 'stream'

/**
 * Whether an HTTP status deserves another attempt: 408, 409 (vLLM aborts), 429 and every 5xx.
 * @example isRetryableStatus(503) // true
 * @example isRetryableStatus(400) // false: a context overflow is an outcome
 */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500

/**
 * The full-jitter backoff before retry number `retry` (0 for the first retry).
 * `random` returns a uniform float in [0, 1); inject a fixed one in tests.
 * @example backoffDelay(2, DEFAULT_RETRY_POLICY, () => 0.5) // 500: half of min(8000, 250·4)
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const window = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry)
  return Math.floor(random() * window)
}

/**
 * The wait a response asks for, in ms, or `undefined` when it names none. `retry-after-ms` wins
 * over `retry-after` (as in the OpenAI SDK); `retry-after` may be seconds or an HTTP date,
 * read against `now` (ms since the epoch).
 * @example parseRetryAfter(new Headers({ 'retry-after': '2' }), 0) // 2000
 */
export function parseRetryAfter(headers: Headers | IncomingHttpHeaders, now: number): number | undefined {
  const get = (name: string): string | undefined => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name]
    return (Array.isArray(value) ? value[0] : value) ?? undefined
  }
  const ms = get('retry-after-ms')
  if (ms !== undefined && ms.trim() !== '') {
    const value = Number(ms)
    if (Number.isFinite(value) && value >= 0) return value
  }
  const after = get('retry-after')
  if (after === undefined || after.trim() === '') return undefined
  const trimmed = after.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/**
 * The wait before retry number `retry`: the server's request when it made one (clamped to
 * `maxRetryAfterMs`), otherwise the jittered backoff.
 * @example retryDelay(0, DEFAULT_RETRY_POLICY, () => 0.9, 1500) // 1500
 */
export function retryDelay(
  retry: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs: number | undefined,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs)
  return backoffDelay(retry, policy, random)
}
