/**
 * Reading one box as a labelled answer. The stripped box content must be, in full: an optional
 * `\text{` wrapper, `task_N_out` (N unpadded, any case), an optional `}`, then `=`, `:` or the
 * word `is`, then the value (which may span lines). The label must be one of the expected
 * outputs. The value is cleaned without changing its type (prefix words, backticks, `$…$`,
 * `\(…\)`, trailing `;,.`) and placeholders (`pending`, `...`, a bare identifier) are refused,
 * so a draft like `\boxed{task_3_out = pending}` never overwrites a real answer.
 * Reference: docs/research/arbigraph-reference-harness.md §3.4.
 */

const LABELLED = /^(?:\\text\{)?(task_[1-9]\d*_out)\}?\s*(?:=|:|\bis\b)([\s\S]*)$/i
const PREFIX_WORD = /^(?:the\s+)?(?:answer|result|output)\s*(?:=|:|\bis\b)\s*/i
const PLACEHOLDERS = new Set(['...', 'unknown', 'pending', 'not calculated', 'not yet'])
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/i
const KEPT_WORDS = new Set(['true', 'false', 'none'])

/** One accepted box: the output name it answers and the cleaned answer text. */
export interface LabelledAnswer {
  name: string
  answer: string
}

/**
 * Reads a box's content as `task_N_out = value`; null when unlabelled, unexpected or a placeholder.
 * @example readLabelledBox('\\text{task_1_out} = 42', ['task_1_out']) // { name: 'task_1_out', answer: '42' }
 */
export function readLabelledBox(content: string, expected: readonly string[]): LabelledAnswer | null {
  const m = LABELLED.exec(content.trim())
  if (!m) return null
  const name = m[1]!.toLowerCase()
  if (!expected.includes(name)) return null
  const answer = cleanAnswerValue(m[2]!)
  return isPlaceholder(answer) ? null : { name, answer }
}

/**
 * The value cleanup of the reference, in its order; it never changes the value's type.
 * @example cleanAnswerValue(' the answer is `$42$`. ') // '42'
 */
export function cleanAnswerValue(raw: string): string {
  let value = raw.trim().replace(PREFIX_WORD, '').trim()
  const ticks = /^`+([\s\S]*?)`+$/.exec(value)
  if (ticks) value = ticks[1]!.trim()
  const dollars = /^\$([\s\S]*)\$$/.exec(value) ?? /^\\\(([\s\S]*)\\\)$/.exec(value)
  if (dollars) value = dollars[1]!.trim()
  return value.replace(/[;,.]+$/, '').trim()
}

/**
 * True for an answer that only holds a place: empty, `...`, `pending`, or a bare identifier
 * (a name such as `x` or `task_2_input` rather than a value), except `true`, `false`, `none`.
 * @example isPlaceholder('Pending') // true; isPlaceholder('42') // false
 */
export function isPlaceholder(answer: string): boolean {
  const lower = answer.toLowerCase()
  if (lower === '' || PLACEHOLDERS.has(lower)) return true
  return IDENTIFIER.test(answer) && !KEPT_WORDS.has(lower)
}
