/**
 * The request pool: a loopback gateway between test workers and the model endpoints that
 * holds the global concurrency limit, balances and ejects endpoints, retries transient
 * failures, replays cached answers (resume) and writes a per-run transcript.
 */
export type { AppendLog, JsonLines, ScanReport } from './append-log.ts'
export { openAppendLog, readJsonLines, scanJsonLines } from './append-log.ts'
export type { CachedResponse, CacheMode, ResponseCache } from './cache.ts'
export { CACHE_MODES, openResponseCache, requestKey } from './cache.ts'
export type { PoolEnv } from './env.ts'
export { poolOptionsFromEnv, readPoolEnv } from './env.ts'
export type { RequestPool, RequestPoolOptions, RequestPoolStats, UpstreamStats } from './gateway.ts'
export { startRequestPool } from './gateway.ts'
export type { Limiter, Release } from './limiter.ts'
export { createLimiter } from './limiter.ts'
export type { RetryCause, RetryPolicy } from './retry.ts'
export {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
} from './retry.ts'
export type { Transcript, TranscriptEntry, Usage } from './transcript.ts'
export { openTranscript, usageOf } from './transcript.ts'
export type { AttemptHealth, UpstreamLease, UpstreamState, Upstreams } from './upstreams.ts'
export { createUpstreams } from './upstreams.ts'
