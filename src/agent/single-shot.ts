/**
 * The single-shot harness (Long-Transduction): one streamed chat-completions request per document,
 * greedy (temperature 0), thinking off (`chat_template_kwargs.enable_thinking: false`), with the
 * completion budget the caller computes (1.5 × the input budget). The request streams so that a
 * generation of tens of thousands of tokens never sits behind a response timeout and, if the
 * stream breaks midway, the text received so far is kept (`status: 'interrupted'`). A context
 * overflow (vLLM's "maximum context length" 400) is an outcome, not an error; any other failure
 * before the stream starts is an `ARBIGRAPH_ENDPOINT` error, as in the tool-agent loop. The client
 * uses the global (undici) fetch because `httpFetch` buffers a whole response before returning,
 * which would defeat streaming; it never retries (the request pool does).
 * Reference: Long-Transduction paper §3 and Appendix D (greedy, thinking off, 1.5× budget).
 */
import OpenAI from 'openai'
import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import { z } from 'zod'
import { ArbigraphError } from '../errors.ts'
import type { EndpointOptions } from './protocols/send-turn.ts'

export const singleShotProfileSchema = z.object({
  /** @default 0 */
  temperature: z.number().min(0).default(0),
  /** Sent as `chat_template_kwargs.enable_thinking`. @default false */
  thinking: z.boolean().default(false),
  /** Time allowed until the response headers arrive, ms (the stream itself is not timed). @default 600000 */
  connectTimeoutMs: z.number().int().positive().default(600_000),
})

export type SingleShotProfileInput = z.input<typeof singleShotProfileSchema>
export type SingleShotProfile = z.output<typeof singleShotProfileSchema>

/** How a single-shot request ended. */
export type SingleShotStatus = 'completed' | 'length' | 'overflow' | 'interrupted'

export interface SingleShotOutcome {
  status: SingleShotStatus
  /** Everything the model emitted as content (partial when interrupted or cut off). */
  content: string
  finishReason: string | null
  promptTokens: number
  completionTokens: number
  reasoningTokens: number
  latencyMs: number
  /** Time to the first content delta, ms; null when none came. */
  firstTokenMs: number | null
  /** Why the request ended early (overflow or interruption message). */
  error?: string
}

export interface SingleShotRequest {
  endpoint: EndpointOptions
  model: string
  prompt: string
  maxTokens: number
  profile?: SingleShotProfileInput
  signal?: AbortSignal
}

const clients = new Map<string, OpenAI>()
const CONTEXT_OVERFLOW = /maximum context length/i

function streamingClient(endpoint: EndpointOptions): OpenAI {
  const apiKey = endpoint.apiKey ?? 'arbigraph'
  const key = `${endpoint.baseURL}\n${apiKey}`
  let client = clients.get(key)
  if (!client) {
    client = new OpenAI({ baseURL: endpoint.baseURL, apiKey, maxRetries: 0 })
    clients.set(key, client)
  }
  return client
}

/**
 * The request body of a single-shot request.
 * @example singleShotBody('m', 'Sort…', 96000, singleShotProfileSchema.parse({})).stream // true
 */
export function singleShotBody(model: string, prompt: string, maxTokens: number, profile: SingleShotProfile) {
  return {
    model,
    messages: [{ role: 'user' as const, content: prompt }],
    temperature: profile.temperature,
    max_tokens: maxTokens,
    stream: true as const,
    stream_options: { include_usage: true },
    chat_template_kwargs: { enable_thinking: profile.thinking },
  }
}

function startError(error: unknown): ArbigraphError {
  const detail =
    error instanceof OpenAI.APIError && error.status !== undefined
      ? `the endpoint answered HTTP ${error.status}: "${error.message}"`
      : `the request to the endpoint failed: "${error instanceof Error ? error.message : String(error)}"`
  return new ArbigraphError(
    'ARBIGRAPH_ENDPOINT',
    `single-shot: ${detail}; check the endpoint or request pool and rerun (cached answers replay)`,
    { cause: error },
  )
}

interface Collected {
  content: string
  finishReason: string | null
  usage: ChatCompletionChunk['usage'] | null
  firstTokenMs: number | null
}

async function collect(
  stream: AsyncIterable<ChatCompletionChunk>,
  started: number,
  into: Collected,
): Promise<void> {
  for await (const chunk of stream) {
    if (chunk.usage) into.usage = chunk.usage
    const choice = chunk.choices[0]
    if (!choice) continue
    const text = choice.delta?.content
    if (text) {
      if (into.firstTokenMs === null) into.firstTokenMs = performance.now() - started
      into.content += text
    }
    if (choice.finish_reason) into.finishReason = choice.finish_reason
  }
}

/**
 * Sends one streamed request and collects the answer.
 * @example const outcome = await runSingleShot({ endpoint: { baseURL: sim.url }, model: sim.model, prompt: doc.prompt, maxTokens: 96000 })
 */
export async function runSingleShot(request: SingleShotRequest): Promise<SingleShotOutcome> {
  const profile = singleShotProfileSchema.parse(request.profile ?? {})
  const client = streamingClient(request.endpoint)
  const started = performance.now()
  const body = singleShotBody(request.model, request.prompt, request.maxTokens, profile)
  let stream: AsyncIterable<ChatCompletionChunk>
  try {
    stream = await client.chat.completions.create(body as OpenAI.ChatCompletionCreateParamsStreaming, {
      timeout: profile.connectTimeoutMs,
      signal: request.signal,
    })
  } catch (error) {
    const latencyMs = performance.now() - started
    if (error instanceof OpenAI.APIError && error.status === 400 && CONTEXT_OVERFLOW.test(error.message)) {
      return { ...emptyOutcome('overflow', latencyMs), error: error.message }
    }
    if (error instanceof OpenAI.APIUserAbortError) throw error
    throw startError(error)
  }
  const into: Collected = { content: '', finishReason: null, usage: null, firstTokenMs: null }
  let interrupted: string | undefined
  try {
    await collect(stream, started, into)
  } catch (error) {
    if (error instanceof OpenAI.APIUserAbortError) throw error
    interrupted = error instanceof Error ? error.message : String(error)
  }
  const usage = into.usage as
    | (Collected['usage'] & { completion_tokens_details?: { reasoning_tokens?: number } })
    | null
  return {
    status: interrupted ? 'interrupted' : into.finishReason === 'length' ? 'length' : 'completed',
    content: into.content,
    finishReason: into.finishReason,
    promptTokens: usage?.prompt_tokens ?? 0,
    completionTokens: usage?.completion_tokens ?? 0,
    reasoningTokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
    latencyMs: performance.now() - started,
    firstTokenMs: into.firstTokenMs,
    ...(interrupted ? { error: interrupted } : {}),
  }
}

const emptyOutcome = (status: SingleShotStatus, latencyMs: number): SingleShotOutcome => ({
  status,
  content: '',
  finishReason: null,
  promptTokens: 0,
  completionTokens: 0,
  reasoningTokens: 0,
  latencyMs,
  firstTokenMs: null,
})
