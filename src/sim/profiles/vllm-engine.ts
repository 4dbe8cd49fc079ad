/**
 * `vllm-engine`: the same server flags (`--reasoning-parser qwen3 --enable-auto-tool-choice
 * --tool-call-parser qwen3_coder`) on a vLLM where both names map to the unified parser
 * engine. One state machine reads the whole output, non-streamed:
 * - reasoning until `</think>` (thinking on), or until a `<tool_call>`, which ends it implicitly;
 *   a second `</think>` in the content is dropped;
 * - every tag of the call markup (`<tool_call>`, `<function=NAME>`, parameters, closing tags) and
 *   everything inside it is taken out of the content, closed or not: incomplete markup vanishes;
 * - a call is kept when its function name was read; its arguments are the parameters whose
 *   value was closed (`</parameter>` or the next `<parameter=`), typed by the tool's schema;
 * - text after a call is dropped from the content when a call was returned;
 * - without `tools` in the request vLLM defaults `tool_choice` to `"none"`, and then every parsed
 *   call of a non-streamed answer is discarded while the markup stays out of the content: the
 *   call is simply gone;
 * - a *streamed* request whose `tool_choice` is `"none"` skips the parsers altogether: every
 *   delta is raw text in `content` (reasoning and `</think>` included, no `reasoning` field), so
 *   the text protocol, whose turns are streamed without `tools`, sees its calls;
 * - `finish_reason: "tool_calls"` whenever a call is returned, as in the legacy server;
 * - the newest serving layer adds `usage.completion_tokens_details.reasoning_tokens`.
 * Reference: vllm `parser/qwen3.py` @03e8268f (the grammar), `parser/engine/parser_engine.py`
 * @001ba1eb (`_events_to_delta`, `_build_extracted_result`), `chat_completion/protocol.py`
 * @002032ee (tool_choice default), `parser/abstract_parser.py` @00cd9d76,
 * `chat_completion/serving.py` @006c49d4 (the stream generator parses only when
 * `tool_choice != "none"`); facts note §2–§3, §7.
 */
import type { ChatRequest } from '../protocol.ts'
import { toolsActive } from '../protocol.ts'
import type { ServedTurn, ServerProfile } from '../server-profile.ts'
import type { ParsedToolCall } from './qwen-markup.ts'
import {
  argumentsText,
  FUNCTION_END,
  FUNCTION_PREFIX,
  parameterTypes,
  THINK_END,
  THINK_START,
  TOOL_END,
  TOOL_START,
  trimNewlines,
} from './qwen-markup.ts'

type State = 'reasoning' | 'content' | 'preamble' | 'name' | 'args' | 'between'

const TAGS = [THINK_START, THINK_END, TOOL_START, TOOL_END, FUNCTION_PREFIX, FUNCTION_END] as const

interface Slot {
  name: string
  args: string
}

/** The next tag at or after `from`, and where. */
function nextTag(text: string, from: number): { tag: (typeof TAGS)[number]; at: number } | null {
  let best: { tag: (typeof TAGS)[number]; at: number } | null = null
  for (const tag of TAGS) {
    const at = text.indexOf(tag, from)
    if (at !== -1 && (best === null || at < best.at)) best = { tag, at }
  }
  return best
}

const PARAMETER = /<parameter=([^>]*)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=))/g

function closedParameters(args: string): [string, string][] {
  return [...args.matchAll(PARAMETER)].map((m) => [m[1]!, trimNewlines(m[2]!)])
}

interface Scan {
  reasoning: string
  /** Content before the first call markup, and after it. */
  before: string
  after: string
  slots: Slot[]
}

/** The state after `tag` in `state` (the grammar of `parser/qwen3.py`). */
function transition(
  state: State,
  tag: (typeof TAGS)[number],
  openCall: () => void,
  emit: (text: string) => void,
): State {
  if (tag === THINK_END && state === 'reasoning') return 'content'
  if (tag === TOOL_START && (state === 'reasoning' || state === 'content' || state === 'between')) {
    openCall()
    return 'preamble'
  }
  if (tag === FUNCTION_PREFIX && (state === 'content' || state === 'between')) {
    openCall()
    return 'name'
  }
  if (tag === FUNCTION_PREFIX && state === 'preamble') return 'name'
  if (tag === FUNCTION_END && (state === 'args' || state === 'name')) return 'between'
  if (tag === TOOL_END && (state === 'preamble' || state === 'between')) return 'content'
  // Any other tag is text inside arguments, and markup the grammar absorbs elsewhere.
  if (state === 'args') emit(tag)
  return state
}

/** One pass of the engine's grammar over the output. */
function scan(text: string, thinking: boolean): Scan {
  const out: Scan = { reasoning: '', before: '', after: '', slots: [] }
  let state: State = thinking ? 'reasoning' : 'content'
  let seenTool = false
  let at = 0
  const emit = (chunk: string) => {
    if (chunk === '') return
    const slot = out.slots.at(-1)
    if (state === 'reasoning') out.reasoning += chunk
    else if (state === 'content') {
      if (seenTool) out.after += chunk
      else out.before += chunk
    } else if (state === 'name' && slot) {
      const close = chunk.indexOf('>')
      if (close === -1) slot.name += chunk
      else {
        slot.name += chunk.slice(0, close)
        state = 'args'
        slot.args += chunk.slice(close + 1)
      }
    } else if (state === 'args' && slot) slot.args += chunk
  }
  // `emit` may move from `name` to `args`: read the state afresh after it.
  const readState = (): State => state
  const openCall = () => {
    seenTool = true
    out.slots.push({ name: '', args: '' })
  }
  while (at < text.length) {
    const found = nextTag(text, at)
    emit(text.slice(at, found?.at ?? text.length))
    if (!found) break
    at = found.at + found.tag.length
    state = transition(readState(), found.tag, openCall, emit)
  }
  return out
}

function callsOf(slots: readonly Slot[], request: ChatRequest): ParsedToolCall[] {
  return slots
    .filter((slot) => slot.name.trim() !== '')
    .map((slot) => {
      const name = slot.name.trim()
      return { name, arguments: argumentsText(closedParameters(slot.args), parameterTypes(request, name)) }
    })
}

export const vllmEngineProfile: ServerProfile = {
  name: 'vllm-engine',
  version: '0.19.0+arbigraph-sim.vllm-engine',
  reasoningTokens: true,
  overflowWording: 'newest',
  accept: () => {},
  serve(text, request, thinking, stoppedOnLength): ServedTurn {
    if (request.stream && !toolsActive(request))
      return {
        reasoning: null,
        content: text || null,
        toolCalls: [],
        finishReason: stoppedOnLength ? 'length' : 'stop',
      }
    const found = scan(text, thinking)
    const toolCalls = toolsActive(request) ? callsOf(found.slots, request) : []
    const content = toolCalls.length > 0 ? found.before : found.before + found.after
    return {
      reasoning: found.reasoning || null,
      content: content || null,
      toolCalls,
      finishReason: toolCalls.length > 0 ? 'tool_calls' : stoppedOnLength ? 'length' : 'stop',
    }
  },
}
