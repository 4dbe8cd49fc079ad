/**
 * The request pool's environment variables, parsed once at startup with zod so a typo fails
 * the run before the first request, with a message naming the variable and quoting its value.
 * No `ARBIGRAPH_BASE_URL` means "no real endpoint": the caller falls back to the simulator.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { ArbigraphError } from '../errors.ts'
import { CACHE_MODES } from './cache.ts'
import type { RequestPoolOptions } from './gateway.ts'

const integer = (what: string, min: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return fallback
      const value = Number(text.trim())
      if (Number.isInteger(value) && value >= min) return value
      ctx.addIssue({ code: 'custom', message: `expected ${what} (an integer ≥ ${min}), got "${text}"` })
      return z.NEVER
    })

const urlList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const urls = (text ?? '')
      .split(',')
      .map((url) => url.trim().replace(/\/+$/, ''))
      .filter((url) => url !== '')
    for (const url of urls) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
        ctx.addIssue({ code: 'custom', message: `expected comma-separated http(s) URLs, got "${url}"` })
    }
    return urls
  })

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()))

const envSchema = z.object({
  ARBIGRAPH_BASE_URL: urlList,
  ARBIGRAPH_API_KEY: optionalText,
  ARBIGRAPH_MODEL: optionalText,
  ARBIGRAPH_CONCURRENCY: integer('the global number of requests in flight', 1, 32),
  ARBIGRAPH_CACHE: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const mode = (text ?? '').trim() || 'readwrite'
      if ((CACHE_MODES as readonly string[]).includes(mode)) return mode as (typeof CACHE_MODES)[number]
      ctx.addIssue({ code: 'custom', message: `expected one of ${CACHE_MODES.join(', ')}, got "${text}"` })
      return z.NEVER
    }),
  ARBIGRAPH_CACHE_DIR: optionalText.transform((dir) => dir ?? '.arbigraph'),
  ARBIGRAPH_REQUEST_TIMEOUT_MS: integer('a per-attempt timeout in ms', 1, 600_000),
  ARBIGRAPH_IDLE_TIMEOUT_MS: integer('the longest silence between two stream chunks in ms', 1, 120_000),
  ARBIGRAPH_MAX_RETRIES: integer('a number of retries after the first attempt', 0, 3),
})

/** The parsed variables. */
export interface PoolEnv {
  /** ARBIGRAPH_BASE_URL split on commas, trailing slashes removed; empty = use the simulator. */
  baseUrls: string[]
  apiKey: string | undefined
  model: string | undefined
  /** @default 32 */
  concurrency: number
  /** @default 'readwrite' */
  cacheMode: (typeof CACHE_MODES)[number]
  /** @default '.arbigraph' */
  cacheDir: string
  /** The wait for an attempt's first bytes (a whole answer: for all of it). @default 600000 */
  requestTimeoutMs: number
  /** The longest silence between two chunks of a streamed answer. @default 120000 */
  idleTimeoutMs: number
  /** @default 3 */
  maxRetries: number
}

/**
 * Parses the pool's variables from `env`; throws ARBIGRAPH_BAD_CONFIG naming each bad variable.
 * @example readPoolEnv({ ARBIGRAPH_BASE_URL: 'http://a:8000/v1,http://b:8000/v1' }).baseUrls.length // 2
 */
export function readPoolEnv(env: Record<string, string | undefined> = process.env): PoolEnv {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `invalid request pool environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    baseUrls: e.ARBIGRAPH_BASE_URL,
    apiKey: e.ARBIGRAPH_API_KEY,
    model: e.ARBIGRAPH_MODEL,
    concurrency: e.ARBIGRAPH_CONCURRENCY,
    cacheMode: e.ARBIGRAPH_CACHE,
    cacheDir: e.ARBIGRAPH_CACHE_DIR,
    requestTimeoutMs: e.ARBIGRAPH_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: e.ARBIGRAPH_IDLE_TIMEOUT_MS,
    maxRetries: e.ARBIGRAPH_MAX_RETRIES,
  }
}

/**
 * Request pool options from the parsed environment: the cache at `<cacheDir>/responses.jsonl`,
 * the transcript at `<cacheDir>/transcripts/<runId>.jsonl`. `upstreams` must be non-empty
 * (start the simulator first and pass its URL when `baseUrls` is empty).
 * @example startRequestPool(poolOptionsFromEnv(readPoolEnv(), { runId: 'r1', upstreams: [simUrl] }))
 */
export function poolOptionsFromEnv(
  env: PoolEnv,
  options: { runId: string; upstreams?: string[] },
): RequestPoolOptions {
  return {
    upstreams: options.upstreams ?? env.baseUrls,
    apiKey: env.apiKey,
    concurrency: env.concurrency,
    cacheMode: env.cacheMode,
    cachePath: join(env.cacheDir, 'responses.jsonl'),
    transcriptPath: join(env.cacheDir, 'transcripts', `${options.runId}.jsonl`),
    requestTimeoutMs: env.requestTimeoutMs,
    idleTimeoutMs: env.idleTimeoutMs,
    retry: { maxAttempts: env.maxRetries + 1 },
  }
}
