/**
 * The raw Qwen3.5 output text and its two wire forms. A simulated turn is written once, the way
 * the model generates it (reasoning, `</think>`, visible text with `<tool_call>` XML blocks);
 * the text protocol sends that raw text as `content`, and the chat protocol splits it the way
 * vLLM's `qwen3` reasoning parser and `qwen3_coder` tool parser do: reasoning before `</think>`
 * (all of it when `</think>` never came, i.e. a cut-off), closed tool-call blocks become
 * `tool_calls`, and whatever is left (malformed, unclosed XML included) stays in `content`.
 * Reference: docs/research/arbigraph-reference-harness.md §1.5–1.6; ecosystem-anchors.md §C1.
 */

const THINK_END = '</think>'
const CLOSED_CALL = /<tool_call>\s*<function=([^>\s]+)>([\s\S]*?)<\/function>\s*<\/tool_call>/g
const PARAMETER = /<parameter=([^>\s]+)>([\s\S]*?)<\/parameter>/g

export interface ParsedToolCall {
  name: string
  /** JSON object text, e.g. `{"expressions":["1+2"]}`. */
  arguments: string
}

export interface SplitTurn {
  reasoning: string | null
  content: string | null
  toolCalls: ParsedToolCall[]
}

/**
 * One calculator call in the Qwen3-Coder XML form.
 * @example calculatorCallXml(['1+2']) // '<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1+2"]\n</parameter>\n</function>\n</tool_call>'
 */
export const calculatorCallXml = (expressions: readonly string[]): string =>
  `<tool_call>\n<function=calculator>\n<parameter=expressions>\n${JSON.stringify(expressions)}\n</parameter>\n</function>\n</tool_call>`

/**
 * A raw turn: reasoning, the end-of-thinking tag, then the visible text.
 * @example rawTurn('Think.', 'Hi') // 'Think.\n</think>\n\nHi'
 */
export const rawTurn = (reasoning: string, visible: string): string =>
  `${reasoning}\n${THINK_END}\n\n${visible}`

/**
 * The text a model emits with thinking on or off: with thinking off, the chat template closes an
 * empty think block in the prompt, so the output is the visible part only.
 * @example emittedText('Think.\n</think>\n\nHi', false) // 'Hi'
 */
export function emittedText(raw: string, thinking: boolean): string {
  if (thinking) return raw
  const end = raw.indexOf(THINK_END)
  return end === -1 ? raw : raw.slice(end + THINK_END.length).replace(/^\s+/, '')
}

function parseParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const match of body.matchAll(PARAMETER)) {
    const text = match[2]!.trim()
    try {
      args[match[1]!] = JSON.parse(text)
    } catch {
      args[match[1]!] = text
    }
  }
  return args
}

/**
 * Splits emitted text into vLLM's chat message parts.
 * @example splitTurn('R\n</think>\n\nok', true) // {reasoning: 'R', content: 'ok', toolCalls: []}
 */
export function splitTurn(text: string, thinking: boolean): SplitTurn {
  let reasoning: string | null = null
  let visible = text
  if (thinking) {
    const end = text.indexOf(THINK_END)
    reasoning = (end === -1 ? text : text.slice(0, end)).trim()
    visible = end === -1 ? '' : text.slice(end + THINK_END.length)
  }
  const toolCalls: ParsedToolCall[] = []
  const rest = visible.replace(CLOSED_CALL, (_all, name: string, body: string) => {
    toolCalls.push({ name, arguments: JSON.stringify(parseParameters(body)) })
    return ''
  })
  const content = rest.trim()
  return { reasoning: reasoning || null, content: content === '' ? null : content, toolCalls }
}
