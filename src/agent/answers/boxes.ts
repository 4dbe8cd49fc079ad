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
  const closes = closingBraces(text)
  const out: string[] = []
  let at = text.indexOf(OPEN)
  while (at !== -1) {
    const start = at + OPEN.length
    const end = closes.get(start - 1)
    if (end !== undefined) out.push(text.slice(start, end).trim())
    // Continue right after this `\boxed{`, not after its end: nested boxes are candidates too.
    at = text.indexOf(OPEN, at + 1)
  }
  return out
}

/**
 * The index of the `}` closing each `{` that closes, in one pass: scanning from every
 * `\boxed{` to its end would be quadratic in model text full of unclosed boxes.
 */
function closingBraces(text: string): Map<number, number> {
  const closes = new Map<number, number>()
  const open: number[] = []
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '{') open.push(i)
    else if (ch === '}' && open.length > 0) closes.set(open.pop()!, i)
  }
  return closes
}
