import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import OpenAI from 'openai'
import { afterEach, describe, expect, test } from 'vitest'
import type { RequestPool, RequestPoolOptions } from '../../src/pool/index.ts'
import { readJsonLines, startRequestPool } from '../../src/pool/index.ts'
import type { FakeReply, FakeUpstream } from './fake-upstream.ts'
import { startFakeUpstream } from './fake-upstream.ts'

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close()
})

async function upstream(reply?: (n: number) => FakeReply): Promise<FakeUpstream> {
  const fake = await startFakeUpstream(reply ? { reply: (call) => reply(call.n) } : {})
  opened.push(fake)
  return fake
}

async function pool(options: RequestPoolOptions): Promise<RequestPool> {
  const started = await startRequestPool({ random: () => 0, ...options })
  opened.push(started)
  return started
}

const body = (content: string) => JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] })
const post = (base: string, content = 'x') =>
  fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body(content),
  })
// biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected ad hoc
const json = async (response: Response): Promise<any> => response.json()
const serverError = {
  status: 500,
  body: { error: { message: 'boom', type: 'InternalServerError', code: 500 } },
}

describe('request pool retries', () => {
  test('retries a 500 and answers with the later success', async () => {
    const fake = await upstream((n) => (n <= 2 ? serverError : 'ok'))
    const gateway = await pool({ upstreams: [fake.url] })
    const response = await post(gateway.url, 'r')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-arbigraph-attempts')).toBe('3')
    expect((await json(response)).choices[0].message.content).toBe('echo:r')
    expect(gateway.stats).toMatchObject({ requests: 1, upstreamRequests: 3, retries: 2, failures: 0 })
  })

  test.each([
    ['retry-after (seconds)', { 'retry-after': '1' }, 1000],
    ['retry-after-ms', { 'retry-after-ms': '300' }, 300],
  ])('honours %s on a 429', async (_, headers, waitMs) => {
    const busy = {
      status: 429,
      headers,
      body: { error: { message: 'slow down', type: 'RateLimitError', code: 429 } },
    }
    const fake = await upstream((n) => (n === 1 ? busy : 'ok'))
    const waits: number[] = []
    const sleep = async (ms: number) => void waits.push(ms)
    const gateway = await pool({ upstreams: [fake.url], random: () => 0.99, sleep })
    const response = await post(gateway.url)
    expect(response.status).toBe(200)
    expect(waits).toEqual([waitMs])
    // Backoff alone (base 250 ms, draw 0.99) would be shorter than a 1 s retry-after.
    expect(gateway.stats.retries).toBe(1)
  })

  test('retries a connection reset and a hang past the timeout, then succeeds', async () => {
    const fake = await upstream((n) => (n === 1 ? 'reset' : n === 2 ? 'hang' : 'ok'))
    const gateway = await pool({ upstreams: [fake.url], requestTimeoutMs: 1000 })
    const response = await post(gateway.url, 'h')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-arbigraph-attempts')).toBe('3')
  })

  test.each([
    ['hang', 504, 'upstream_timeout', 'no answer within 150 ms'],
    ['reset', 502, 'upstream_reset', 'the connection closed before the answer was complete'],
  ] as const)(
    'a %s on every attempt becomes a %i pool error naming the cause',
    async (reply, status, code, fragment) => {
      const fake = await upstream(() => reply)
      const transcriptPath = `${tmpdir()}/${randomUUID()}.jsonl`
      const gateway = await pool({
        upstreams: [fake.url],
        requestTimeoutMs: 150,
        retry: { maxAttempts: 3 },
        transcriptPath,
      })
      const response = await post(gateway.url)
      expect(response.status).toBe(status)
      expect(response.headers.get('x-should-retry')).toBe('false')
      const { error } = await json(response)
      expect(error).toMatchObject({ type: 'arbigraph_pool_error', code })
      expect(error.message).toContain('gave up after 3 attempts')
      expect(error.message).toContain(fragment)
      expect(fake.stats.requests).toBe(3)
      expect(gateway.stats.failures).toBe(1)
      await gateway.close()
      const [line] = (await readJsonLines(transcriptPath)).records
      expect(line).toMatchObject({ status, attempts: 3, upstream: fake.url, error: { code } })
    },
  )

  test('a 5xx on every attempt passes the last status on with the upstream message', async () => {
    const fake = await upstream(() => ({ ...serverError, status: 503 }))
    const gateway = await pool({ upstreams: [fake.url], retry: { maxAttempts: 2 } })
    const client = new OpenAI({ baseURL: gateway.url, apiKey: 'k' })
    const error = await client.chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(503)
    expect((error as Error).message).toContain('answered 503')
    // x-should-retry: false stops the SDK's own retries (default 2) from multiplying ours.
    expect(fake.stats.requests).toBe(2)
  })

  test('closing the pool answers a hanging request at once instead of waiting', async () => {
    const fake = await upstream(() => 'hang')
    const gateway = await startRequestPool({ upstreams: [fake.url], requestTimeoutMs: 600_000 })
    const pending = post(gateway.url)
    while (fake.stats.inFlight === 0) await new Promise((ok) => setImmediate(ok))
    await gateway.close()
    // Waiting for the 60 s timeout instead would outlast the test's own timeout.
    const response = await pending
    expect(response.status).toBe(503)
    expect((await json(response)).error.code).toBe('pool_closed')
  })
})

describe('request pool streams and credentials', () => {
  test('a stream that breaks after it reached a client that cannot restart ends in an error event, uncached', async () => {
    const fake = await upstream(() => 'torn-stream')
    const gateway = await pool({
      upstreams: [fake.url],
      cacheMode: 'readwrite',
      cachePath: `${tmpdir()}/${randomUUID()}.jsonl`,
    })
    const client = new OpenAI({ baseURL: gateway.url, apiKey: 'k', maxRetries: 0 })
    const read = async () => {
      const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true })
      for await (const _ of stream) {
        // drain: the break shows up as an error mid-iteration
      }
    }
    // The SDK reads the pool's `data: {"error": …}` event as the failure it is.
    await expect(read()).rejects.toThrow(/the stream broke before \[DONE\]/)
    expect(gateway.cache.size).toBe(0)
    expect(gateway.stats.failures).toBe(1)
    // Not retried by the pool: the first events had already reached a client that cannot discard them.
    expect(fake.stats.requests).toBe(1)
  })

  test('a client that can restart gets restart events and every retry, then the error event', async () => {
    const fake = await upstream(() => 'torn-stream')
    const gateway = await pool({
      upstreams: [fake.url],
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    })
    const response = await fetch(`${gateway.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-arbigraph-stream-restart': '1' },
      body: JSON.stringify({ model: 'm', messages: [], stream: true }),
    })
    const text = await response.text()
    expect(text.match(/event: arbigraph\.restart/g)).toHaveLength(2)
    expect(text).toMatch(
      /data: \{"error":\{"message":"arbigraph pool: gave up after 3 attempts: [^"]*the stream broke before \[DONE\]/,
    )
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true)
    expect(fake.stats.requests).toBe(3)
  })

  test('sends the configured API key upstream instead of the client one', async () => {
    const fake = await upstream()
    const gateway = await pool({ upstreams: [fake.url], apiKey: 'sk-upstream' })
    await fetch(`${gateway.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer from-worker' },
      body: body('k'),
    })
    expect(fake.calls[0]).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-upstream' })
  })
})

describe('request pool endpoint health', () => {
  test('ejects a failing endpoint, then lets one probe through after the cool-down and recovers', async () => {
    let broken = true
    const sick = await upstream(() => (broken ? serverError : 'ok'))
    const well = await upstream()
    let clock = 0
    const gateway = await pool({
      upstreams: [sick.url, well.url],
      ejectAfter: 2,
      cooldownMs: 1000,
      now: () => clock,
    })
    for (let i = 0; i < 10; i++) expect((await post(gateway.url, `e${i}`)).status).toBe(200)
    expect(sick.stats.requests).toBe(2)
    expect(gateway.stats.byUpstream[sick.url]).toMatchObject({ state: 'ejected', ejections: 1, failures: 2 })
    broken = false
    clock = 1000
    expect((await post(gateway.url, 'probe')).headers.get('x-arbigraph-upstream')).toBe(sick.url)
    expect(gateway.stats.byUpstream[sick.url]?.state).toBe('healthy')
    for (let i = 0; i < 4; i++) await post(gateway.url, `after${i}`)
    expect(sick.stats.requests).toBe(5)
  })
})
