/**
 * The single-shot harness (Long-Transduction): one streamed chat-completions request per document,
 * greedy (temperature 0), thinking off (`chat_template_kwargs.enable_thinking: false`), with the
 * completion budget the caller computes (1.5 × the input budget). It goes out the same way as an
 * agent turn (`sendTurn`): streamed, timed by the silence between chunks (`idleTimeoutMs`) and not
 * by the length of the generation, so tens of thousands of tokens finish at any speed. A context
 * overflow (any of vLLM's wordings) is an outcome, not an error. Any other failure, including an
 * error event inside the stream or a stream cut before `[DONE]`, is an `ARBIGRAPH_ENDPOINT` error
 * after the request pool's retries, as in the tool-agent loop: a partial document would be scored
 * as if the model had stopped there. (`interrupted` stays in the outcome type for older records.)
 * Reference: Long-Transduction paper §3 and Appendix D (greedy, thinking off, 1.5× budget).
 */

import { z } from 'zod'
import type { TurnReplay } from '../contracts/transcript.ts'
import { ArbigraphError } from '../errors.ts'
import { checkTurnFits, notSentMessage } from './context-check.ts'
import type { EndpointOptions } from './protocols/send-turn.ts'
import { sendTurn, turnEndpoint } from './protocols/send-turn.ts'

export const singleShotProfileSchema = z.object({
  /** @default 0 */
  temperature: z.number().min(0).default(0),
  /** Sent as `chat_template_kwargs.enable_thinking`. @default false */
  thinking: z.boolean().default(false),
  /** Time allowed until the answer starts (its first bytes), ms. @default 600000 */
  connectTimeoutMs: z.number().int().positive().default(600_000),
  /** Silence allowed between two chunks of the stream, ms. @default 120000 */
  idleTimeoutMs: z.number().int().positive().default(120_000),
})

export type SingleShotProfileInput = z.input<typeof singleShotProfileSchema>
export type SingleShotProfile = z.output<typeof singleShotProfileSchema>

/** How a single-shot request ended. */
export type SingleShotStatus = 'completed' | 'length' | 'overflow' | 'interrupted'

export interface SingleShotOutcome {
  status: SingleShotStatus
  /** Everything the model emitted as content (partial when cut off). */
  content: string
  finishReason: string | null
  promptTokens: number
  completionTokens: number
  reasoningTokens: number
  latencyMs: number
  /** Time to the first content delta, ms; null when none came. */
  firstTokenMs: number | null
  /** Why the request ended early (the overflow message). */
  error?: string
  /** For an overflow: the server's 400 to the request, or its `/tokenize` count before sending. */
  overflowDecidedBy?: 'server' | 'tokenize'
  /** The request pool answered from its cache; `replay` says who gave that answer and when. */
  cached?: boolean
  replay?: TurnReplay
}

export interface SingleShotRequest {
  endpoint: EndpointOptions
  model: string
  prompt: string
  maxTokens: number
  profile?: SingleShotProfileInput
  /** Fields added to the request body, e.g. an epoch's sampling `seed` (so epochs are not cache replays). */
  requestFields?: Readonly<Record<string, unknown>>
  signal?: AbortSignal
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

/**
 * Sends one streamed request and collects the answer.
 * @example const outcome = await runSingleShot({ endpoint: { baseURL: sim.url }, model: sim.model, prompt: doc.prompt, maxTokens: 96000 })
 */
export async function runSingleShot(request: SingleShotRequest): Promise<SingleShotOutcome> {
  const profile = singleShotProfileSchema.parse(request.profile ?? {})
  const started = performance.now()
  let firstTokenMs: number | null = null
  const body = {
    ...singleShotBody(request.model, request.prompt, request.maxTokens, profile),
    ...request.requestFields,
  }
  const endpoint = turnEndpoint(request.endpoint)
  if (endpoint.kind === 'http') {
    const address = { ...request.endpoint, timeoutMs: profile.connectTimeoutMs, signal: request.signal }
    const fit = await checkTurnFits(address, body, request.maxTokens)
    if (!fit.fits)
      return {
        ...emptyOutcome('overflow', performance.now() - started),
        error: notSentMessage(fit),
        overflowDecidedBy: 'tokenize',
      }
  }
  const sent = await sendTurn(
    endpoint,
    body,
    { requestTimeoutMs: profile.connectTimeoutMs, idleTimeoutMs: profile.idleTimeoutMs },
    request.signal,
    { onFirstToken: () => (firstTokenMs = performance.now() - started) },
  ).catch(asSingleShot)
  if (sent.overflow)
    return { ...emptyOutcome('overflow', sent.latencyMs), error: sent.message, overflowDecidedBy: 'server' }
  const choice = sent.completion.choices[0]!
  const usage = sent.completion.usage as
    | (NonNullable<typeof sent.completion.usage> & {
        completion_tokens_details?: { reasoning_tokens?: number }
      })
    | undefined
  return {
    status: choice.finish_reason === 'length' ? 'length' : 'completed',
    content: choice.message.content ?? '',
    finishReason: choice.finish_reason ?? null,
    promptTokens: usage?.prompt_tokens ?? 0,
    completionTokens: usage?.completion_tokens ?? 0,
    reasoningTokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
    latencyMs: sent.latencyMs,
    firstTokenMs,
    cached: sent.cached,
    ...(sent.replay ? { replay: sent.replay } : {}),
  }
}

/** The shared transport speaks as the agent; a document's error says where it came from. */
function asSingleShot(error: unknown): never {
  if (
    error instanceof ArbigraphError &&
    error.code === 'ARBIGRAPH_ENDPOINT' &&
    error.message.startsWith('agent: ')
  )
    throw new ArbigraphError(error.code, `single-shot: ${error.message.slice('agent: '.length)}`, {
      cause: error,
    })
  throw error
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
