/**
 * `vllm-legacy`: vLLM with `--reasoning-parser qwen3 --enable-auto-tool-choice
 * --tool-call-parser qwen3_coder`, from the time `qwen3_coder` was a per-model tool parser.
 * Non-streamed, as that source reads the output:
 * - reasoning: everything before `</think>` (a leading `<think>` stripped, nothing trimmed); with
 *   thinking on and no `</think>`, a `<tool_call>` followed by `<function` ends the reasoning
 *   implicitly and starts the content, else all of the output is reasoning (a cut-off);
 * - tool calls, only when the request sent `tools` (and `tool_choice` is not `"none"`): every
 *   `<tool_call>` block, the last one read to the end of the text when it never closes (a bare
 *   `<function=…>` counts when there is no `<tool_call>` at all); each `<parameter=NAME>` value
 *   typed by the tool's schema, an unclosed one read to the end, so a cut-off array argument
 *   comes back as a partial *string*;
 * - content: only the text before the first call; whatever follows a call (a `\boxed{}` written
 *   after it) is lost;
 * - `finish_reason: "tool_calls"` whenever a call was parsed, even when generation stopped on
 *   the length limit.
 * The parameter scan takes the first `</parameter>` as the value's end; vLLM's structural
 * look-ahead (literal tags inside a value) is not modelled: calculator expressions hold none.
 * Reference: vllm `reasoning/qwen3_reasoning_parser.py` @00a4c6a1, `tool_parsers/
 * qwen3coder_tool_parser.py` @00d0a333, `chat_completion/serving.py` @006c49d4; facts note §2.
 */
import type { ChatRequest } from '../protocol.ts'
import { toolsActive } from '../protocol.ts'
import type { ServedTurn, ServerProfile } from '../server-profile.ts'
import type { ParsedToolCall } from './qwen-markup.ts'
import {
  argumentsText,
  FUNCTION_END,
  FUNCTION_PREFIX,
  PARAMETER_END,
  PARAMETER_PREFIX,
  parameterTypes,
  THINK_END,
  THINK_START,
  TOOL_END,
  TOOL_START,
  trimNewlines,
} from './qwen-markup.ts'

const FUNCTION_OPEN = /^<function[\s=]/

/**
 * The qwen3 reasoning parser's split of a non-streamed output.
 * @example splitReasoning('R\n</think>\n\nok', true) // { reasoning: 'R\n', content: '\n\nok' }
 */
export function splitReasoning(
  output: string,
  thinking: boolean,
): { reasoning: string | null; content: string | null } {
  const start = output.indexOf(THINK_START)
  const text = start === -1 ? output : output.slice(start + THINK_START.length)
  const end = text.indexOf(THINK_END)
  if (end !== -1) {
    const content = text.slice(end + THINK_END.length)
    return { reasoning: text.slice(0, end), content: content || null }
  }
  if (!thinking) return { reasoning: null, content: text }
  const call = text.indexOf(TOOL_START)
  if (call !== -1 && FUNCTION_OPEN.test(text.slice(call + TOOL_START.length).trimStart())) {
    return { reasoning: text.slice(0, call) || null, content: text.slice(call) || null }
  }
  return { reasoning: text, content: null }
}

/** The end of a `<tool_call>` body: a `</tool_call>` followed only by space or another call. */
function blockEnd(after: string): number {
  let from = 0
  for (;;) {
    const at = after.indexOf(TOOL_END, from)
    if (at === -1) return -1
    const rest = after.slice(at + TOOL_END.length).trimStart()
    if (rest === '' || rest.startsWith(TOOL_START)) return at
    from = at + TOOL_END.length
  }
}

/** The text of every call candidate, in order. */
function callTexts(content: string): string[] {
  const texts: string[] = []
  let from = 0
  for (;;) {
    const start = content.indexOf(TOOL_START, from)
    if (start === -1) break
    const after = content.slice(start + TOOL_START.length)
    const end = blockEnd(after)
    if (end === -1) {
      texts.push(after)
      break
    }
    texts.push(after.slice(0, end))
    from = start + TOOL_START.length + end + TOOL_END.length
  }
  return texts.length > 0 ? texts : [content]
}

/** Where the next `<parameter=` at the start of a line begins, or -1. */
function nextParameter(body: string, from: number): number {
  for (
    let at = body.indexOf(PARAMETER_PREFIX, from);
    at !== -1;
    at = body.indexOf(PARAMETER_PREFIX, at + 1)
  ) {
    if (at === 0 || body[at - 1] === '\n') return at
  }
  return -1
}

const VALID_NAME = /^[^{}<>"'\s]+$/

function parseCall(text: string, request: ChatRequest): ParsedToolCall | null {
  const open = text.indexOf(FUNCTION_PREFIX)
  if (open === -1) return null
  let rest = text.slice(open + FUNCTION_PREFIX.length)
  const close = rest.lastIndexOf(FUNCTION_END)
  if (close !== -1 && rest.slice(close + FUNCTION_END.length).trim() === '') rest = rest.slice(0, close)
  const nameEnd = rest.indexOf('>')
  if (nameEnd === -1) return null
  const name = rest.slice(0, nameEnd)
  if (!VALID_NAME.test(name)) return null
  const body = rest.slice(nameEnd + 1)
  const params: [string, string][] = []
  let at = nextParameter(body, 0)
  while (at !== -1) {
    const keyEnd = body.indexOf('>', at + PARAMETER_PREFIX.length)
    if (keyEnd === -1) break
    const key = body.slice(at + PARAMETER_PREFIX.length, keyEnd)
    const valueStart = keyEnd + 1
    const closed = body.indexOf(PARAMETER_END, valueStart)
    const following = nextParameter(body, valueStart)
    const valueEnd = closed !== -1 ? closed : following !== -1 ? following : body.length
    params.push([key, trimNewlines(body.slice(valueStart, valueEnd))])
    at = closed !== -1 ? nextParameter(body, closed + PARAMETER_END.length) : following
  }
  return { name, arguments: argumentsText(params, parameterTypes(request, name)) }
}

/** The text before the first `<tool_call>` that holds a function (else before `<function=`). */
function contentBeforeCalls(content: string): string {
  let from = 0
  for (;;) {
    const start = content.indexOf(TOOL_START, from)
    if (start === -1) break
    const close = content.indexOf(TOOL_END, start + TOOL_START.length)
    const limit = close === -1 ? content.length : close
    const fn = content.indexOf(FUNCTION_PREFIX, start + TOOL_START.length)
    if (fn !== -1 && fn < limit) return content.slice(0, start)
    from = close === -1 ? content.length : close + TOOL_END.length
  }
  const fn = content.indexOf(FUNCTION_PREFIX)
  return fn === -1 ? content : content.slice(0, fn)
}

/**
 * The legacy qwen3_coder tool parser over the content: calls, and the content it leaves.
 * @example extractToolCalls('<tool_call>\n<function=f>\n</function>\n</tool_call>', request).toolCalls[0].name // 'f'
 */
export function extractToolCalls(
  content: string,
  request: ChatRequest,
): { content: string | null; toolCalls: ParsedToolCall[] } {
  if (!content.includes(FUNCTION_PREFIX)) return { content, toolCalls: [] }
  const toolCalls = callTexts(content)
    .map((text) => parseCall(text, request))
    .filter((call): call is ParsedToolCall => call !== null)
  if (toolCalls.length === 0) return { content, toolCalls }
  return { content: contentBeforeCalls(content) || null, toolCalls }
}

export const vllmLegacyProfile: ServerProfile = {
  name: 'vllm-legacy',
  version: '0.11.0+arbigraph-sim.vllm-legacy',
  reasoningTokens: false,
  overflowWording: 'legacy',
  accept: () => {},
  serve(text, request, thinking, stoppedOnLength): ServedTurn {
    const split = splitReasoning(text, thinking)
    const parsed =
      toolsActive(request) && split.content !== null
        ? extractToolCalls(split.content, request)
        : { content: split.content, toolCalls: [] }
    const finishReason = parsed.toolCalls.length > 0 ? 'tool_calls' : stoppedOnLength ? 'length' : 'stop'
    return { reasoning: split.reasoning, content: parsed.content, toolCalls: parsed.toolCalls, finishReason }
  },
}
