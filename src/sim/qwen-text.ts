/**
 * The raw Qwen3.5 output text a simulated model writes: reasoning, `</think>`, then the visible
 * text with `<tool_call>` XML blocks. What a server makes of that text is the server profile's
 * business (`server-profile.ts`); this module only writes it.
 * Reference: docs/research/arbigraph-reference-harness.md §1.5–1.6.
 */

const THINK_END = '</think>'

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
