/**
 * The `chat` protocol (the default): OpenAI chat completions with native tools. The calculator
 * schema goes in `tools`, calls come back as structured `tool_calls` (vLLM's tool parser did the
 * reading), reasoning comes in `reasoning` (or `reasoning_content` on older servers) and tool
 * results go back as `tool` messages tied to their `tool_call_id`. Unlike the reference, a call
 * the model writes inside its reasoning does not run here (the server's parsers drop it), but
 * boxes in reasoning still count as answers, since the scan text is reasoning then content.
 * Earlier reasoning is not sent back in the history: Qwen templates drop it before the latest
 * user message anyway, and the request field for it differs across vLLM versions (unverified on
 * a live server). Calls that do not run (a repair follows) are left out of the history, because
 * an assistant `tool_calls` entry without its `tool` answers is an invalid conversation.
 * Reference: docs/research/arbigraph-reference-harness.md §1.13; ecosystem-anchors.md §C1–C3.
 */
import type { ChatCompletion } from 'openai/resources/chat/completions'
import { calculatorTool } from '../calculator/index.ts'
import type { HarnessProfile } from '../profile.ts'
import { SYSTEM_PROMPT } from '../repair-prompts.ts'
import type { PendingCall, TurnProtocol, TurnReply, WireMessage } from './turn-protocol.ts'
import { reasoningOf, samplingFields, usageOf } from './turn-protocol.ts'

const TOOLS = [calculatorTool]

function callsOf(message: ChatCompletion['choices'][number]['message']): PendingCall[] {
  const calls: PendingCall[] = []
  for (const call of message.tool_calls ?? []) {
    if (call.type === 'function')
      calls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments })
    else calls.push({ id: call.id, name: call.custom.name, arguments: call.custom.input })
  }
  return calls
}

/**
 * The chat protocol.
 * @example chatProtocol.requestBody(resolveProfile(), 'm', messages, 16384).tools // [calculatorTool]
 */
export const chatProtocol: TurnProtocol = {
  name: 'chat',
  openingMessages: (profile: HarnessProfile, prompt: string): WireMessage[] => [
    { role: 'system', content: profile.systemPrompt ?? SYSTEM_PROMPT },
    { role: 'user', content: prompt },
  ],
  requestBody: (profile, model, messages, maxTokens) => ({
    model,
    messages,
    tools: TOOLS,
    ...samplingFields(profile, maxTokens),
  }),
  readReply(completion: ChatCompletion): TurnReply {
    const choice = completion.choices[0]!
    const text = choice.message.content ?? ''
    const reasoning = reasoningOf(choice.message)
    return {
      text,
      reasoning,
      scanText: reasoning === null ? text : `${reasoning}\n${text}`,
      calls: callsOf(choice.message),
      finishReason: choice.finish_reason ?? null,
      ...usageOf(completion),
    }
  },
  assistantMessage(reply, withCalls) {
    if (!withCalls || reply.calls.length === 0) return { role: 'assistant', content: reply.text }
    return {
      role: 'assistant',
      content: reply.text === '' ? null : reply.text,
      tool_calls: reply.calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: {
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        },
      })),
    }
  },
  toolMessage: (call, result) => ({ role: 'tool', tool_call_id: call.id ?? '', content: result }),
}
