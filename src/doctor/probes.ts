/**
 * The doctor's probe requests, one per question about the server, each turned into one check
 * row. Every probe is a tiny chat request (a short prompt, a small completion budget, greedy
 * sampling) that asks the model to write one exact block, so a capable model and the simulator
 * both answer it the same way and what comes back shows what the server's parsers did:
 * - native tool calls: with `tools` (automatic tool choice, as the chat protocol sends it; a
 *   named choice would go through vLLM's structured outputs and bypass the parser under test);
 * - the text protocol's view: the same call, *without* `tools`; the raw text must keep it;
 * - reasoning: is there a reasoning field (or inline `</think>`), and does
 *   `chat_template_kwargs.enable_thinking: false` turn it off;
 * - overflow: `max_tokens` beyond `max_model_len` must come back as a context overflow through
 *   the agent's own error classification, or such turns would become infrastructure errors; a
 *   probe that got no answer says so, and is not taken for a wording arbigraph does not know.
 * Reference: vllm-field-facts.md §1–§3, §7.
 */
import { calculatorTool } from '../agent/calculator/index.ts'
import { rawOutput } from '../agent/protocols/text.ts'
import { reasoningOf } from '../agent/protocols/turn-protocol.ts'
import { parseToolCalls } from '../agent/tool-calls.ts'
import type { ServerCheck } from '../contracts/server-report.ts'
import { calculatorCallXml } from '../sim/qwen-text.ts'
import type { ProbeTarget } from './probe-request.ts'
import { sendProbe } from './probe-request.ts'
import { probePrompt } from './probe-text.ts'

export type { ProbeTarget } from './probe-request.ts'

const PROBE_EXPRESSION = '6 * 7'
const CALL_BLOCK = calculatorCallXml([PROBE_EXPRESSION])

/** The server flags the chat protocol needs. */
export const CHAT_FIX =
  'start vLLM with --enable-auto-tool-choice --tool-call-parser qwen3_coder, or run with ARBIGRAPH_PROTOCOL=text'
/** What to change when calls vanish from requests without tools. */
export const TEXT_FIX =
  'for the text protocol drop --tool-call-parser and --enable-auto-tool-choice from the vLLM command line (keep --reasoning-parser), or run with ARBIGRAPH_PROTOCOL=chat'

interface Message {
  content?: string | null
  tool_calls?: { function?: { name?: string; arguments?: string } }[]
}

type ProbeReply = { error: string } | { message: Message; usage: unknown }

async function chat(
  target: ProbeTarget,
  prompt: string,
  extra: Record<string, unknown>,
): Promise<ProbeReply> {
  const answer = await sendProbe(target, {
    model: target.model,
    messages: [{ role: 'user', content: prompt }],
    temperature: 0,
    max_completion_tokens: 1024,
    ...extra,
  })
  if (!answer.ok) return { error: answer.what }
  if (answer.sent.overflow) return { error: `refused as a context overflow: "${answer.sent.message}"` }
  const { completion } = answer.sent
  return { message: completion.choices[0]!.message as Message, usage: completion.usage }
}

/** Tool probes run with thinking off: a real model then writes the call at once, within budget. */
const NO_THINKING = { chat_template_kwargs: { enable_thinking: false } }

const callsProbe = (expression: string) =>
  probePrompt(
    `Call the calculator tool once to evaluate ${expression}, written exactly as below.`,
    CALL_BLOCK,
  )

/**
 * Whether calls come back parsed into `tool_calls` when `tools` are sent.
 * @example (await nativeToolCalls(target)).status // 'ok'
 */
export async function nativeToolCalls(target: ProbeTarget): Promise<ServerCheck & { parsed: boolean }> {
  const id = 'native-tool-calls' as const
  const reply = await chat(target, callsProbe(PROBE_EXPRESSION), { tools: [calculatorTool], ...NO_THINKING })
  if ('error' in reply) {
    const refused = /tool.choice|tool-call-parser|auto-tool/i.test(reply.error)
    return refused
      ? {
          id,
          status: 'fail',
          detail: `a request with tools was refused: ${reply.error}`,
          fix: CHAT_FIX,
          parsed: false,
        }
      : { id, status: 'fail', detail: `the tools probe failed: ${reply.error}`, parsed: false }
  }
  const call = reply.message.tool_calls?.find((entry) => entry.function?.name === 'calculator')
  if (call) {
    const args = call.function?.arguments ?? ''
    return { id, status: 'ok', detail: `parsed into tool_calls: calculator ${args}`, parsed: true }
  }
  if ((reply.message.content ?? '').includes('<function=calculator>'))
    return {
      id,
      status: 'fail',
      detail: 'the call came back as text in content: no tool-call parser',
      fix: CHAT_FIX,
      parsed: false,
    }
  return { id, status: 'warn', detail: 'the model made no call: inconclusive', parsed: false }
}

/**
 * Whether a request without `tools` still sees the call in its text (the text protocol's view).
 * @example (await textToolCalls(target, true)).status // 'fail' on a server that hides calls from requests without tools
 */
export async function textToolCalls(target: ProbeTarget, nativeParsed: boolean): Promise<ServerCheck> {
  const id = 'text-tool-calls' as const
  const reply = await chat(target, callsProbe(PROBE_EXPRESSION), NO_THINKING)
  if ('error' in reply) return { id, status: 'fail', detail: `the text probe failed: ${reply.error}` }
  const raw = rawOutput(reply.message.content ?? '', reasoningOf(reply.message))
  if (parseToolCalls(raw).some((call) => call.name === 'calculator'))
    return { id, status: 'ok', detail: 'the <tool_call> block stays in the text of a request without tools' }
  if (nativeParsed)
    return {
      id,
      status: 'fail',
      detail:
        'the <tool_call> block vanished from a request without tools, while a request with tools parses it: the server hides calls from the text protocol',
      fix: TEXT_FIX,
    }
  return { id, status: 'warn', detail: 'the model did not write the block: inconclusive' }
}

const hasReasoning = (message: Message) =>
  reasoningOf(message) !== null || (message.content ?? '').includes('</think>')

/**
 * Whether reasoning comes back (in its own field or inline) and `enable_thinking: false` ends it.
 * @example (await reasoningCheck(target)).detail // 'reasoning field; enable_thinking: false turns it off; …'
 */
export async function reasoningCheck(target: ProbeTarget): Promise<ServerCheck> {
  const id = 'reasoning' as const
  const prompt = probePrompt('Reply with this word.', 'ok')
  const on = await chat(target, prompt, {})
  if ('error' in on) return { id, status: 'warn', detail: `the reasoning probe failed: ${on.error}` }
  const off = await chat(target, prompt, { chat_template_kwargs: { enable_thinking: false } })
  if ('error' in off)
    return { id, status: 'warn', detail: `enable_thinking: false was refused: ${off.error}` }
  const where =
    reasoningOf(on.message) !== null
      ? 'reasoning field'
      : hasReasoning(on.message)
        ? 'inline </think> in content (not split off by the server)'
        : 'no reasoning'
  const counted = (on.usage as { completion_tokens_details?: { reasoning_tokens?: unknown } } | undefined)
    ?.completion_tokens_details?.reasoning_tokens
  const tokens =
    typeof counted === 'number'
      ? `; reasoning_tokens counted (${counted})`
      : '; reasoning_tokens not counted apart'
  if (hasReasoning(off.message))
    return { id, status: 'warn', detail: `${where}; enable_thinking: false did NOT turn it off${tokens}` }
  return { id, status: 'ok', detail: `${where}; enable_thinking: false turns it off${tokens}` }
}

/**
 * A deliberate overflow (`max_tokens` beyond the context) must be classified as one by the
 * agent's own classification of error replies (the one place the doctor calls it).
 * @example (await overflowCheck(target, 8192)).status // 'ok'
 */
export async function overflowCheck(target: ProbeTarget, maxModelLen: number | null): Promise<ServerCheck> {
  const id = 'overflow' as const
  const maxTokens = (maxModelLen ?? 10_000_000) + 1
  const answer = await sendProbe(target, {
    model: target.model,
    messages: [{ role: 'user', content: 'Say ok.' }],
    max_tokens: maxTokens,
  })
  if (!answer.ok && answer.transient)
    return {
      id,
      status: 'fail',
      detail: `the overflow probe (max_tokens=${maxTokens}) got no usable answer: ${answer.what}`,
      fix: 'check that the server is up and not overloaded (its log says why), then rerun',
    }
  if (!answer.ok)
    return {
      id,
      status: 'fail',
      detail: `max_tokens=${maxTokens} was refused with an error arbigraph does not read as a context overflow: ${answer.what}; such turns would be infrastructure errors, dropped from n`,
      fix: 'update arbigraph; if the newest release still fails here, report this wording',
    }
  if (answer.sent.overflow)
    return {
      id,
      status: 'ok',
      detail: `max_tokens=${maxTokens} → context_length_exceeded ("${answer.sent.message.slice(0, 80)}…")`,
    }
  return {
    id,
    status: 'warn',
    detail: `max_tokens=${maxTokens} was accepted: the server does not enforce its context`,
  }
}
