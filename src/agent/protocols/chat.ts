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
 *
 * One raw model turn must lead to the same decisions whichever protocol reads it. vLLM's legacy
 * `qwen3_coder` parser reads an unclosed call as a call whose array argument is the *string*
 * written so far, and says `finish_reason: "tool_calls"` even when the turn was cut off. Read as
 * text, the same output holds no call. So a call whose array (or object) parameter arrived as a
 * string that is not JSON is the parser's reading of unclosed markup: it does not run, and the
 * turn counts as a malformed call; and a `tool_calls` finish whose completion used the whole
 * budget is a cut-off (`length`), which is also how the reference decides cut-offs.
 * Reference: docs/research/arbigraph-reference-harness.md §1.13; ecosystem-anchors.md §C1–C3;
 * vllm-field-facts.md §2 (legacy parser, finish reason on a cut-off call).
 */
import type { ChatCompletion } from 'openai/resources/chat/completions'
import { calculatorTool } from '../calculator/index.ts'
import type { HarnessProfile } from '../profile.ts'
import { SYSTEM_PROMPT } from '../repair-prompts.ts'
import type { PendingCall, TurnProtocol, TurnReply, WireMessage } from './turn-protocol.ts'
import { reasoningOf, samplingFields, usageOf } from './turn-protocol.ts'

const TOOLS = [calculatorTool]

/** Parameters the tools declare as arrays or objects: a string there is not what the model meant. */
const STRUCTURED = new Set(
  TOOLS.flatMap((tool) =>
    Object.entries(tool.function.parameters.properties as Record<string, { type: string }>)
      .filter(([, schema]) => schema.type === 'array' || schema.type === 'object')
      .map(([name]) => `${tool.function.name}/${name}`),
  ),
)

const parsesAsJson = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Whether a call is a parser's reading of unclosed markup: a structured parameter holding a
 * string that is not JSON (the partial value, e.g. `"[\"1+2\", "`).
 * @example partialCall({ name: 'calculator', arguments: '{"expressions": "[\\"1+2\\", "}' }) // true
 */
export function partialCall(call: PendingCall): boolean {
  if (typeof call.arguments !== 'string' || !parsesAsJson(call.arguments)) return false
  const args = JSON.parse(call.arguments) as unknown
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false
  return Object.entries(args).some(
    ([name, value]) =>
      STRUCTURED.has(`${call.name}/${name}`) && typeof value === 'string' && !parsesAsJson(value),
  )
}

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
  readReply(completion: ChatCompletion, maxTokens: number): TurnReply {
    const choice = completion.choices[0]!
    const text = choice.message.content ?? ''
    const reasoning = reasoningOf(choice.message)
    const usage = usageOf(completion)
    const returned = callsOf(choice.message)
    const calls = returned.filter((call) => !partialCall(call))
    const cutOff = choice.finish_reason === 'tool_calls' && usage.completionTokens >= maxTokens
    return {
      text,
      reasoning,
      scanText: reasoning === null ? text : `${reasoning}\n${text}`,
      calls,
      malformedCalls: calls.length < returned.length,
      finishReason: cutOff ? 'length' : (choice.finish_reason ?? null),
      ...usage,
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
