/**
 * One JSON POST to a plain-HTTP endpoint (the request pool's loopback gateway, the simulator, a
 * vLLM server on the local network), read whole. This is the agent's hot path, so it is an
 * undici connection pool driven through `dispatch` with a handler that collects the answer's
 * chunks: no `fetch`, no streams, no per-request AbortController, one timer. Measured here (two
 * cores, 4 KB requests over loopback): about 40 µs of client CPU per exchange, against about
 * 75 µs for `node:http` with a keep-alive agent and about 1 ms for the openai SDK over a fetch
 * adapter; the agent sends hundreds of turns per second through the pool, on the same cores as
 * the pool (and, in tests and benchmarks, the simulator).
 *
 * A connection the server closed between requests fails before any answer arrives; that case is
 * resent once: the pool cancels a request whose client went away, and a model server that did
 * get it only spends a generation. A plain POST's timeout covers the whole exchange; a streamed
 * one (`postStream`) hands each chunk of a 2xx event stream to a sink and is timed from chunk to
 * chunk (the caller says how long the next silence may last), so a long generation is never cut
 * while a stalled one is.
 * Reference: undici docs, `Dispatcher.dispatch` (DispatchHandler, DispatchController), `Pool`.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Pool } from 'undici'
import { openConnections } from '../../connections.ts'

/** Where the requests of one endpoint go, parsed once. */
export interface PostTarget {
  /** `http://host:port`: one connection pool per origin, shared by every target on it. */
  origin: string
  path: string
  /** Sent with every request (content type, authorization, …). */
  headers: Record<string, string>
}

/** The answer, whatever its status. */
export interface PostReply {
  status: number
  headers: IncomingHttpHeaders
  /** The body; empty when it went to a stream sink instead. */
  text: string
  /** True when the body was a 2xx event stream handed to the sink. */
  streamed: boolean
}

/** Where a streamed POST sends its chunks, and how long it may wait for the next one. */
export interface StreamSink {
  /** Receives each chunk of a 2xx `text/event-stream` answer. */
  write(chunk: Buffer): void
  /** The silence allowed before the next chunk, ms (asked again after every chunk). */
  nextWaitMs(): number
}

const pools = new Map<string, Pool>()

function poolFor(origin: string): Pool {
  let pool = pools.get(origin)
  if (!pool) {
    pool = openConnections(origin)
    pools.set(origin, pool)
  }
  return pool
}

/**
 * The target for `url` (an `http:` URL) with fixed `headers`.
 * @example postTarget('http://127.0.0.1:4000/v1/chat/completions', { authorization: 'Bearer x' }).path // '/v1/chat/completions'
 */
export function postTarget(url: string, headers: Record<string, string>): PostTarget {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:') throw new Error(`postTarget: not an http: URL: "${url}"`)
  return {
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    headers: { 'content-type': 'application/json', ...headers },
  }
}

const timeoutError = (ms: number, streaming: boolean) =>
  Object.assign(new Error(streaming ? `no stream chunk within ${ms} ms` : `no answer within ${ms} ms`), {
    code: 'ETIMEDOUT',
  })
const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error
    ? signal.reason
    : Object.assign(new Error('the request was aborted'), { name: 'AbortError' })

/** undici's codes for a connection that closed or failed under a request. */
const CONNECTION_LOST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'])

function attempt(
  target: PostTarget,
  payload: Buffer,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  retried: boolean,
  sink?: StreamSink,
): Promise<PostReply> {
  return new Promise((resolve, reject) => {
    let controller: { abort(reason: Error): void } | undefined
    let stopped: Error | undefined
    let answered = false
    let streaming = false
    let status = 0
    let headers: IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    const stop = (error: Error) => {
      stopped ??= error
      controller?.abort(error)
    }
    const settle = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => stop(abortError(signal!))
    const arm = (ms: number) => setTimeout(() => stop(timeoutError(ms, streaming)), ms)
    let timer = arm(timeoutMs)
    if (signal) {
      if (signal.aborted) stopped = abortError(signal)
      else signal.addEventListener('abort', onAbort, { once: true })
    }
    poolFor(target.origin).dispatch(
      { path: target.path, method: 'POST', headers: target.headers, body: payload },
      {
        onRequestStart(c) {
          controller = c
          if (stopped) c.abort(stopped)
        },
        onResponseStart(_c, statusCode, responseHeaders) {
          answered = true
          status = statusCode
          headers = responseHeaders
          streaming =
            sink !== undefined &&
            status >= 200 &&
            status < 300 &&
            String(responseHeaders['content-type'] ?? '').includes('text/event-stream')
          if (streaming) {
            clearTimeout(timer)
            timer = arm(sink!.nextWaitMs())
          }
        },
        onResponseData(_c, chunk) {
          if (!streaming) return void chunks.push(chunk)
          clearTimeout(timer)
          sink!.write(chunk)
          timer = arm(sink!.nextWaitMs())
        },
        onResponseEnd() {
          settle()
          const text =
            chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
          resolve({ status, headers, text, streamed: streaming })
        },
        onResponseError(_c, error) {
          settle()
          const code = (error as { code?: string }).code
          if (stopped) reject(stopped)
          else if (!answered && !retried && code && CONNECTION_LOST.has(code))
            attempt(target, payload, timeoutMs, signal, true, sink).then(resolve, reject)
          else reject(error)
        },
      },
    )
  })
}

/**
 * POSTs `payload` (a JSON text) and reads the whole answer; rejects on a network failure, the
 * timeout (`code: 'ETIMEDOUT'`) or an abort (the signal's reason).
 * @example const reply = await postJson(target, JSON.stringify(body), 600_000)
 */
export function postJson(
  target: PostTarget,
  payload: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PostReply> {
  // A Buffer's bytes live outside the JS heap: the request holds them until its answer comes,
  // which with a slow model is long enough for an on-heap string to be promoted and collected
  // by a major GC.
  return attempt(target, Buffer.from(payload, 'utf8'), timeoutMs, signal, false)
}

/**
 * POSTs `payload` asking for an event stream: a 2xx `text/event-stream` answer goes chunk by
 * chunk to `sink`, timed from chunk to chunk by `sink.nextWaitMs()`; any other answer is read
 * whole into `text`. `firstByteMs` bounds the wait for the answer to start.
 * @example const reply = await postStream(target, JSON.stringify(body), 600_000, sink)
 */
export function postStream(
  target: PostTarget,
  payload: string,
  firstByteMs: number,
  sink: StreamSink,
  signal?: AbortSignal,
): Promise<PostReply> {
  return attempt(target, Buffer.from(payload, 'utf8'), firstByteMs, signal, false, sink)
}
