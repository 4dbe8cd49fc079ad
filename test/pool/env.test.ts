import { describe, expect, test } from 'vitest'
import { poolOptionsFromEnv, readPoolEnv } from '../../src/pool/env.ts'

describe('pool/env', () => {
  test('defaults with nothing set', () => {
    expect(readPoolEnv({})).toEqual({
      baseUrls: [],
      baseUrlVariable: 'ARBIGRAPH_BASE_URL',
      apiKey: undefined,
      model: undefined,
      concurrency: 32,
      cacheMode: 'readwrite',
      cacheDir: '.arbigraph',
      requestTimeoutMs: 600_000,
      idleTimeoutMs: 120_000,
      maxRetries: 3,
    })
  })

  test('reads every variable and splits the URL list', () => {
    const env = readPoolEnv({
      ARBIGRAPH_BASE_URL: 'http://a:8000/v1/, https://b/v1 ,',
      ARBIGRAPH_API_KEY: 'sk-x',
      ARBIGRAPH_MODEL: 'Qwen/Qwen3.5-27B',
      ARBIGRAPH_CONCURRENCY: '16',
      ARBIGRAPH_CACHE: 'read',
      ARBIGRAPH_CACHE_DIR: '/tmp/c',
      ARBIGRAPH_REQUEST_TIMEOUT_MS: '1000',
      ARBIGRAPH_MAX_RETRIES: '0',
    })
    expect(env).toMatchObject({
      baseUrls: ['http://a:8000/v1', 'https://b/v1'],
      concurrency: 16,
      maxRetries: 0,
    })
    const options = poolOptionsFromEnv(env, { runId: 'r1' })
    expect(options).toMatchObject({
      upstreams: ['http://a:8000/v1', 'https://b/v1'],
      apiKey: 'sk-x',
      cacheMode: 'read',
      cachePath: '/tmp/c/responses.jsonl',
      transcriptPath: '/tmp/c/transcripts/r1.jsonl',
      requestTimeoutMs: 1000,
      retry: { maxAttempts: 1 },
    })
  })

  test('OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL stand in for absent ARBIGRAPH_* twins', () => {
    const openai = { OPENAI_BASE_URL: 'http://o:8000/v1', OPENAI_API_KEY: 'sk-o', OPENAI_MODEL: 'o-model' }
    expect(readPoolEnv(openai)).toMatchObject({
      baseUrls: ['http://o:8000/v1'],
      baseUrlVariable: 'OPENAI_BASE_URL',
      apiKey: 'sk-o',
      model: 'o-model',
    })
    const both = readPoolEnv({
      ...openai,
      ARBIGRAPH_BASE_URL: 'http://a:8000/v1',
      ARBIGRAPH_API_KEY: 'sk-a',
      ARBIGRAPH_MODEL: 'a-model',
    })
    expect(both).toMatchObject({
      baseUrls: ['http://a:8000/v1'],
      baseUrlVariable: 'ARBIGRAPH_BASE_URL',
      apiKey: 'sk-a',
      model: 'a-model',
    })
    expect(() => readPoolEnv({ OPENAI_BASE_URL: 'api.example' })).toThrow(
      'OPENAI_BASE_URL: expected comma-separated http(s) URLs, got "api.example"',
    )
  })

  test.each([
    [
      'ARBIGRAPH_CONCURRENCY',
      'many',
      'ARBIGRAPH_CONCURRENCY: expected the global number of requests in flight',
    ],
    ['ARBIGRAPH_CONCURRENCY', '0', '(an integer ≥ 1), got "0"'],
    ['ARBIGRAPH_CACHE', 'yes', 'ARBIGRAPH_CACHE: expected one of off, read, write, readwrite, got "yes"'],
    ['ARBIGRAPH_BASE_URL', 'localhost:8000', 'ARBIGRAPH_BASE_URL: expected comma-separated http(s) URLs'],
    ['ARBIGRAPH_MAX_RETRIES', '-1', 'ARBIGRAPH_MAX_RETRIES: expected a number of retries'],
    ['ARBIGRAPH_REQUEST_TIMEOUT_MS', '1.5', 'ARBIGRAPH_REQUEST_TIMEOUT_MS: expected a per-attempt timeout'],
  ])('%s=%s is rejected with a message naming it', (name, value, fragment) => {
    try {
      readPoolEnv({ [name]: value })
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
      expect((error as Error).message).toContain(fragment)
    }
  })
})
