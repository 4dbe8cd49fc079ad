/**
 * The `text` protocol: the reference harness's way. No `tools` field is sent; instead the system
 * prompt describes the calculator and the Qwen3-Coder XML call format (what the reference's
 * chat template wrote into the system block), the model's whole output (reasoning, `</think>`,
 * visible text, call XML) goes back unchanged as assistant content, and calls are parsed from
 * that text in the three passes of `parseToolCalls`, so calls drafted in reasoning run too. Tool
 * results go back as `{role: 'tool', name, content}` with no `tool_call_id`, as the reference
 * sends them. If the server splits reasoning off anyway (vLLM's reasoning parser partitions the
 * output at `</think>` and trims nothing), the two parts are joined back around `</think>`, so
 * parsing and history see the raw output byte for byte.
 * Reference: docs/research/arbigraph-reference-harness.md §1.1, §1.5, §1.6.
 */
import type { ChatCompletion } from 'openai/resources/chat/completions'
import { calculatorTool } from '../calculator/index.ts'
import type { HarnessProfile } from '../profile.ts'
import { SYSTEM_PROMPT } from '../repair-prompts.ts'
import { parseToolCalls } from '../tool-calls.ts'
import type { TurnProtocol, TurnReply, WireMessage } from './turn-protocol.ts'
import { reasoningOf, samplingFields, usageOf } from './turn-protocol.ts'

const CALL_EXAMPLE = [
  '<tool_call>',
  '<function=calculator>',
  '<parameter=expressions>',
  '["12 * 7 + 3", "100 // 7"]',
  '</parameter>',
  '</function>',
  '</tool_call>',
].join('\n')

/**
 * The tool section appended to the system prompt of the text protocol.
 * @example TOOLS_SECTION.includes('<function=calculator>') // true
 */
export const TOOLS_SECTION = [
  '# Tools',
  '',
  'You may call the function described by this JSON schema:',
  '<tools>',
  JSON.stringify(calculatorTool.function),
  '</tools>',
  '',
  'To call it, write a block exactly like this one, with each parameter value as JSON, and then stop; the result arrives in the next message:',
  CALL_EXAMPLE,
  '',
  'Always close every tag you open. You may make several calls in one reply.',
].join('\n')

/**
 * The raw output from a reply split by a reasoning parser: a cut-off turn (no `</think>`) is all
 * reasoning and no content, so nothing is put after it.
 * @example rawOutput('\n\nok', 'R\n') // 'R\n</think>\n\nok'
 */
export function rawOutput(content: string, reasoning: string | null): string {
  if (reasoning === null) return content
  return content === '' ? reasoning : `${reasoning}</think>${content}`
}

/**
 * The text protocol.
 * @example textProtocol.requestBody(resolveProfile({protocol: 'text'}), 'm', messages, 16384).tools // undefined
 */
export const textProtocol: TurnProtocol = {
  name: 'text',
  openingMessages: (profile: HarnessProfile, prompt: string): WireMessage[] => [
    { role: 'system', content: `${profile.systemPrompt ?? SYSTEM_PROMPT}\n\n${TOOLS_SECTION}` },
    { role: 'user', content: prompt },
  ],
  requestBody: (profile, model, messages, maxTokens) => ({
    model,
    messages,
    ...samplingFields(profile, maxTokens),
  }),
  readReply(completion: ChatCompletion): TurnReply {
    // The budget does not matter here: without tools a server reports a cut-off as `length`.
    const choice = completion.choices[0]!
    const text = choice.message.content ?? ''
    const reasoning = reasoningOf(choice.message)
    const raw = rawOutput(text, reasoning)
    return {
      text,
      reasoning,
      scanText: raw,
      calls: parseToolCalls(raw),
      malformedCalls: false,
      finishReason: choice.finish_reason ?? null,
      ...usageOf(completion),
    }
  },
  assistantMessage: (reply) => ({ role: 'assistant', content: reply.scanText }),
  toolMessage: (call, result) => ({ role: 'tool', name: call.name, content: result }),
}
