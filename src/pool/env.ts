/**
 * The request pool's environment variables, parsed with zod so a typo fails the run before the
 * first request, with a message naming the variable and quoting its value. No base URL means "no
 * real endpoint": the caller falls back to the simulator. The OpenAI SDK's own variables
 * (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`) are honoured each where its `ARBIGRAPH_*`
 * twin is absent, so a shell set up for another OpenAI-compatible tool never runs the simulator
 * by surprise; the `ARBIGRAPH_*` variable wins when both are set.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { envChoice, envInteger, envText, parseEnv } from '../env-fields.ts'
import { CACHE_MODES } from './cache.ts'
import type { RequestPoolOptions } from './gateway.ts'

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

/** The pool's variables, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const poolEnvShape = {
  ARBIGRAPH_BASE_URL: urlList,
  OPENAI_BASE_URL: urlList,
  ARBIGRAPH_API_KEY: envText,
  OPENAI_API_KEY: envText,
  ARBIGRAPH_MODEL: envText,
  OPENAI_MODEL: envText,
  ARBIGRAPH_MODEL_REVISION: envText,
  ARBIGRAPH_CONCURRENCY: envInteger('the global number of requests in flight', 1, 32),
  ARBIGRAPH_CACHE: envChoice(CACHE_MODES, 'readwrite'),
  ARBIGRAPH_CACHE_DIR: envText.transform((dir) => dir ?? '.arbigraph'),
  ARBIGRAPH_REQUEST_TIMEOUT_MS: envInteger('a per-attempt timeout in ms', 1, 600_000),
  ARBIGRAPH_IDLE_TIMEOUT_MS: envInteger('the longest silence between two stream chunks in ms', 1, 120_000),
  ARBIGRAPH_MAX_RETRIES: envInteger('a number of retries after the first attempt', 0, 3),
}

const envSchema = z.object(poolEnvShape)

/** The parsed variables. */
export interface PoolEnv {
  /** ARBIGRAPH_BASE_URL (else OPENAI_BASE_URL) split on commas, trailing slashes removed; empty = use the simulator. */
  baseUrls: string[]
  /** The variable `baseUrls` came from, for messages about the endpoint. */
  baseUrlVariable: 'ARBIGRAPH_BASE_URL' | 'OPENAI_BASE_URL'
  /** ARBIGRAPH_API_KEY, else OPENAI_API_KEY. */
  apiKey: string | undefined
  /** ARBIGRAPH_MODEL, else OPENAI_MODEL. */
  model: string | undefined
  /** ARBIGRAPH_MODEL_REVISION: part of the cache key, for a model swapped in place behind one name and path. */
  revision: string | undefined
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
  const e = parseEnv(envSchema, env, 'invalid request pool environment')
  const own = e.ARBIGRAPH_BASE_URL.length > 0 || e.OPENAI_BASE_URL.length === 0
  return {
    baseUrls: own ? e.ARBIGRAPH_BASE_URL : e.OPENAI_BASE_URL,
    baseUrlVariable: own ? 'ARBIGRAPH_BASE_URL' : 'OPENAI_BASE_URL',
    apiKey: e.ARBIGRAPH_API_KEY ?? e.OPENAI_API_KEY,
    model: e.ARBIGRAPH_MODEL ?? e.OPENAI_MODEL,
    revision: e.ARBIGRAPH_MODEL_REVISION,
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
