/**
 * One attempt of one request against one upstream, under its own timeout. It uses node:http
 * with a keep-alive agent rather than `fetch`: on this machine undici's fetch managed about
 * 300 loopback requests/s against 3,000 for `http.request`, and the pool sits on every agent
 * turn. A successful answer is read whole (JSON) or, when it is an SSE stream, forwarded to
 * the client chunk by chunk while being collected for the cache; the timeout then counts from
 * the last chunk, so a long generation is not cut while a stalled one is. Failures come back
 * as data (timeout, reset, unreachable, retryable status) for the retry loop to judge; a stream
 * that breaks after its first bytes reached the client cannot be retried and is `broken`.
 */
import type { Agent, IncomingMessage, ServerResponse } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { RetryCause } from './retry.ts'
import { isRetryableStatus, parseRetryAfter } from './retry.ts'
import type { AttemptHealth, UpstreamLease } from './upstreams.ts'

/** What the gateway sends upstream. */
export interface UpstreamCall {
  method: string
  /** The path after the pool's `/v1` prefix, with query string. */
  path: string
  headers: Record<string, string>
  body: Buffer | undefined
  timeoutMs: number
  /** Aborted when the client leaves or the pool closes. */
  signal: AbortSignal
  /** Detaches `signal` from the pool's close signal once the request is done. */
  unlink: () => void
  /** 1-based number of the attempt being made. */
  attempt: number
  /** Keep-alive agents, by protocol. */
  agents: { http: Agent; https: Agent }
  /** Where a successful SSE stream is forwarded. */
  client: ServerResponse
  /** Headers for the client when the stream starts. */
  streamHeaders: (upstream: string, attempt: number) => Record<string, string>
  now: () => number
}

export type AttemptOutcome =
  | { kind: 'answer'; status: number; contentType: string; body: string; stream: boolean; streamed: boolean }
  | { kind: 'retry'; cause: RetryCause; status?: number; message: string; retryAfterMs?: number }
  | { kind: 'broken'; message: string }
  | { kind: 'aborted'; message: string }

const NETWORK_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

function send(url: URL, call: UpstreamCall, signal: AbortSignal): Promise<IncomingMessage> {
  const https = url.protocol === 'https:'
  const request = https ? httpsRequest : httpRequest
  const agent = https ? call.agents.https : call.agents.http
  return new Promise((resolve, reject) => {
    const req = request(url, { method: call.method, headers: call.headers, agent, signal }, resolve)
    req.once('error', reject)
    req.end(call.body)
  })
}

const midResponse = () => Object.assign(new Error('connection closed mid-response'), { code: 'ECONNRESET' })

/** A streamed body, forwarded chunk by chunk (with backpressure) as it is collected. */
async function readStream(response: IncomingMessage, onChunk: (chunk: Buffer) => Promise<void>) {
  const chunks: Buffer[] = []
  for await (const chunk of response) {
    chunks.push(chunk as Buffer)
    await onChunk(chunk as Buffer)
  }
  // A socket closed mid-body can end the iteration quietly instead of throwing.
  if (!response.complete) throw midResponse()
  return Buffer.concat(chunks).toString('utf8')
}

/** A whole body; event listeners rather than `for await`, which costs more per request. */
function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.once('end', () =>
      response.complete ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(midResponse()),
    )
    response.once('error', reject)
    response.once('close', () => response.complete || reject(midResponse()))
  })
}

function forwardChunk(client: ServerResponse, rearm: () => void) {
  return async (chunk: Buffer) => {
    rearm()
    if (!client.write(chunk)) await new Promise((ok) => client.once('drain', ok))
  }
}

/**
 * Aborts `child` when `parent` aborts, until the returned unlink is called. Cheaper than
 * `AbortSignal.any` on the hot path, and it leaves nothing attached to a long-lived parent.
 * @example const unlink = linkAbort(pool.closing, attempt); try { … } finally { unlink() }
 */
export function linkAbort(parent: AbortSignal, child: AbortController): () => void {
  if (parent.aborted) {
    child.abort(parent.reason)
    return () => {}
  }
  const forward = () => child.abort(parent.reason)
  parent.addEventListener('abort', forward, { once: true })
  return () => parent.removeEventListener('abort', forward)
}

/**
 * Runs one attempt on `lease.upstream`, settling the lease with the attempt's health.
 * @example const outcome = await runAttempt(call, upstreams.lease())
 */
export async function runAttempt(call: UpstreamCall, lease: UpstreamLease): Promise<AttemptOutcome> {
  const base = lease.upstream.url
  const timeout = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const rearm = () => {
    clearTimeout(timer)
    timer = setTimeout(
      () => timeout.abort(new Error(`no answer within ${call.timeoutMs} ms`)),
      call.timeoutMs,
    )
  }
  let health: AttemptHealth = 'failure'
  let streaming = false
  rearm()
  const unlink = linkAbort(call.signal, timeout)
  try {
    const response = await send(new URL(`${base}${call.path}`), call, timeout.signal)
    const status = response.statusCode ?? 0
    const contentType = response.headers['content-type'] ?? 'application/json'
    const stream = contentType.includes('text/event-stream')
    const ok = status >= 200 && status < 300
    if (ok && stream) {
      streaming = true
      call.client.writeHead(status, call.streamHeaders(base, call.attempt))
      const body = await readStream(response, forwardChunk(call.client, rearm))
      health = 'success'
      return { kind: 'answer', status, contentType, body, stream, streamed: true }
    }
    const body = await readBody(response)
    if (ok || !isRetryableStatus(status)) {
      health = ok ? 'success' : 'neutral'
      return { kind: 'answer', status, contentType, body, stream, streamed: false }
    }
    // 429 says "busy", not "broken": it must not eject an otherwise healthy endpoint.
    health = status >= 500 ? 'failure' : 'neutral'
    const retryAfterMs = parseRetryAfter(response.headers, call.now())
    const message = `${base} answered ${status}: ${body.slice(0, 300)}`
    return { kind: 'retry', cause: 'status', status, message, retryAfterMs }
  } catch (error) {
    if (call.signal.aborted) {
      health = 'neutral'
      return {
        kind: 'aborted',
        message: String((call.signal.reason as Error)?.message ?? call.signal.reason),
      }
    }
    const timedOut = timeout.signal.aborted
    const code = (error as { code?: string } | null)?.code
    const detail = timedOut
      ? `${base}: no answer within ${call.timeoutMs} ms`
      : `${base}: ${code ?? (error as Error)?.message ?? String(error)}`
    if (streaming) return { kind: 'broken', message: `stream broke after it started: ${detail}` }
    const cause: RetryCause = timedOut
      ? 'timeout'
      : code && NETWORK_UNREACHABLE.has(code)
        ? 'unreachable'
        : 'reset'
    return { kind: 'retry', cause, message: detail }
  } finally {
    unlink()
    clearTimeout(timer)
    lease.done(health)
  }
}
