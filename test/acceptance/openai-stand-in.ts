/**
 * An OpenAI-compatible stand-in on loopback for whole runs against "a real server": it lists two
 * models (with vLLM's `max_model_len`), answers every chat turn with the same plain text (streamed
 * as vLLM streams when asked: role chunk, content, finish chunk, usage chunk, `[DONE]`), records
 * what it was sent and counts the chat requests in flight. With `hold`, it keeps the run's first
 * case turns unanswered until `hold` of them are in flight at once, then answers them all and
 * every later turn at once: a client that can never have that many in flight hangs there, so a
 * concurrency limit is seen reached without racing the clock.
 * As a vLLM server it can name its checkpoint (`root` in each model card, which vLLM sets to
 * `--model`), its version (`GET /version`) and give an answer of its own (`content`), so two of
 * them can be the same model id served from two checkpoints. Each card's `created` is the time
 * of the request, as vLLM stamps it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ANSWER_LEAD } from '../../src/render/prompt-parts.ts'

export interface Seen {
  method: string
  url: string
  authorization: string | undefined
  model: unknown
  /** A case's turn (it carries the answer instruction), not one of the doctor's probes. */
  caseTurn: boolean
}

export interface StandIn {
  url: string
  seen: Seen[]
  /** The most chat requests that were in flight at once. */
  readonly maxInFlight: number
  close(): Promise<void>
}

/**
 * A case's turn carries the answer instruction (as JSON text in the body); the doctor's probes,
 * sent one at a time before any case, do not, and are never held.
 */
const CASE_TURN = JSON.stringify(ANSWER_LEAD).slice(1, -1)

export interface StandInOptions {
  hold?: number
  /** The checkpoint vLLM would report as each card's `root`; none when absent. */
  root?: string
  /** `GET /version`'s answer; the route is absent (404) when unset. */
  version?: string
  /** Every turn's answer. @default 'I will not use tools. \\boxed{task_2_out = 0}' */
  content?: string
}

/** The case turns a stand-in was sent (the doctor's probes left out). */
export const turnsSeen = (standIn: StandIn): Seen[] => standIn.seen.filter((s) => s.caseTurn)

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const seen: Seen[] = []
  let inFlight = 0
  let maxInFlight = 0
  let held: (() => void)[] | undefined = options.hold === undefined ? undefined : []
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const model = body ? (JSON.parse(body) as { model?: unknown }).model : undefined
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      model,
      caseTurn: body.includes(CASE_TURN),
    })
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    if (req.method === 'GET' && req.url === '/v1/models')
      return json(200, {
        object: 'list',
        data: ['stand-in-model', 'arbigraph-model'].map((id) => ({
          id,
          object: 'model',
          created: Math.floor(Date.now() / 1000) + seen.length,
          owned_by: 'vllm',
          ...(options.root === undefined ? {} : { root: options.root, parent: null }),
          max_model_len: 262144,
        })),
      })
    if (req.method === 'GET' && req.url === '/version' && options.version !== undefined)
      return json(200, { version: options.version })
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return json(404, { object: 'error', message: `no route ${req.url}`, type: 'NotFoundError', code: 404 })
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    res.on('close', () => (inFlight -= 1))
    if (held && body.includes(CASE_TURN)) {
      const waiting = held
      await new Promise<void>((release) => {
        waiting.push(release)
        if (waiting.length < options.hold!) return
        held = undefined
        for (const next of waiting) next()
      })
    }
    const head = { id: `chatcmpl-${seen.length}`, created: 0, model }
    const content = options.content ?? 'I will not use tools. \\boxed{task_2_out = 0}'
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
    if (!(JSON.parse(body) as { stream?: boolean }).stream)
      return json(200, {
        ...head,
        object: 'chat.completion',
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' },
        ],
        usage,
      })
    const chunk = (choices: unknown[], extra: object = {}) =>
      `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices, ...extra })}\n\n`
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]))
    res.write(chunk([{ index: 0, delta: { content }, finish_reason: null }]))
    res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]))
    res.write(chunk([], { usage }))
    res.end('data: [DONE]\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    get maxInFlight() {
      return maxInFlight
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
