/**
 * The response side of the simulated endpoint: a persona's raw turn becomes a vLLM
 * `chat.completion` (non-stream) or a sequence of `chat.completion.chunk` SSE events (stream).
 * The server applies the request's token budget here, as vLLM does: text beyond `max_tokens` is
 * cut (at 4 chars per token) and the turn finishes `length`; a persona's forced cut-off also
 * reports `completion_tokens = max_tokens`, which is what a real cut-off looks like in `usage`.
 * What the server makes of the text (reasoning field, parsed calls, finish reason) is the server
 * profile's business (`server-profile.ts`). The message carries the keys vLLM's carries
 * (`refusal: null`, `tool_calls: []`, `reasoning`), which the OpenAI spec's schemas require or allow.
 * Ids and `created` are derived from the request, so equal requests give byte-equal responses.
 * Reference: docs/research/ecosystem-anchors.md §C2; vllm-field-facts.md §3–§4.
 */
import { hash } from 'node:crypto'
import type { Conversation } from './conversation.ts'
import type { ChatRequest } from './protocol.ts'
import { approxTokens } from './protocol.ts'
import { emittedText } from './qwen-text.ts'
import type { FinishReason, ServerProfile } from './server-profile.ts'

export type { FinishReason } from './server-profile.ts'

export interface AssistantToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export interface AssistantMessage {
  role: 'assistant'
  content: string | null
  refusal: null
  tool_calls: AssistantToolCall[]
  reasoning: string | null
}

export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  /** Only from servers that count reasoning apart (the newest vLLM). */
  completion_tokens_details?: { reasoning_tokens: number }
}

export interface RenderedTurn {
  message: AssistantMessage
  finishReason: FinishReason
  usage: Usage
}

export interface TurnBudget {
  promptTokens: number
  maxTokens: number
}

const shortHash = (text: string, length: number) => hash('sha256', text, 'hex').slice(0, length)

/**
 * Renders a raw turn as the server profile serves it for this request, within the token budget.
 * @example renderTurn('R\n</think>\n\nok', false, conversation, budget, request, serverProfile('raw')).finishReason // 'stop'
 */
export function renderTurn(
  raw: string,
  cutoff: boolean | undefined,
  conversation: Conversation,
  budget: TurnBudget,
  request: ChatRequest,
  profile: ServerProfile,
): RenderedTurn {
  let text = emittedText(raw, conversation.thinking)
  let length = cutoff === true
  // A persona that decided the cut-off itself (replay knows it from the recorded run) has its
  // text served whole: the recorded text is what the real model emitted within the budget.
  if (cutoff === undefined && approxTokens(text) > budget.maxTokens) {
    text = text.slice(0, budget.maxTokens * 4)
    length = true
  }
  const counted = approxTokens(text)
  const completion = length
    ? budget.maxTokens
    : cutoff === false
      ? Math.min(counted, budget.maxTokens - 1)
      : counted
  const served = profile.serve(text, request, conversation.thinking, length)
  const usage: Usage = {
    prompt_tokens: budget.promptTokens,
    completion_tokens: completion,
    total_tokens: budget.promptTokens + completion,
  }
  if (profile.reasoningTokens)
    usage.completion_tokens_details = {
      reasoning_tokens: Math.min(completion, approxTokens(served.reasoning ?? '')),
    }
  const message: AssistantMessage = {
    role: 'assistant',
    content: served.content,
    refusal: null,
    tool_calls: served.toolCalls.map((call, i) => ({
      id: `chatcmpl-tool-${shortHash(`${text}/${i}`, 32)}`,
      type: 'function',
      function: call,
    })),
    reasoning: served.reasoning,
  }
  return { message, finishReason: served.finishReason, usage }
}

/** Fields shared by a completion and its chunks. */
export interface CompletionHead {
  id: string
  created: number
  model: string
}

/**
 * A deterministic completion id and timestamp for a request body.
 * @example completionHead('{"model":"m"}', 'sim:oracle').id // 'chatcmpl-…'
 */
export const completionHead = (body: string, model: string): CompletionHead => ({
  id: `chatcmpl-${shortHash(`${model}/${body}`, 32)}`,
  // Fixed so responses are byte-reproducible; 2026-01-01T00:00:00Z.
  created: 1767225600,
  model,
})

/**
 * The non-streaming `chat.completion` object.
 * @example completionBody(head, rendered).choices[0].finish_reason
 */
export const completionBody = (head: CompletionHead, turn: RenderedTurn) => ({
  ...head,
  object: 'chat.completion',
  choices: [
    { index: 0, message: turn.message, logprobs: null, finish_reason: turn.finishReason, stop_reason: null },
  ],
  usage: turn.usage,
})

const PIECE_CHARS = 64

function pieces(text: string): string[] {
  const out: string[] = []
  for (let at = 0; at < text.length; at += PIECE_CHARS) out.push(text.slice(at, at + PIECE_CHARS))
  return out
}

function chunk(
  head: CompletionHead,
  delta: Record<string, unknown>,
  finishReason: FinishReason | null = null,
) {
  return {
    ...head,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  }
}

/**
 * The SSE event payloads of a streamed turn, `[DONE]` last. With `includeUsage`, a final chunk
 * with `choices: []` carries `usage`, as vLLM sends it.
 * @example streamEvents(head, rendered, true).at(-1) // '[DONE]'
 */
export function streamEvents(head: CompletionHead, turn: RenderedTurn, includeUsage: boolean): string[] {
  const { message } = turn
  const events: unknown[] = [chunk(head, { role: 'assistant', content: '' })]
  for (const piece of pieces(message.reasoning ?? '')) events.push(chunk(head, { reasoning: piece }))
  for (const piece of pieces(message.content ?? '')) events.push(chunk(head, { content: piece }))
  message.tool_calls.forEach((call, index) => {
    const opening = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: '' },
    }
    events.push(chunk(head, { tool_calls: [opening] }))
    for (const piece of pieces(call.function.arguments)) {
      events.push(chunk(head, { tool_calls: [{ index, function: { arguments: piece } }] }))
    }
  })
  events.push(chunk(head, {}, turn.finishReason))
  if (includeUsage) events.push({ ...head, object: 'chat.completion.chunk', choices: [], usage: turn.usage })
  return [...events.map((event) => JSON.stringify(event)), '[DONE]']
}
