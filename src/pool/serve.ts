/**
 * How the request pool answers one client request: replay it from the cache, or send it
 * upstream under the global limit with bounded retries, then answer, store and log. Only a
 * complete answer is stored (`complete-answer.ts`), and a stored one that is not complete (left
 * by an older version) is asked again. When the last attempt fails the client gets a JSON error
 * in the OpenAI shape with `type: 'arbigraph_pool_error'` and a `code` naming the cause (timeout
 * 504; reset, unreachable, incomplete answer or failed stream 502; a retryable status passed on
 * as is), plus `x-should-retry: false` so the OpenAI SDK in the worker does not multiply the
 * pool's retries by its own. A stream whose headers already went out gets the same error as a
 * `data: {"error": …}` event and `[DONE]`, the way vLLM reports a failure mid-stream. A stream
 * that fails after some of its events reached the client is retried only for a client that
 * sent `RESTART_HEADER`: it gets an `arbigraph.restart` event, then the new attempt's events.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { RESTART_EVENT, RESTART_HEADER } from '../endpoint/completion-stream.ts'
import type { AttemptOutcome, UpstreamCall } from './attempt.ts'
import { cancelCall, cancellable, runAttempt } from './attempt.ts'
import type { CachedResponse, RequestFacts } from './cache.ts'
import { describeRequest } from './cache.ts'
import { judgeAnswer } from './complete-answer.ts'
import type { PoolContext } from './gateway.ts'
import { retryDelay } from './retry.ts'
import type { TranscriptEntry } from './transcript.ts'
import { usageOf } from './transcript.ts'

const POOL_ERROR_STATUS = {
  timeout: 504,
  reset: 502,
  unreachable: 502,
  incomplete: 502,
  stream: 502,
} as const

interface Settled {
  outcome: AttemptOutcome
  attempts: number
  upstream: string | null
}

/** The whole request body; event listeners rather than `for await`, which costs more per request. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
    req.once('error', reject)
    req.once('close', () => req.complete || reject(new Error('the client left mid-request')))
  })
}

function upstreamHeaders(ctx: PoolContext, req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': req.headers['content-type'] ?? 'application/json',
  }
  if (req.headers.accept) headers.accept = req.headers.accept
  const auth = ctx.apiKey ? `Bearer ${ctx.apiKey}` : req.headers.authorization
  if (auth) headers.authorization = auth
  return headers
}

const markers = (cache: 'hit' | 'miss', attempts: number, upstream: string | null) => ({
  'x-arbigraph-cache': cache,
  'x-arbigraph-attempts': String(attempts),
  'x-arbigraph-upstream': upstream ?? 'none',
})

/** Tells a restart-aware client that the events so far are void and a new attempt follows. */
function announceRestart(call: UpstreamCall, attempt: number, reason: string): void {
  if (call.client.destroyed) return
  const data = JSON.stringify({ attempt: attempt + 1, reason })
  call.client.write(`event: ${RESTART_EVENT}\ndata: ${data}\n\n`)
}

async function attemptWithRetries(
  ctx: PoolContext,
  call: UpstreamCall,
  restartable: boolean,
): Promise<Settled> {
  let upstream: string | null = null
  for (let attempt = 1; ; attempt++) {
    // A free permit is taken at once; only a full limiter costs a cancellable wait.
    let release = call.cancelled ? undefined : ctx.limiter.tryAcquire()
    if (!release) {
      try {
        release = await cancellable(call, (signal) => ctx.limiter.acquire(signal))
      } catch {
        return {
          outcome: { kind: 'aborted', message: 'aborted while queued' },
          attempts: attempt - 1,
          upstream,
        }
      }
    }
    const lease = ctx.upstreams.lease()
    upstream = lease.upstream.url
    ctx.stats.upstreamRequests++
    let outcome: AttemptOutcome
    try {
      call.attempt = attempt
      outcome = await runAttempt(call, lease)
    } finally {
      release()
    }
    if (outcome.kind !== 'retry' || attempt >= ctx.policy.maxAttempts)
      return { outcome, attempts: attempt, upstream }
    // Events the client already holds cannot be taken back, except by a client that understands restarts.
    if (outcome.forwarded) {
      if (!restartable) return { outcome, attempts: attempt, upstream }
      announceRestart(call, attempt, outcome.message)
    }
    ctx.stats.retries++
    const delay = retryDelay(attempt - 1, ctx.policy, ctx.random, outcome.retryAfterMs)
    try {
      await cancellable(call, (signal) => ctx.sleep(delay, signal))
    } catch {
      return { outcome: { kind: 'aborted', message: 'aborted between retries' }, attempts: attempt, upstream }
    }
  }
}

function poolError(settled: Settled, closing: boolean): { status: number; code: string; message: string } {
  const { outcome, attempts } = settled
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`
  if (outcome.kind === 'retry') {
    const status = outcome.status ?? POOL_ERROR_STATUS[outcome.cause as keyof typeof POOL_ERROR_STATUS] ?? 502
    const code = outcome.cause === 'status' ? 'upstream_status' : `upstream_${outcome.cause}`
    return { status, code, message: `arbigraph pool: gave up after ${tries}: ${outcome.message}` }
  }
  const reason = closing
    ? 'the request pool is closing'
    : outcome.kind === 'aborted'
      ? outcome.message
      : 'unknown'
  return { status: 503, code: 'pool_closed', message: `arbigraph pool: ${reason} (after ${tries})` }
}

type TranscriptOutcome = Pick<TranscriptEntry, 'upstream' | 'status' | 'attempts' | 'cache' | 'error'>

interface Exchange {
  ctx: PoolContext
  res: ServerResponse
  method: string
  path: string
  /** Key, model and stream flag; only computed when the cache or the transcript needs them. */
  facts: RequestFacts | undefined
  cacheable: boolean
  /** When the request arrived (wall clock, for the transcript) and on the monotonic clock. */
  ts: number
  started: number
  /** The transcript line's number, given on arrival (0 without a transcript). */
  id: number
}

/** Appends the transcript line, if there is a transcript; `answer` (a 200 body) supplies the usage. */
function log(ex: Exchange, rest: TranscriptOutcome, answer?: { body: string; stream: boolean }): void {
  const { ctx, facts } = ex
  if (ctx.transcript.path === undefined || facts === undefined) return
  const entry: TranscriptEntry = {
    ts: new Date(ex.ts).toISOString(),
    id: ex.id,
    method: ex.method,
    path: ex.path,
    key: facts.key,
    model: facts.model,
    stream: facts.stream,
    ...rest,
    usage: answer ? usageOf(answer.body, answer.stream) : undefined,
    latencyMs: performance.now() - ex.started,
  }
  ctx.transcript.record(entry).catch(() => {})
}

/** A stored answer that passes the caching rule (entries from older versions may not). */
function usable(ex: Exchange, hit: CachedResponse): boolean {
  const path = ex.path.startsWith('/v1') ? ex.path.slice(3) : ex.path
  return judgeAnswer({ path, stream: hit.stream, contentType: hit.contentType, body: hit.body }).complete
}

/**
 * Where a replayed answer came from: who gave it (URI-encoded: a header is Latin-1) and when;
 * either is left out when the line (an older cache's, or an edited one) lacks it.
 */
const provenance = (hit: CachedResponse): Record<string, string> => ({
  ...(typeof hit.at === 'string' ? { 'x-arbigraph-cached-at': encodeURIComponent(hit.at) } : {}),
  ...(typeof hit.server === 'string' ? { 'x-arbigraph-cached-from': encodeURIComponent(hit.server) } : {}),
})

function replay(ex: Exchange, hit: CachedResponse): void {
  ex.ctx.stats.cacheHits++
  ex.res.writeHead(200, {
    'content-type': hit.contentType,
    ...markers('hit', 0, 'cache'),
    ...provenance(hit),
  })
  ex.res.end(hit.body)
  log(ex, { upstream: 'cache', status: 200, attempts: 0, cache: 'hit' }, hit)
}

async function deliver(ex: Exchange, settled: Settled): Promise<void> {
  const { ctx, res } = ex
  const { outcome, attempts, upstream } = settled
  const cache = ctx.cache.mode === 'off' ? 'off' : 'miss'
  if (outcome.kind === 'answer') {
    const { status, contentType, stream, body } = outcome
    // Stored before the client sees the end, so an answer a client got is never re-sent on resume.
    if (status === 200 && ex.cacheable && ex.facts && ctx.cache.mode !== 'off')
      await ctx.cache.put({
        key: ex.facts.key,
        status,
        contentType,
        stream,
        body,
        ...(ctx.cacheServer === undefined ? {} : { server: ctx.cacheServer }),
      })
    if (outcome.streamed) res.end('data: [DONE]\n\n')
    else if (res.headersSent) {
      // A retry after a started stream ended in a whole answer (a 400, say): report it inside the stream.
      const message = `arbigraph pool: ${upstream} answered ${status} after the stream had started: ${body.slice(0, 300)}`
      sendPoolError(res, { status, code: 'upstream_status', message }, {})
    } else {
      res.writeHead(status, { 'content-type': contentType, ...markers('miss', attempts, upstream) })
      res.end(body)
    }
    return log(ex, { upstream, status, attempts, cache }, status === 200 ? { body, stream } : undefined)
  }
  ctx.stats.failures++
  const error = poolError(settled, ctx.closing !== undefined)
  sendPoolError(res, error, markers('miss', attempts, upstream))
  log(ex, {
    upstream,
    status: error.status,
    attempts,
    cache,
    error: { code: error.code, message: error.message },
  })
}

function sendPoolError(
  res: ServerResponse,
  error: { status: number; code: string; message: string },
  headers: Record<string, string>,
): void {
  const body = {
    error: { message: error.message, type: 'arbigraph_pool_error', param: null, code: error.code },
  }
  if (res.destroyed) return
  if (res.headersSent) {
    // A stream already started: report the failure inside it, as vLLM does, so no client takes it for an answer.
    res.end(`data: ${JSON.stringify(body)}\n\ndata: [DONE]\n\n`)
    return
  }
  res.writeHead(error.status, { 'content-type': 'application/json', 'x-should-retry': 'false', ...headers })
  res.end(JSON.stringify(body))
}

/** Whether a request body asks for a stream (parsed only when no cache key did it already). */
function asksForStream(raw: Buffer, facts: RequestFacts | undefined): boolean {
  if (facts) return facts.stream
  if (!raw.includes('"stream"')) return false
  try {
    return (JSON.parse(raw.toString('utf8')) as { stream?: unknown })?.stream === true
  } catch {
    return false
  }
}

function upstreamCall(
  ctx: PoolContext,
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  stream: boolean,
): UpstreamCall {
  const path = req.url ?? '/'
  const method = req.method ?? 'GET'
  const versioned = path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?')
  return {
    method,
    path: versioned ? path.slice(3) : path,
    rooted: !versioned,
    stream,
    headers: upstreamHeaders(ctx, req),
    body: method === 'GET' || method === 'HEAD' ? undefined : raw,
    timeoutMs: ctx.timeoutMs,
    idleTimeoutMs: ctx.idleTimeoutMs,
    dispatchers: ctx.dispatchers,
    client: res,
    streamStarted: false,
    onPause: () => void ctx.stats.streamPauses++,
    attempt: 0,
    streamHeaders: (upstream, attempt) => ({
      'content-type': 'text/event-stream',
      ...markers('miss', attempt, upstream),
    }),
    now: ctx.now,
    cancelled: ctx.closing,
    interrupt: undefined,
  }
}

/**
 * Answers one client request through the pool; never throws.
 * @example createServer((req, res) => void serveRequest(context, req, res))
 */
export async function serveRequest(
  ctx: PoolContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now()
  const ts = ctx.now()
  ctx.stats.requests++
  try {
    const raw = await readBody(req)
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    // The key costs a parse, a canonical re-serialization and a hash: only when something reads it.
    const needsFacts = ctx.cache.mode !== 'off' || ctx.transcript.path !== undefined
    const facts = needsFacts ? describeRequest(method, path, raw.toString('utf8'), ctx.cacheScope) : undefined
    const id = ctx.transcript.path === undefined ? 0 : ctx.nextId()
    const ex: Exchange = { ctx, res, method, path, facts, cacheable: method === 'POST', ts, started, id }
    const hit = ex.cacheable && facts ? await ctx.cache.get(facts.key) : undefined
    if (hit && usable(ex, hit)) return replay(ex, hit)
    if (hit) ctx.cache.drop(hit.key)
    const call = upstreamCall(ctx, req, res, raw, asksForStream(raw, facts))
    const clientLeft = () => res.writableFinished || cancelCall(call, new Error('the client went away'))
    res.once('close', clientLeft)
    ctx.live.add(call)
    try {
      const settled = await attemptWithRetries(ctx, call, req.headers[RESTART_HEADER] === '1')
      await deliver(ex, settled)
    } finally {
      ctx.live.delete(call)
    }
  } catch (error) {
    ctx.stats.failures++
    const message = `arbigraph pool: internal error: ${error instanceof Error ? error.message : String(error)}`
    sendPoolError(res, { status: 500, code: 'pool_internal', message }, {})
  }
}
