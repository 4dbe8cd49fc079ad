/**
 * Masking of tool-call payloads before answers are searched. A closed `<tool_call>…</tool_call>`
 * or `<function=…>…</function>` span is overwritten with spaces (newlines kept, so offsets and
 * line numbers stay valid); a box written inside a tool call's JSON arguments is therefore not an
 * answer. Reasoning text is deliberately not masked: the reference counts boxes drafted there.
 * Reference: docs/research/arbigraph-reference-harness.md §3.2.
 */

const TOOL_SPAN = /<tool_call>[\s\S]*?<\/tool_call>|<function=[^>]*>[\s\S]*?<\/function>/g

/**
 * Overwrites every closed tool-call span with spaces, keeping newlines and the text's length.
 * An unclosed span is left alone (the reference only masks closed ones).
 * @example maskToolSpans('a<tool_call>\\boxed{1}</tool_call>b') // 'a' + ' '.repeat(32) + 'b'
 */
export function maskToolSpans(text: string): string {
  return text.replace(TOOL_SPAN, (span) => span.replace(/[^\n]/g, ' '))
}
