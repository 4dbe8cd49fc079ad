/**
 * A tiny OpenAI-compatible endpoint on node:http for the request-pool tests: it answers chat
 * completions deterministically (the answer echoes the last user message), streams SSE when
 * asked, and lets a test script any call as a status, a connection reset or a hang. It counts
 * requests in flight where the model endpoint would, which is what the limit is about.
 */
import type { ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeCall {
  /** 1-based arrival number. */
  n: number
  method: string
  path: string
  authorization: string | undefined
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] } | undefined
}

export type FakeReply =
  | { status: number; headers?: Record<string, string>; body: unknown }
  | 'ok'
  | 'reset'
  | 'hang'
  /** SSE headers and one chunk, then a reset. */
  | 'torn-stream'
  /** A long SSE stream (`bigStreamEvents` events of 1 KiB, a finish chunk, `[DONE]`), written as fast as the reader takes it. */
  | 'big-stream'

export interface FakeUpstream {
  url: string
  /** Answers every request held by `holdUntil` now. */
  release(): void
  /**
   * `streamedBytes`: bytes of 'big-stream' replies handed to the socket so far; `drainWaits`:
   * times a 'big-stream' writer found the socket full and waited for it to drain; `blocked`:
   * a writer is waiting for that now.
   */
  stats: {
    requests: number
    inFlight: number
    maxInFlight: number
    streamedBytes: number
    drainWaits: number
    blocked: boolean
  }
  calls: FakeCall[]
  close(): Promise<void>
}

/** Events in a 'big-stream' reply (64 MiB in all). */
export const bigStreamEvents = 64 * 1024
const BIG_EVENT = `data: {"choices":[{"index":0,"delta":{"content":"${'x'.repeat(1024 - 56)}"}}]}\n\n`
const BIG_FINISH = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
const DONE = 'data: [DONE]\n\n'
/** Bytes of a whole 'big-stream' reply. */
export const bigStreamBytes = bigStreamEvents * BIG_EVENT.length + BIG_FINISH.length + DONE.length

/** Writes the big stream, waiting for `drain` whenever the socket is full. */
async function bigStream(res: ServerResponse, stats: FakeUpstream['stats']) {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  for (let i = 0; i < bigStreamEvents; i++) {
    stats.streamedBytes += BIG_EVENT.length
    if (!res.write(BIG_EVENT)) {
      stats.drainWaits++
      stats.blocked = true
      await new Promise((ok) => res.once('drain', ok))
      stats.blocked = false
    }
    if (res.destroyed) return
  }
  res.end(BIG_FINISH + DONE)
}

const lastUser = (call: FakeCall) => call.body?.messages?.at(-1)?.content ?? ''

export function completion(call: FakeCall) {
  return {
    id: `chatcmpl-${call.n}`,
    object: 'chat.completion',
    created: 0,
    model: call.body?.model ?? 'fake',
    choices: [
      { index: 0, message: { role: 'assistant', content: `echo:${lastUser(call)}` }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
  }
}

function streamCompletion(call: FakeCall, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const base = {
    id: `chatcmpl-${call.n}`,
    object: 'chat.completion.chunk',
    created: 0,
    model: call.body?.model ?? 'fake',
  }
  const chunks = [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: 'echo:' }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content: lastUser(call) }, finish_reason: 'stop' }] },
    { ...base, choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } },
  ]
  for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  res.end('data: [DONE]\n\n')
}

export interface FakeUpstreamOptions {
  latencyMs?: number
  reply?: (call: FakeCall) => FakeReply
  /**
   * Holds every answer until this says go (checked on each arrival, and by `release()`), so a
   * test can reach a state such as "16 requests in flight" by counting instead of by timing.
   */
  holdUntil?: (stats: FakeUpstream['stats']) => boolean
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const held: (() => void)[] = []
  const releaseAll = () => {
    for (const go of held.splice(0)) go()
  }
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0, streamedBytes: 0, drainWaits: 0, blocked: false }
  const calls: FakeCall[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    stats.requests++
    stats.inFlight++
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    const call: FakeCall = {
      n: stats.requests,
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: raw ? JSON.parse(raw) : undefined,
    }
    calls.push(call)
    let done = false
    const finish = () => {
      if (!done) stats.inFlight--
      done = true
    }
    res.on('close', finish)
    if (options.latencyMs) await new Promise((ok) => setTimeout(ok, options.latencyMs))
    if (options.holdUntil) {
      const go = new Promise<void>((ok) => held.push(ok))
      if (options.holdUntil(stats)) releaseAll()
      await go
    }
    const reply = options.reply?.(call) ?? 'ok'
    if (reply === 'hang') return
    if (reply === 'reset') return void req.socket.destroy()
    if (reply === 'torn-stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: {"choices":[{"index":0,"delta":{"content":"par"}}]}\n\n')
      // Flushes the chunk, then closes without ending the HTTP body.
      return void req.socket.end()
    }
    if (reply === 'big-stream') return void bigStream(res, stats)
    if (reply === 'ok') {
      if (call.body?.stream) return streamCompletion(call, res)
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify(completion(call)))
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
    res.end(JSON.stringify(reply.body))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    release: releaseAll,
    stats,
    calls,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}
