/**
 * Finding `\boxed{…}` spans with balanced braces. Every literal `\boxed{` is a candidate in source
 * order; a depth counter starting at 1 finds its matching `}`, so nested braces stay in the
 * content (`[1, {2, 3}]`) and a box nested in another box is a candidate of its own. A box that
 * never closes is ignored; `\boxed {` and `\fbox{` are not recognized, as in the reference.
 * Reference: docs/research/arbigraph-reference-harness.md §3.3.
 */

const OPEN = '\\boxed{'

/**
 * The whitespace-stripped contents of every closed `\boxed{…}` in `text`, in source order.
 * @example boxContents('\\boxed{a = {1}} and \\boxed{ 2 }') // ['a = {1}', '2']
 */
export function boxContents(text: string): string[] {
  const out: string[] = []
  let at = text.indexOf(OPEN)
  while (at !== -1) {
    const start = at + OPEN.length
    const end = matchingBrace(text, start)
    if (end !== -1) out.push(text.slice(start, end).trim())
    // Continue right after this `\boxed{`, not after its end: nested boxes are candidates too.
    at = text.indexOf(OPEN, at + 1)
  }
  return out
}

/** Index of the `}` closing a brace opened just before `start`, or -1 when it never closes. */
function matchingBrace(text: string, start: number): number {
  let depth = 1
  for (let i = start; i < text.length; i++) {
    const ch = text[i]
    if (ch === '{') depth++
    else if (ch === '}' && --depth === 0) return i
  }
  return -1
}
