/**
 * The request pool: a loopback HTTP gateway that Vitest's globalSetup starts in the main
 * process. Every test worker points its OpenAI client at it, so one place holds the global
 * limit on requests in flight, balances the endpoints, retries transient failures, replays
 * cached answers (resume) and writes the transcript. A Vitest custom pool could share a
 * semaphore too, but only between threads and through an experimental API; an HTTP gateway
 * works with any pool, any worker count and any client.
 * Reference: docs/research/ecosystem-anchors.md §A1 (gateway vs custom pool, measured).
 */

import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleepFor } from 'node:timers/promises'
import type { Dispatchers, UpstreamCall } from './attempt.ts'
import { cancelCall, createDispatchers } from './attempt.ts'
import type { CacheMode, ResponseCache } from './cache.ts'
import { openResponseCache } from './cache.ts'
import type { Limiter } from './limiter.ts'
import { createLimiter } from './limiter.ts'
import type { RetryPolicy } from './retry.ts'
import { DEFAULT_RETRY_POLICY } from './retry.ts'
import { serveRequest } from './serve.ts'
import type { Transcript } from './transcript.ts'
import { openTranscript } from './transcript.ts'
import type { UpstreamState, Upstreams } from './upstreams.ts'
import { createUpstreams } from './upstreams.ts'

export interface RequestPoolOptions {
  /** Base URLs of the model endpoints, each ending where `/chat/completions` is appended (`…/v1`). */
  upstreams: string[]
  /** Sent as `Authorization: Bearer …` upstream; otherwise the client's header is forwarded. */
  apiKey?: string
  /** The global limit on upstream requests in flight. @default 32 */
  concurrency?: number
  /** @default 'readwrite' with a `cachePath`, else 'off' */
  cacheMode?: CacheMode
  /** The JSONL response cache. */
  cachePath?: string
  /**
   * Part of every cache key besides the request: who answers (the run identity's scope, see
   * src/endpoint/model-identity.ts, or the simulator's settings). @default ''
   */
  cacheScope?: string
  /** Who answers, in words: stored with each answer and sent back with its replays. */
  cacheServer?: string
  /** This run's JSONL transcript; none when absent. */
  transcriptPath?: string
  /** The wait for an attempt's first bytes (a whole answer: for all of it), in ms. @default 600000 */
  requestTimeoutMs?: number
  /** The wait for the next chunk once a stream flows, in ms. @default 120000 */
  idleTimeoutMs?: number
  /** @default DEFAULT_RETRY_POLICY */
  retry?: Partial<RetryPolicy>
  /** Consecutive failures that eject an endpoint. @default 3 */
  ejectAfter?: number
  /** Ejection cool-down, in ms. @default 5000 */
  cooldownMs?: number
  /** Uniform [0, 1) source for backoff jitter. @default Math.random */
  random?: () => number
  /** Wall clock in ms, for retry-after dates and cool-downs. @default Date.now */
  now?: () => number
  /** How a backoff waits (tests record the waits instead of sleeping). @default node:timers/promises setTimeout */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** @default '127.0.0.1' */
  host?: string
  /** @default 0 (any free port) */
  port?: number
}

export interface UpstreamStats {
  requests: number
  outstanding: number
  failures: number
  ejections: number
  state: UpstreamState['state']
}

export interface RequestPoolStats {
  /** Upstream requests in flight now / at most so far (cache hits never count). */
  readonly inFlight: number
  readonly maxInFlight: number
  /** Client requests received. */
  requests: number
  /** Attempts sent upstream, retries included. */
  upstreamRequests: number
  cacheHits: number
  retries: number
  /** Client requests answered with a pool error after the last attempt. */
  failures: number
  /** Times a stream's upstream was paused because its client had not read what it was sent. */
  streamPauses: number
  readonly byUpstream: Record<string, UpstreamStats>
}

export interface RequestPool {
  /** The base URL for OpenAI clients, ending in `/v1`. */
  url: string
  stats: RequestPoolStats
  cache: ResponseCache
  transcript: Transcript
  /** Stops accepting, aborts in-flight upstream requests, flushes the cache and transcript. */
  close(): Promise<void>
}

/** Everything a request handler needs; built once per pool. */
export interface PoolContext {
  cacheScope: string
  cacheServer: string | undefined
  limiter: Limiter
  upstreams: Upstreams
  cache: ResponseCache
  transcript: Transcript
  stats: RequestPoolStats
  policy: RetryPolicy
  apiKey: string | undefined
  timeoutMs: number
  idleTimeoutMs: number
  random: () => number
  now: () => number
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  /** Set by `close()`: the reason every exchange still running is cancelled with. */
  closing: Error | undefined
  /** The upstream calls in progress, so that `close()` can cancel them. */
  live: Set<UpstreamCall>
  /** Connection pools to the upstreams, destroyed by `close()`. */
  dispatchers: Dispatchers
  nextId: () => number
}

function createStats(limiter: Limiter, upstreams: Upstreams): RequestPoolStats {
  return {
    get inFlight() {
      return limiter.inFlight
    },
    get maxInFlight() {
      return limiter.maxInFlight
    },
    requests: 0,
    upstreamRequests: 0,
    cacheHits: 0,
    retries: 0,
    failures: 0,
    streamPauses: 0,
    get byUpstream() {
      return Object.fromEntries(
        upstreams.list.map((u) => [
          u.url,
          {
            requests: u.requests,
            outstanding: u.outstanding,
            failures: u.failures,
            ejections: u.ejections,
            state: u.state,
          },
        ]),
      )
    },
  }
}

async function createContext(options: RequestPoolOptions): Promise<PoolContext> {
  const limiter = createLimiter(options.concurrency ?? 32)
  const now = options.now ?? Date.now
  const upstreams = createUpstreams(
    options.upstreams.map((url) => url.replace(/\/+$/, '')),
    { ejectAfter: options.ejectAfter, cooldownMs: options.cooldownMs, now },
  )
  const cacheMode = options.cacheMode ?? (options.cachePath ? 'readwrite' : 'off')
  const cache = await openResponseCache({ path: options.cachePath, mode: cacheMode })
  const transcript = await openTranscript(options.transcriptPath)
  let id = 0
  return {
    cacheScope: options.cacheScope ?? '',
    cacheServer: options.cacheServer,
    limiter,
    upstreams,
    cache,
    transcript,
    stats: createStats(limiter, upstreams),
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    apiKey: options.apiKey,
    timeoutMs: options.requestTimeoutMs ?? 600_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 120_000,
    random: options.random ?? Math.random,
    now,
    sleep: options.sleep ?? ((ms, signal) => sleepFor(ms, undefined, { signal })),
    closing: undefined,
    live: new Set(),
    dispatchers: createDispatchers(),
    nextId: () => ++id,
  }
}

/**
 * Starts the request pool on a loopback port.
 * @example
 * const pool = await startRequestPool({ upstreams: ['http://127.0.0.1:8000/v1'], concurrency: 16 })
 * const client = new OpenAI({ baseURL: pool.url, apiKey: 'unused', maxRetries: 0 })
 * await pool.close()
 */
export async function startRequestPool(options: RequestPoolOptions): Promise<RequestPool> {
  const context = await createContext(options)
  const handlers = new Set<Promise<void>>()
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const handled = serveRequest(context, req, res).finally(() => handlers.delete(handled))
    handlers.add(handled)
  })
  // Workers hold keep-alive sockets; a pool shut down mid-run must not wait for them.
  server.keepAliveTimeout = 5000
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => ok())
  })
  const { address, port } = server.address() as AddressInfo
  let closed: Promise<void> | undefined
  return {
    url: `http://${address}:${port}/v1`,
    stats: context.stats,
    cache: context.cache,
    transcript: context.transcript,
    close() {
      closed ??= (async () => {
        const stopped = new Promise<void>((ok) => server.close(() => ok()))
        const reason = new Error('the request pool is closing')
        context.closing = reason
        for (const call of context.live) cancelCall(call, reason)
        await Promise.allSettled([...handlers])
        server.closeAllConnections()
        await stopped
        await context.dispatchers.destroy()
        await context.cache.close()
        await context.transcript.close()
      })()
      return closed
    },
  }
}
