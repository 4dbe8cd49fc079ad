/**
 * What a wire protocol contributes to the agent loop: the opening messages, the request body of
 * a turn, how a reply is read (text, reasoning, tool calls, finish reason, usage), and how the
 * assistant turn and tool results go back into the history. The loop's decisions (§1.7) are the
 * same for both protocols; only these six functions differ.
 * Reference: docs/research/arbigraph-reference-harness.md §1.1, §1.13.
 */
import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { HarnessProfile } from '../profile.ts'

/** A history message as sent on the wire (OpenAI chat shape, vLLM's looser tool messages included). */
export type WireMessage = Record<string, unknown> & { role: string }

/** A tool call of one reply, before it runs. */
export interface PendingCall {
  /** `tool_calls[].id` (chat protocol); absent for calls parsed from text. */
  id?: string
  name: string
  /** What the model wrote (a JSON string, an object, …), normalized by the tool. */
  arguments: unknown
}

/** One reply, read. */
export interface TurnReply {
  /** `message.content` as returned (the raw output, reasoning inline, for the text protocol). */
  text: string
  /** Reasoning the endpoint returned in its own field, else null. */
  reasoning: string | null
  /** The text answers are collected from and tool syntax is looked for in (reasoning first). */
  scanText: string
  calls: PendingCall[]
  /**
   * The server returned calls that are its parser's reading of unclosed call markup; they were
   * left out of `calls`, and the turn counts as one that tried tool syntax (a malformed call),
   * exactly as the same raw output read as text would.
   */
  malformedCalls: boolean
  /** `stop`, `length`, `tool_calls`, …; `length` also when the server said `tool_calls` for a cut-off turn. */
  finishReason: string | null
  promptTokens: number
  completionTokens: number
  /** `usage.completion_tokens_details.reasoning_tokens`, when the server counts it (newest vLLM). */
  reasoningTokens: number | null
}

export interface TurnProtocol {
  name: 'chat' | 'text'
  openingMessages(profile: HarnessProfile, prompt: string): WireMessage[]
  requestBody(
    profile: HarnessProfile,
    model: string,
    messages: readonly WireMessage[],
    maxTokens: number,
  ): Record<string, unknown>
  /** Reads a reply to a request whose completion budget was `maxTokens`. */
  readReply(completion: ChatCompletion, maxTokens: number): TurnReply
  /** The assistant message for the history; `withCalls` is false when the calls do not run. */
  assistantMessage(reply: TurnReply, withCalls: boolean): WireMessage
  toolMessage(call: PendingCall, result: string): WireMessage
}

/**
 * The sampling fields shared by both protocols.
 * @example samplingFields(resolveProfile(), 16384) // { temperature: 0, top_p: 0.95, max_completion_tokens: 16384 }
 */
export function samplingFields(profile: HarnessProfile, maxTokens: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    temperature: profile.temperature,
    top_p: profile.topP,
    max_completion_tokens: maxTokens,
  }
  if (profile.thinking !== undefined) fields.chat_template_kwargs = { enable_thinking: profile.thinking }
  return fields
}

/**
 * Usage counts of a completion (0 when the server sent none; reasoning tokens null when the
 * server does not count them apart, as vLLM before its newest serving layer).
 * @example usageOf(completion).reasoningTokens // 12 or null
 */
export function usageOf(completion: ChatCompletion): {
  promptTokens: number
  completionTokens: number
  reasoningTokens: number | null
} {
  const reasoning = completion.usage?.completion_tokens_details?.reasoning_tokens
  return {
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
    reasoningTokens: Number.isInteger(reasoning) && (reasoning as number) >= 0 ? (reasoning as number) : null,
  }
}

/** `reasoning` (current vLLM) or `reasoning_content` (older servers), else null. */
export function reasoningOf(message: object): string | null {
  const fields = message as { reasoning?: unknown; reasoning_content?: unknown }
  const value = fields.reasoning ?? fields.reasoning_content
  return typeof value === 'string' && value !== '' ? value : null
}
