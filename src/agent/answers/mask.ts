/**
 * Masking of tool-call payloads before answers are searched. A closed `<tool_call>…</tool_call>`
 * or `<function=…>…</function>` span is overwritten with spaces (newlines kept, so offsets and
 * line numbers stay valid); a box written inside a tool call's JSON arguments is therefore not an
 * answer. Reasoning text is deliberately not masked: the reference counts boxes drafted there.
 * Reference: docs/research/arbigraph-reference-harness.md §3.2.
 */

const SPANS = [
  { open: '<tool_call>', close: '</tool_call>' },
  { open: '<function=', close: '</function>' },
] as const

/**
 * Overwrites every closed tool-call span with spaces, keeping newlines and the text's length.
 * An unclosed span is left alone (the reference only masks closed ones). Spans are found left to
 * right, the earliest opening first, each ending at its first closing tag (what the reference's
 * lazy regex matches). Once an opening has no closing tag after it, no later opening of that kind
 * has one either, so the scan stays linear in model text full of unclosed tags.
 * @example maskToolSpans('a<tool_call>\\boxed{1}</tool_call>b') // 'a' + ' '.repeat(32) + 'b'
 */
export function maskToolSpans(text: string): string {
  const parts: string[] = []
  let done = 0
  let from = 0
  const closed = [true, true]
  for (;;) {
    let best: { start: number; end: number } | undefined
    SPANS.forEach(({ open, close }, kind) => {
      if (!closed[kind]) return
      const start = text.indexOf(open, from)
      if (start === -1 || (best && best.start <= start)) return
      // `<function=NAME>`: the name runs to the first `>`.
      const body = kind === 0 ? start + open.length : text.indexOf('>', start + open.length) + 1
      const end = body === 0 ? -1 : text.indexOf(close, body)
      if (end === -1) closed[kind] = false
      else best = { start, end: end + close.length }
    })
    if (!best) break
    parts.push(text.slice(done, best.start), text.slice(best.start, best.end).replace(/[^\n]/g, ' '))
    done = best.end
    from = best.end
  }
  parts.push(text.slice(done))
  return parts.join('')
}
