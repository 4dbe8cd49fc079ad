/**
 * One `POST /v1/chat/completions` exchange: parse and check the request the way vLLM does (body
 * shape, model name, context length), ask the persona, wait the configured latency, then answer
 * with JSON, SSE, an error body, a reset socket, or nothing at all (a hang).
 * Reference: docs/research/ecosystem-anchors.md §C1–C2.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { probeBody } from '../doctor/probe-text.ts'
import type { CaseBook } from './case-book.ts'
import type { Conversation } from './conversation.ts'
import { readConversation } from './conversation.ts'
import type { Persona, PersonaReply } from './personas/persona.ts'
import type { ChatRequest } from './protocol.ts'
import {
  assertFitsContext,
  maxCompletionTokens,
  parseChatRequest,
  promptTokens,
  SimHttpError,
  vllmErrorBody,
} from './protocol.ts'
import { rawTurn } from './qwen-text.ts'
import { completionBody, completionHead, renderTurn, streamEvents } from './response.ts'
import type { ServerProfile } from './server-profile.ts'

/** Latency of one request, in ms: a constant or a function of the request. */
export type Latency = number | ((request: ChatRequest, conversation: Conversation) => number)

export interface ExchangeContext {
  persona: Persona
  /** The vLLM configuration being simulated. */
  profile: ServerProfile
  cases: CaseBook
  model: string
  maxModelLen: number
  latencyMs: Latency
  /** Whether `POST /tokenize` is served. */
  tokenize: boolean
  /** Called once per answered or faulted request with its status (`200`, `400`, `reset`, `hang`). */
  record(status: string): void
}

const MAX_BODY_BYTES = 64 * 1024 * 1024

/**
 * The request body as text; a 413 beyond 64 MiB.
 * @example const body = await readBody(req)
 */
export function readBody(req: IncomingMessage): Promise<string> {
  // Event listeners rather than `for await`, which costs more on every request.
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    req.on('data', (part: Buffer) => {
      size += part.length
      if (size <= MAX_BODY_BYTES) parts.push(part)
    })
    req.once('end', () => {
      if (size > MAX_BODY_BYTES)
        reject(new SimHttpError(413, 'BadRequestError', `request body exceeds ${MAX_BODY_BYTES} bytes`))
      else resolve(parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8'))
    })
    req.once('error', reject)
  })
}

/**
 * Writes a JSON response unless the client is already gone.
 * @example sendJson(res, 200, { ok: true }, ctx.record)
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  record: (status: string) => void,
  headers: Record<string, string> = {},
): void {
  record(String(status))
  if (res.destroyed || res.writableEnded) return
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

/**
 * What an exchange sends once its latency has passed. It is built before the wait, so that a
 * request in flight holds only its answer: with hundreds of requests waiting 200 ms each, the
 * parsed requests would otherwise outlive the young generation and cost major collections.
 */
type Answer =
  | { kind: 'reset' }
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'sse'; events: string[] }

function answerOf(reply: Exclude<PersonaReply, { kind: 'hang' }>, exchange: PreparedExchange): Answer {
  if (reply.kind === 'reset') return { kind: 'reset' }
  if (reply.kind === 'error') {
    const body = vllmErrorBody(reply.status, reply.type, reply.message)
    return { kind: 'json', status: reply.status, body, headers: reply.headers }
  }
  const { request, conversation, budget, body, model, profile } = exchange
  const turn = renderTurn(reply.raw, reply.cutoff, conversation, budget, request, profile)
  const head = completionHead(body, model)
  if (!request.stream) return { kind: 'json', status: 200, body: completionBody(head, turn) }
  const events = streamEvents(head, turn, request.stream_options?.include_usage === true)
  return { kind: 'sse', events }
}

interface PreparedExchange {
  request: ChatRequest
  conversation: Conversation
  budget: { promptTokens: number; maxTokens: number }
  body: string
  model: string
  profile: ServerProfile
}

function send(req: IncomingMessage, res: ServerResponse, answer: Answer, record: (status: string) => void) {
  if (answer.kind === 'reset') {
    record('reset')
    req.socket.destroy()
    return
  }
  if (answer.kind === 'json') return sendJson(res, answer.status, answer.body, record, answer.headers)
  record('200')
  if (res.destroyed) return
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  for (const event of answer.events) res.write(`data: ${event}\n\n`)
  res.end()
}

/**
 * A doctor probe (`arbigraph doctor`) is answered the way a capable model answers it, whatever
 * the persona: it writes the requested block, after a line of reasoning. Chaos faults and case
 * lookups stay out of it, so the doctor sees the server profile and nothing else.
 */
function probeReply(conversation: Conversation): PersonaReply | undefined {
  const block = probeBody(conversation.prompt)
  if (block === undefined) return undefined
  return { kind: 'turn', raw: rawTurn('The user asks for this exact text, so I write it.', block) }
}

/**
 * Handles one chat-completions request end to end (errors included).
 * @example server.on('request', (req, res) => void handleChatCompletion(req, res, ctx))
 */
export async function handleChatCompletion(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ExchangeContext,
): Promise<void> {
  const body = await readBody(req)
  const request = parseChatRequest(body)
  if (request.model !== ctx.model) {
    throw new SimHttpError(404, 'NotFoundError', `The model \`${request.model}\` does not exist.`, 'model')
  }
  const conversation = readConversation(request)
  const prompt = promptTokens(request)
  const maxTokens = maxCompletionTokens(request, ctx.maxModelLen, prompt)
  const outputParam =
    (request.max_completion_tokens ?? null) === null ? 'max_tokens' : 'max_completion_tokens'
  assertFitsContext(prompt, maxTokens, ctx.maxModelLen, ctx.profile.overflowWording, outputParam)
  ctx.profile.accept(request)
  const reply =
    probeReply(conversation) ??
    ctx.persona.respond({
      request,
      body,
      conversation,
      cases: ctx.cases,
      promptTokens: prompt,
      maxTokens,
    })
  if (reply.kind === 'hang') {
    // Never answered: the client's timeout (or close()) ends the exchange.
    ctx.record('hang')
    return
  }
  const latency = typeof ctx.latencyMs === 'function' ? ctx.latencyMs(request, conversation) : ctx.latencyMs
  const exchange = {
    request,
    conversation,
    budget: { promptTokens: prompt, maxTokens },
    body,
    model: ctx.model,
    profile: ctx.profile,
  }
  const answer = answerOf(reply, exchange)
  await sleep(latency)
  send(req, res, answer, ctx.record)
}
