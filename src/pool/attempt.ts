/**
 * One attempt of one request against one upstream. It dispatches through an undici connection
 * pool per upstream origin with a handler that collects (or forwards) the answer's chunks: the
 * pool sits on every agent turn, and measured on loopback this costs about 40 µs of CPU per
 * exchange against about 75 µs for `node:http` with a keep-alive agent (and an order of
 * magnitude more for `fetch`). A whole answer is read and judged (`complete-answer.ts`); an SSE
 * stream is read event by event and forwarded to the client at the client's pace (the upstream
 * is paused while the client's socket is full), except for an error event and `[DONE]`, which
 * are held back until the stream is judged: only a stream that finished a choice and reached
 * `[DONE]` with no error is an answer. The wait for the first bytes is the request timeout; once
 * the stream flows, the wait is the idle timeout (time since the last chunk), so a long
 * generation is never cut while a stalled one is. Failures come back as data (timeout, reset,
 * unreachable, retryable status, an incomplete answer) for the retry loop to judge.
 * Cancellation (the client left, the pool is closing) is a field and a hook on the call rather
 * than an AbortSignal per request: the pool sits on every agent turn, and AbortController
 * creation, linking and listener bookkeeping measured about 40 µs of its CPU per request.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { Dispatcher } from 'undici'
import { openConnections } from '../connections.ts'
import { readCompletionStream } from '../endpoint/completion-stream.ts'
import { judgeAnswer } from './complete-answer.ts'
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
  /** The path lies outside `/v1` (vLLM's `/tokenize`): sent to the upstream's server root. */
  rooted: boolean
  /** Whether the request asked for a stream (`"stream": true`). */
  stream: boolean
  /** The wait for an attempt's first bytes, ms. */
  timeoutMs: number
  /** The wait for the next chunk once a stream flows, ms. */
  idleTimeoutMs: number
  /** 1-based number of the attempt being made. */
  attempt: number
  dispatchers: Dispatchers
  /** Where a successful SSE stream is forwarded. */
  client: ServerResponse
  /** True once a stream's headers went to the client (later attempts write events only). */
  streamStarted: boolean
  /** Counts a pause of the upstream for a slow client (the pool's `streamPauses`). */
  onPause: () => void
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
  | {
      kind: 'retry'
      cause: RetryCause
      status?: number
      message: string
      retryAfterMs?: number
      /** Events of this attempt already reached the client. */
      forwarded?: boolean
    }
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
  /** `basePath` without its `/v1`: where vLLM's root routes (`/tokenize`) live. */
  rootPath: string
}

const targets = new Map<string, Target>()

function targetOf(base: string): Target {
  let target = targets.get(base)
  if (!target) {
    const url = new URL(base)
    const basePath = url.pathname.replace(/\/+$/, '')
    target = { origin: url.origin, basePath, rootPath: basePath.replace(/\/v1$/, '') }
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

/** The forwarding half of a streamed attempt: events to the client, the verdict at the end. */
function streamForwarder(call: UpstreamCall) {
  const forwarded: string[] = []
  let pending = ''
  const reader = readCompletionStream({
    onEvent(kind, data) {
      if (kind !== 'chunk') return
      const event = `data: ${data}\n\n`
      forwarded.push(event)
      pending += event
    },
  })
  return {
    reader,
    /** Feeds an upstream chunk and writes its complete events to the client in one write. */
    feed(chunk: Buffer) {
      reader.feed(chunk)
      if (pending === '') return
      if (!call.client.destroyed) call.client.write(pending)
      pending = ''
    },
    /** The body to cache: the events the client got, then `[DONE]`. */
    body: () => `${forwarded.join('')}data: [DONE]\n\n`,
    get sent() {
      return forwarded.length > 0
    },
  }
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
    let timedOut: number | undefined
    let settled = false
    let status = 0
    let headers: IncomingHttpHeaders = {}
    let contentType = 'application/json'
    let forwarder: ReturnType<typeof streamForwarder> | undefined
    const chunks: Buffer[] = []
    const finish = (outcome: AttemptOutcome, health: AttemptHealth) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      call.interrupt = undefined
      lease.done(health)
      resolve(outcome)
    }
    const arm = (ms: number) => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        timedOut = ms
        controller?.abort(new Error(`no answer within ${ms} ms`))
      }, ms)
    }
    if (call.cancelled) return finish({ kind: 'aborted', message: call.cancelled.message }, 'neutral')
    arm(call.timeoutMs)
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
        const ok = status >= 200 && status < 300
        if (ok && call.stream && contentType.includes('text/event-stream')) {
          forwarder = streamForwarder(call)
          if (!call.streamStarted) {
            call.streamStarted = true
            call.client.writeHead(status, call.streamHeaders(base, call.attempt))
          }
        }
      },
      onResponseData(c, chunk) {
        if (!forwarder) return void chunks.push(chunk)
        arm(call.idleTimeoutMs)
        forwarder.feed(chunk)
        if (call.client.writableNeedDrain && !call.client.destroyed && !c.paused) {
          c.pause()
          call.onPause()
          call.client.once('drain', resumeOnDrain)
        }
      },
      onResponseEnd() {
        if (forwarder) {
          const verdict = forwarder.reader.finish()
          if (verdict.complete)
            return finish(
              { kind: 'answer', status, contentType, body: forwarder.body(), stream: true, streamed: true },
              'success',
            )
          const message = `${base}: ${verdict.reason}`
          return finish({ kind: 'retry', cause: 'stream', message, forwarded: forwarder.sent }, 'failure')
        }
        const body =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
        const ok = status >= 200 && status < 300
        if (ok) {
          const judged = judgeAnswer({ path: call.path, stream: call.stream, contentType, body })
          if (!judged.complete)
            return finish(
              { kind: 'retry', cause: 'incomplete', message: `${base}: ${judged.reason}` },
              'failure',
            )
          return finish(
            { kind: 'answer', status, contentType, body, stream: false, streamed: false },
            'success',
          )
        }
        if (!isRetryableStatus(status))
          return finish(
            { kind: 'answer', status, contentType, body, stream: false, streamed: false },
            'neutral',
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
        const waited =
          timedOut === undefined
            ? undefined
            : `no ${forwarder ? 'stream chunk' : 'answer'} within ${timedOut} ms`
        const detail = `${base}: ${waited ?? text}`
        if (forwarder) {
          const message = `${detail} (the stream broke before [DONE])`
          return finish({ kind: 'retry', cause: 'stream', message, forwarded: forwarder.sent }, 'failure')
        }
        const cause: RetryCause =
          timedOut !== undefined ? 'timeout' : code && NETWORK_UNREACHABLE.has(code) ? 'unreachable' : 'reset'
        finish({ kind: 'retry', cause, message: detail }, 'failure')
      },
    }
    try {
      call.dispatchers.get(target.origin).dispatch(
        {
          path: `${call.rooted ? target.rootPath : target.basePath}${call.path}`,
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
