/**
 * The literal acceptance run for streamed agent turns: one 32,768-token turn generated at 20
 * tokens/s (about 27 minutes) through the request pool, with ARBIGRAPH_REQUEST_TIMEOUT_MS=60000,
 * against a loopback stand-in that streams one token per chunk the way vLLM does (a role chunk,
 * content deltas, a finish chunk, a usage chunk, `[DONE]`). It passes when the turn completes as
 * `success` with all 32,768 tokens: the request timeout bounds only the wait for the first bytes,
 * and the idle timeout (ARBIGRAPH_IDLE_TIMEOUT_MS, default 120 s) the silence between chunks, so
 * a turn 27 times longer than the request timeout still finishes. The unit suite checks the same
 * shape at a scaled clock (test/agent/slow-stream.test.ts); this script is the real-time run.
 * Run: `npm run check:slow-stream` (ARBIGRAPH_SLOW_STREAM_TOKENS and ARBIGRAPH_SLOW_STREAM_TPS
 * shorten it for a quick look).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runToolAgent } from '../src/agent/loop.ts'
import { readPoolEnv, startRequestPool } from '../src/pool/index.ts'

const tokens = Number(process.env.ARBIGRAPH_SLOW_STREAM_TOKENS ?? 32_768)
const perSecond = Number(process.env.ARBIGRAPH_SLOW_STREAM_TPS ?? 20)
const env = readPoolEnv({ ARBIGRAPH_REQUEST_TIMEOUT_MS: '60000', ...process.env })

const head = { id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 0, model: 'slow' }
const event = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`
const delta = (content: string, finish: string | null = null) =>
  event({ ...head, choices: [{ index: 0, delta: { content }, finish_reason: finish }] })

const standIn = createServer((req, res) => {
  req.resume()
  if (req.url?.endsWith('/models')) {
    res.writeHead(200, { 'content-type': 'application/json' })
    return void res.end(JSON.stringify({ data: [{ id: 'slow', max_model_len: 262_144 }] }))
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(
    event({
      ...head,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    }),
  )
  let sent = 0
  const timer = setInterval(() => {
    sent++
    if (sent < tokens) return void res.write(delta(' x'))
    clearInterval(timer)
    res.write(delta(' \\boxed{task_1_out = 1}', 'stop'))
    const usage = { prompt_tokens: 20, completion_tokens: tokens, total_tokens: tokens + 20 }
    res.end(`${event({ ...head, choices: [], usage })}data: [DONE]\n\n`)
  }, 1000 / perSecond)
  res.on('close', () => clearInterval(timer))
})
await new Promise<void>((ok) => standIn.listen(0, '127.0.0.1', ok))
const upstream = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`
const pool = await startRequestPool({
  upstreams: [upstream],
  requestTimeoutMs: env.requestTimeoutMs,
  idleTimeoutMs: env.idleTimeoutMs,
})
const started = performance.now()
console.info(
  `slow stream: ${tokens} tokens at ${perSecond} tokens/s (~${Math.round(tokens / perSecond / 60)} min), request timeout ${env.requestTimeoutMs} ms, idle timeout ${env.idleTimeoutMs} ms`,
)
let failed = false
try {
  const transcript = await runToolAgent({
    baseURL: pool.url,
    model: 'slow',
    prompt: 'Task 1: write a very long answer and end it with the number 1; call it task_1_out.',
    profile: {
      maxTokens: tokens,
      requireInitialCalculatorCall: false,
      requestTimeoutMs: env.requestTimeoutMs,
      idleTimeoutMs: env.idleTimeoutMs + 30_000,
    },
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  const turn = transcript.turns[0]
  failed = transcript.status !== 'success' || turn?.completionTokens !== tokens
  console.info(
    `${failed ? 'FAILED' : 'ok'}: status ${transcript.status}, ${turn?.completionTokens} completion tokens, finish ${turn?.finishReason}, ${seconds} s (${(Number(seconds) / (env.requestTimeoutMs / 1000)).toFixed(1)}× the request timeout)`,
  )
} catch (error) {
  failed = true
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await pool.close()
  standIn.close()
}
process.exitCode = failed ? 1 : 0
