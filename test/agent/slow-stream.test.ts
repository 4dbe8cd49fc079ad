/**
 * The shape of "a 32,768-token streamed turn at 20 tokens/s with ARBIGRAPH_REQUEST_TIMEOUT_MS=60000
 * completes", at a scaled clock: a turn that lasts many times the request timeout, its chunks
 * arriving well inside the idle timeout, completes through the pool; a stream that stalls is
 * cut by the idle timeout and retried, and ends as an infrastructure error naming the stall.
 * The literal run is `npm run check:slow-stream` (about 27 minutes).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { startRequestPool } from '../../src/pool/index.ts'

const REQUEST_TIMEOUT_MS = 200
const CHUNK_GAP_MS = 50
const TOKENS = 60
const head = { id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 0, model: 'slow' }
const event = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`
const delta = (content: string, finish: string | null = null) =>
  event({ ...head, choices: [{ index: 0, delta: { content }, finish_reason: finish }] })

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** Streams `TOKENS` one-token chunks, one per `CHUNK_GAP_MS`; with `stallAfter`, goes silent after that many. */
async function slowStandIn(stallAfter?: number) {
  let requests = 0
  const server = createServer((req, res) => {
    req.resume()
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify({ data: [{ id: 'slow', max_model_len: 262_144 }] }))
    }
    requests++
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(delta(''))
    let sent = 0
    const timer = setInterval(() => {
      sent++
      if (sent === stallAfter) return void clearInterval(timer)
      if (sent < TOKENS) return void res.write(delta(' x'))
      clearInterval(timer)
      const usage = { prompt_tokens: 20, completion_tokens: TOKENS, total_tokens: TOKENS + 20 }
      res.end(
        `${delta(' \\boxed{task_1_out = 1}', 'stop')}${event({ ...head, choices: [], usage })}data: [DONE]\n\n`,
      )
    }, CHUNK_GAP_MS)
    res.on('close', () => clearInterval(timer))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  closers.push(
    () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests: () => requests }
}

async function turnThroughPool(upstream: string, idleTimeoutMs: number) {
  const pool = await startRequestPool({
    upstreams: [upstream],
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    idleTimeoutMs,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
  })
  closers.push(() => pool.close())
  return runToolAgent({
    baseURL: pool.url,
    model: 'slow',
    prompt: 'Task 1: write a long answer ending in the number 1; call it task_1_out.',
    profile: {
      requireInitialCalculatorCall: false,
      maxTokens: TOKENS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      idleTimeoutMs: idleTimeoutMs + 10_000,
    },
  })
}

describe('agent/streamed turns at a scaled clock', () => {
  it('a turn lasting many request timeouts completes when chunks keep coming', async () => {
    const standIn = await slowStandIn()
    const started = performance.now()
    const transcript = await turnThroughPool(standIn.url, 10_000)
    // Timers never fire early: the stream alone took TOKENS gaps, far past the request timeout.
    expect(performance.now() - started).toBeGreaterThanOrEqual((TOKENS - 1) * CHUNK_GAP_MS)
    expect(TOKENS * CHUNK_GAP_MS).toBeGreaterThan(10 * REQUEST_TIMEOUT_MS)
    expect(transcript.status).toBe('success')
    expect(transcript.turns[0]).toMatchObject({ finishReason: 'stop', completionTokens: TOKENS })
    expect(transcript.turns[0]!.text).toBe(`${' x'.repeat(TOKENS - 1)} \\boxed{task_1_out = 1}`)
    expect(standIn.requests()).toBe(1)
  })

  it('a stream that stalls is cut by the idle timeout, retried, then an infrastructure error naming it', async () => {
    const standIn = await slowStandIn(3)
    await expect(turnThroughPool(standIn.url, 300)).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining('no stream chunk within 300 ms'),
    })
    expect(standIn.requests()).toBe(2)
  })
})
