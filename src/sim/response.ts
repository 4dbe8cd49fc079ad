/**
 * The response side of the simulated endpoint: a persona's raw turn becomes a vLLM
 * `chat.completion` (non-stream) or a sequence of `chat.completion.chunk` SSE events (stream).
 * The server applies the request's token budget here, as vLLM does: text beyond `max_tokens` is
 * cut (at 4 chars per token) and the turn finishes `length`; a persona's forced cut-off also
 * reports `completion_tokens = max_tokens`, which is what a real cut-off looks like in `usage`.
 * Ids and `created` are derived from the request, so equal requests give byte-equal responses.
 * Reference: docs/research/ecosystem-anchors.md §C2 (response and streaming shapes).
 */
import { hash } from 'node:crypto'
import type { Conversation } from './conversation.ts'
import { approxTokens } from './protocol.ts'
import { emittedText, splitTurn } from './qwen-text.ts'

export type FinishReason = 'stop' | 'length' | 'tool_calls'

export interface AssistantToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export interface AssistantMessage {
  role: 'assistant'
  content: string | null
  reasoning?: string | null
  tool_calls?: AssistantToolCall[]
}

export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
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
 * Renders a raw turn for the conversation's protocol, within the token budget.
 * @example renderTurn('R\n</think>\n\nok', false, conversation, { promptTokens: 10, maxTokens: 100 }).finishReason // 'stop'
 */
export function renderTurn(
  raw: string,
  cutoff: boolean,
  conversation: Conversation,
  budget: TurnBudget,
): RenderedTurn {
  let text = emittedText(raw, conversation.thinking)
  let length = cutoff
  if (approxTokens(text) > budget.maxTokens) {
    text = text.slice(0, budget.maxTokens * 4)
    length = true
  }
  const completion = length ? budget.maxTokens : approxTokens(text)
  const usage = {
    prompt_tokens: budget.promptTokens,
    completion_tokens: completion,
    total_tokens: budget.promptTokens + completion,
  }
  if (conversation.protocol === 'text') {
    return { message: { role: 'assistant', content: text }, finishReason: length ? 'length' : 'stop', usage }
  }
  const split = splitTurn(text, conversation.thinking)
  const message: AssistantMessage = { role: 'assistant', content: split.content }
  if (conversation.thinking) message.reasoning = split.reasoning
  if (split.toolCalls.length > 0) {
    message.tool_calls = split.toolCalls.map((call, i) => ({
      id: `chatcmpl-tool-${shortHash(`${text}/${i}`, 32)}`,
      type: 'function',
      function: call,
    }))
  }
  const finishReason = length ? 'length' : split.toolCalls.length > 0 ? 'tool_calls' : 'stop'
  return { message, finishReason, usage }
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
  message.tool_calls?.forEach((call, index) => {
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
