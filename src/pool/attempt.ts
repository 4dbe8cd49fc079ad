/**
 * One attempt of one request against one upstream, under its own timeout. It dispatches through
 * an undici connection pool per upstream origin with a handler that collects (or forwards) the
 * answer's chunks: the pool sits on every agent turn, and measured on loopback this costs about
 * 40 µs of CPU per exchange against about 75 µs for `node:http` with a keep-alive agent (and an
 * order of magnitude more for `fetch`). A successful answer is read whole (JSON) or, when it is an SSE stream, forwarded to
 * the client chunk by chunk while being collected for the cache; the timeout then counts from
 * the last chunk, so a long generation is not cut while a stalled one is. Failures come back
 * as data (timeout, reset, unreachable, retryable status) for the retry loop to judge; a stream
 * that breaks after its first bytes reached the client cannot be retried and is `broken`.
 * Cancellation (the client left, the pool is closing) is a field and a hook on the call rather
 * than an AbortSignal per request: the pool sits on every agent turn, and AbortController
 * creation, linking and listener bookkeeping measured about 40 µs of its CPU per request.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { Dispatcher } from 'undici'
import { openConnections } from '../connections.ts'
import type { RetryCause } from './retry.ts'
import { isRetryableStatus, parseRetryAfter } from './retry.ts'
import type { AttemptHealth, UpstreamLease } from './upstreams.ts'

/** One connection pool per upstream origin; owned by the request pool and closed with it. */
export interface Dispatchers {
  get(origin: string): Dispatcher
  /** Drops every connection, in flight or idle. */
  destroy(): Promise<void>
}

/**
 * Connection pools created on first use (see `openConnections`; each attempt has its own timeout).
 * @example const dispatchers = createDispatchers(); …; await dispatchers.destroy()
 */
export function createDispatchers(): Dispatchers {
  const pools = new Map<string, Dispatcher & { destroy(): Promise<void> }>()
  return {
    get(origin) {
      let pool = pools.get(origin)
      if (!pool) {
        pool = openConnections(origin)
        pools.set(origin, pool)
      }
      return pool
    },
    async destroy() {
      await Promise.allSettled([...pools.values()].map((pool) => pool.destroy()))
      pools.clear()
    },
  }
}

/** What the gateway sends upstream. */
export interface UpstreamCall {
  method: string
  /** The path after the pool's `/v1` prefix, with query string. */
  path: string
  headers: Record<string, string>
  body: Buffer | undefined
  timeoutMs: number
  /** 1-based number of the attempt being made. */
  attempt: number
  dispatchers: Dispatchers
  /** Where a successful SSE stream is forwarded. */
  client: ServerResponse
  /** Headers for the client when the stream starts. */
  streamHeaders: (upstream: string, attempt: number) => Record<string, string>
  now: () => number
  /** Why the exchange must stop (the client left, the pool is closing); set once, by `cancelCall`. */
  cancelled: Error | undefined
  /** How the step in progress stops on a cancellation (end the attempt, leave the queue, end a sleep). */
  interrupt: ((reason: Error) => void) | undefined
}

/**
 * Cancels a call: marks it and interrupts the step in progress. Later calls are no-ops.
 * @example res.on('close', () => res.writableFinished || cancelCall(call, new Error('the client went away')))
 */
export function cancelCall(call: UpstreamCall, reason: Error): void {
  if (call.cancelled) return
  call.cancelled = reason
  call.interrupt?.(reason)
}

/**
 * Runs `wait` with a signal that aborts when the call is cancelled (at once if it already is).
 * For the rare waits (a full limiter, a retry's backoff); an attempt uses `interrupt` directly.
 * @example const release = await cancellable(call, (signal) => limiter.acquire(signal))
 */
export async function cancellable<T>(
  call: UpstreamCall,
  wait: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  if (call.cancelled) controller.abort(call.cancelled)
  else call.interrupt = (reason) => controller.abort(reason)
  try {
    return await wait(controller.signal)
  } finally {
    call.interrupt = undefined
  }
}

export type AttemptOutcome =
  | { kind: 'answer'; status: number; contentType: string; body: string; stream: boolean; streamed: boolean }
  | { kind: 'retry'; cause: RetryCause; status?: number; message: string; retryAfterMs?: number }
  | { kind: 'broken'; message: string }
  | { kind: 'aborted'; message: string }

const NETWORK_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** An upstream base URL, parsed once. */
interface Target {
  origin: string
  basePath: string
}

const targets = new Map<string, Target>()

function targetOf(base: string): Target {
  let target = targets.get(base)
  if (!target) {
    const url = new URL(base)
    target = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') }
    targets.set(base, target)
  }
  return target
}

/** The readable reason of a failed connection, with undici's or the system's code. */
function failureDetail(error: unknown): { code: string | undefined; text: string } {
  const code = (error as { code?: string } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'UND_ERR_SOCKET')
    return { code, text: `the connection closed before the answer was complete (${message})` }
  return { code, text: code ? `${code}: ${message}` : message }
}

/**
 * Runs one attempt on `lease.upstream`, settling the lease with the attempt's health; never rejects.
 * @example const outcome = await runAttempt(call, upstreams.lease())
 */
export function runAttempt(call: UpstreamCall, lease: UpstreamLease): Promise<AttemptOutcome> {
  const base = lease.upstream.url
  return new Promise((resolve) => {
    let controller: Dispatcher.DispatchController | undefined
    let timer: NodeJS.Timeout | undefined
    let timedOut = false
    let settled = false
    let status = 0
    let headers: IncomingHttpHeaders = {}
    let contentType = 'application/json'
    let stream = false
    let streaming = false
    const chunks: Buffer[] = []
    const finish = (outcome: AttemptOutcome, health: AttemptHealth) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      call.interrupt = undefined
      lease.done(health)
      resolve(outcome)
    }
    const rearm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        timedOut = true
        controller?.abort(new Error(`no answer within ${call.timeoutMs} ms`))
      }, call.timeoutMs)
    }
    if (call.cancelled) return finish({ kind: 'aborted', message: call.cancelled.message }, 'neutral')
    rearm()
    call.interrupt = (reason) => controller?.abort(reason)
    const target = targetOf(base)
    const resumeOnDrain = () => controller?.resume()
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c
        if (call.cancelled) c.abort(call.cancelled)
      },
      onResponseStart(_c, statusCode, responseHeaders) {
        status = statusCode
        headers = responseHeaders
        contentType = String(responseHeaders['content-type'] ?? 'application/json')
        stream = contentType.includes('text/event-stream')
        if (stream && status >= 200 && status < 300) {
          streaming = true
          call.client.writeHead(status, call.streamHeaders(base, call.attempt))
        }
      },
      onResponseData(c, chunk) {
        chunks.push(chunk)
        if (!streaming) return
        // The timeout counts from the last chunk, so a long generation is not cut.
        rearm()
        if (!call.client.destroyed && !call.client.write(chunk) && !c.paused) {
          c.pause()
          call.client.once('drain', resumeOnDrain)
        }
      },
      onResponseEnd() {
        const body =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
        const ok = status >= 200 && status < 300
        if (ok || !isRetryableStatus(status))
          return finish(
            { kind: 'answer', status, contentType, body, stream, streamed: streaming },
            ok ? 'success' : 'neutral',
          )
        // 429 says "busy", not "broken": it must not eject an otherwise healthy endpoint.
        const retryAfterMs = parseRetryAfter(headers, call.now())
        const message = `${base} answered ${status}: ${body.slice(0, 300)}`
        finish(
          { kind: 'retry', cause: 'status', status, message, retryAfterMs },
          status >= 500 ? 'failure' : 'neutral',
        )
      },
      onResponseError(_c, error) {
        if (call.cancelled) return finish({ kind: 'aborted', message: call.cancelled.message }, 'neutral')
        const { code, text } = failureDetail(error)
        const detail = timedOut ? `${base}: no answer within ${call.timeoutMs} ms` : `${base}: ${text}`
        if (streaming)
          return finish({ kind: 'broken', message: `stream broke after it started: ${detail}` }, 'failure')
        const cause: RetryCause = timedOut
          ? 'timeout'
          : code && NETWORK_UNREACHABLE.has(code)
            ? 'unreachable'
            : 'reset'
        finish({ kind: 'retry', cause, message: detail }, 'failure')
      },
    }
    try {
      call.dispatchers.get(target.origin).dispatch(
        {
          path: `${target.basePath}${call.path}`,
          method: call.method as Dispatcher.HttpMethod,
          headers: call.headers,
          body: call.body ?? null,
        },
        handler,
      )
    } catch (error) {
      // undici throws at once for a request it cannot send at all (a malformed header, a closed pool).
      finish({ kind: 'retry', cause: 'reset', message: `${base}: ${failureDetail(error).text}` }, 'failure')
    }
  })
}
