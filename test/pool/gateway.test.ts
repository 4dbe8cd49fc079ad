import { mkdtemp, readFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import OpenAI from 'openai'
import { afterEach, describe, expect, test } from 'vitest'
import type { RequestPool, RequestPoolOptions } from '../../src/pool/index.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import type { FakeUpstream } from './fake-upstream.ts'
import { bigStreamBytes, startFakeUpstream } from './fake-upstream.ts'

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close()
})

async function upstream(options: Parameters<typeof startFakeUpstream>[0] = {}): Promise<FakeUpstream> {
  const fake = await startFakeUpstream(options)
  opened.push(fake)
  return fake
}

async function pool(options: RequestPoolOptions): Promise<RequestPool> {
  const started = await startRequestPool({ random: () => 0, ...options })
  opened.push(started)
  return started
}

const tempDir = () => mkdtemp(join(tmpdir(), 'arbigraph-pool-'))
const chat = (content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: 'm', messages: [{ role: 'user', content }], ...extra })
const post = (base: string, body: string) =>
  fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('request pool gateway', () => {
  test('never has more than the limit in flight at the endpoint with 200 concurrent clients', async () => {
    // Answers go out in batches once 16 are waiting (or the last one came), so the limit is reached by count.
    const fake = await upstream({ holdUntil: (stats) => stats.inFlight >= 16 || stats.requests === 200 })
    const gateway = await pool({ upstreams: [fake.url], concurrency: 16 })
    const client = new OpenAI({ baseURL: gateway.url, apiKey: 'k', maxRetries: 0 })
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: `q${i}` }] }),
      ),
    )
    expect(answers.map((a) => a.choices[0]?.message.content)).toEqual(answers.map((_, i) => `echo:q${i}`))
    // Measured where it matters, at the endpoint: the limit was reached and never passed.
    expect(fake.stats.maxInFlight).toBe(16)
    expect(gateway.stats.maxInFlight).toBe(16)
    expect(gateway.stats).toMatchObject({ requests: 200, upstreamRequests: 200, cacheHits: 0, failures: 0 })
  })

  test('two client threads (like two Vitest workers) share the one limit of 16', async () => {
    const fake = await upstream({ holdUntil: (stats) => stats.inFlight >= 16 || stats.requests === 300 })
    const gateway = await pool({ upstreams: [fake.url], concurrency: 16 })
    const client = `
      const { parentPort, workerData } = require('node:worker_threads')
      const body = (i) => JSON.stringify({ model: 'm', messages: [{ role: 'user', content: workerData.name + i }] })
      Promise.all(Array.from({ length: 150 }, (_, i) =>
        fetch(workerData.url + '/chat/completions', { method: 'POST', body: body(i) }).then((r) => r.status),
      )).then((statuses) => parentPort.postMessage(statuses.filter((s) => s === 200).length))`
    const ok = await Promise.all(
      ['w1-', 'w2-'].map((name) => {
        const thread = new Worker(client, { eval: true, workerData: { url: gateway.url, name } })
        return new Promise((resolve, reject) => thread.once('message', resolve).once('error', reject))
      }),
    )
    expect(ok).toEqual([150, 150])
    expect(fake.stats.requests).toBe(300)
    expect(fake.stats.maxInFlight).toBe(16)
  })

  test('balances least-outstanding across three endpoints', async () => {
    // The middle endpoint holds its answers until every request has arrived somewhere.
    const fakes = [await upstream(), await upstream({ holdUntil: () => false }), await upstream()]
    const gateway = await pool({ upstreams: fakes.map((f) => f.url), concurrency: 6 })
    const arrived = () => fakes.reduce((sum, f) => sum + f.stats.requests, 0)
    const answers = Promise.all(
      Array.from({ length: 60 }, (_, i) => post(gateway.url, chat(`b${i}`)).then((r) => r.text())),
    )
    while (arrived() < 60) await new Promise((ok) => setImmediate(ok))
    fakes[1]!.release()
    await answers
    const [fast1, slow, fast2] = fakes.map((f) => f.stats.requests)
    expect(fast1! + slow! + fast2!).toBe(60)
    // The slow endpoint gets a share of the first burst, then stays busy, so the two fast ones
    // take everything else; round-robin would have given it 20. With 6 permits, a third request
    // reaches it only when both others hold as many, so it never has more than 3.
    expect(slow).toBeGreaterThanOrEqual(1)
    expect(slow).toBeLessThanOrEqual(3)
    expect(fast1).toBeGreaterThanOrEqual(25)
    expect(fast2).toBeGreaterThanOrEqual(25)
  })

  test('passes a 400 through unchanged, once, and does not cache it', async () => {
    const overflow = {
      error: {
        message:
          "This model's maximum context length is 4096 tokens. However, your request has 9000 input tokens.",
        type: 'BadRequestError',
        param: null,
        code: 400,
      },
    }
    const fake = await upstream({ reply: () => ({ status: 400, body: overflow }) })
    const gateway = await pool({ upstreams: [fake.url], cachePath: join(await tempDir(), 'c.jsonl') })
    for (let i = 0; i < 2; i++) {
      const response = await post(gateway.url, chat('too long'))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(overflow)
    }
    expect(fake.stats.requests).toBe(2)
    expect(gateway.stats.retries).toBe(0)
    expect(gateway.cache.size).toBe(0)
    const client = new OpenAI({ baseURL: gateway.url, apiKey: 'k', maxRetries: 0 })
    const error = await client.chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect((error as Error).message).toContain('maximum context length')
  })

  test('answers a repeated request from the cache, marked, without calling the endpoint', async () => {
    const fake = await upstream()
    const dir = await tempDir()
    const gateway = await pool({ upstreams: [fake.url], cachePath: join(dir, 'c.jsonl') })
    const first = await post(gateway.url, chat('same', { temperature: 0 }))
    expect(first.headers.get('x-arbigraph-cache')).toBe('miss')
    expect(first.headers.get('x-arbigraph-attempts')).toBe('1')
    expect(first.headers.get('x-arbigraph-upstream')).toBe(fake.url)
    const firstBody = await first.text()
    // Same request with keys in another order and the default `stream: false` spelled out.
    const second = await post(
      gateway.url,
      JSON.stringify({ temperature: 0, stream: false, ...JSON.parse(chat('same')) }),
    )
    expect(second.headers.get('x-arbigraph-cache')).toBe('hit')
    expect(second.headers.get('x-arbigraph-attempts')).toBe('0')
    expect(await second.text()).toBe(firstBody)
    expect(fake.stats.requests).toBe(1)
    expect(gateway.stats).toMatchObject({ requests: 2, upstreamRequests: 1, cacheHits: 1 })
  })

  test('passes SSE through and replays the same byte stream from the cache', async () => {
    const fake = await upstream()
    const gateway = await pool({ upstreams: [fake.url], cachePath: join(await tempDir(), 'c.jsonl') })
    const client = new OpenAI({ baseURL: gateway.url, apiKey: 'k', maxRetries: 0 })
    const run = async () => {
      const { data: stream, response } = await client.chat.completions
        .create({
          model: 'm',
          messages: [{ role: 'user', content: 'streamed' }],
          stream: true,
          stream_options: { include_usage: true },
        })
        .withResponse()
      let text = ''
      let usage: unknown
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? ''
        usage = chunk.usage ?? usage
      }
      return {
        text,
        usage,
        cache: response.headers.get('x-arbigraph-cache'),
        attempts: response.headers.get('x-arbigraph-attempts'),
      }
    }
    const first = await run()
    const second = await run()
    expect(first).toEqual({
      text: 'echo:streamed',
      usage: expect.objectContaining({ total_tokens: 8 }),
      cache: 'miss',
      attempts: '1',
    })
    expect(second).toEqual({ ...first, cache: 'hit', attempts: '0' })
    expect(fake.stats.requests).toBe(1)
    // A streamed and an unstreamed request are different cache entries.
    const plain = await post(gateway.url, chat('streamed'))
    expect(plain.headers.get('x-arbigraph-cache')).toBe('miss')
    expect(fake.stats.requests).toBe(2)
  })

  test('a slow stream reader slows the endpoint down instead of the pool buffering the stream', async () => {
    const fake = await upstream({ reply: () => 'big-stream' })
    const gateway = await pool({ upstreams: [fake.url] })
    const total = bigStreamBytes
    const { port } = new URL(gateway.url)
    let received = 0
    let writtenWhilePaused = 0
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/v1/chat/completions', method: 'POST' },
        async (res) => {
          res.pause()
          // While nobody reads, the pool must stop reading too: wait until the pool has paused
          // the upstream and the endpoint's writer is stuck on a full socket, then look.
          // (A pool that buffered the whole stream would never pause, and this wait would not end.)
          while (gateway.stats.streamPauses === 0 || !fake.stats.blocked)
            await new Promise((ok) => setImmediate(ok))
          writtenWhilePaused = fake.stats.streamedBytes
          res.on('data', (chunk: Buffer) => {
            received += chunk.length
          })
          res.on('end', resolve)
          res.resume()
        },
      )
      req.on('error', reject)
      req.end(chat('long', { stream: true }))
    })
    expect(received).toBe(total)
    expect(writtenWhilePaused).toBeLessThan(total / 2)
  })

  test('writes one transcript line per request with status, attempts, cache and usage', async () => {
    const fake = await upstream()
    const dir = await tempDir()
    const transcriptPath = join(dir, 'transcripts', 'run.jsonl')
    const gateway = await startRequestPool({
      upstreams: [fake.url],
      cachePath: join(dir, 'c.jsonl'),
      transcriptPath,
    })
    await (await post(gateway.url, chat('t'))).text()
    await (await post(gateway.url, chat('t'))).text()
    await gateway.close()
    const lines = (await readFile(transcriptPath, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({
      status: 200,
      attempts: 1,
      cache: 'miss',
      upstream: fake.url,
      model: 'm',
    })
    expect(lines[0].usage).toEqual({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 })
    expect(lines[1]).toMatchObject({ status: 200, attempts: 0, cache: 'hit', upstream: 'cache' })
    expect(lines[0].key).toBe(lines[1].key)
    expect(typeof lines[0].latencyMs).toBe('number')
    expect(Date.parse(lines[0].ts)).not.toBeNaN()
  })
})
