/**
 * Self-consistency: whether an emitted record is a valid answer to *some* record, whether or not
 * it is the expected one, so that "lost its place" can be told apart from "does not understand
 * the task" (the paper's Fig. 5). Per family: arithmetic, the emitted equation is right for the
 * emitted operands; UUID sort, the emitted list is sorted ascending; lookup, every emitted word is
 * a defined value; table, the emitted row is well-formed CSV of the expected width with a row
 * label and a non-empty cell.
 * Reference: Long-Transduction paper §4 "Models understand the task, but get lost".
 */
import { evaluateSum } from './families/arithmetic.ts'
import type { Family } from './grid.ts'

/**
 * The arithmetic check: `expression=value` with the value right for the expression.
 * @example consistentEquation('5+6=11') // true
 */
export function consistentEquation(content: string): boolean {
  const at = content.lastIndexOf('=')
  if (at <= 0 || !/^-?\d+$/.test(content.slice(at + 1))) return false
  const value = evaluateSum(content.slice(0, at))
  return value !== null && value === BigInt(content.slice(at + 1))
}

/**
 * The UUID check: one or more hexadecimal ids, comma-separated, in ascending order.
 * @example consistentSortedList('01,0a,ff') // true
 */
export function consistentSortedList(content: string): boolean {
  const ids = content.split(',')
  if (!ids.every((id) => /^[0-9a-f]+$/.test(id))) return false
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! > ids[i]!) return false
  return true
}

/**
 * The lookup check: one or more single-space-separated words, each a defined value.
 * @example consistentWords('quick fox', new Set(['quick', 'fox'])) // true
 */
export const consistentWords = (content: string, defined: ReadonlySet<string>): boolean =>
  content !== '' && content.split(' ').every((word) => defined.has(word))

/**
 * A checker for one emitted line record of a line family.
 * @example lineConsistency('uuid-sort')('b,a') // false
 */
export function lineConsistency(
  family: Family,
  definedWords: readonly string[] = [],
): (content: string) => boolean {
  if (family === 'arithmetic') return consistentEquation
  if (family === 'uuid-sort') return consistentSortedList
  const defined = new Set(definedWords)
  return (content) => consistentWords(content, defined)
}

/**
 * Whether an emitted table row is well-formed for a table of `cols` columns.
 * @example wellFormedRow(['[R3]', '1', '2'], 2) // true
 */
export const wellFormedRow = (fields: readonly string[], cols: number): boolean =>
  fields.length === cols + 1 && /^\[R\d+\]$/.test(fields[0]!)
