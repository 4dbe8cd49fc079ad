/**
 * Macro averages: average a per-document value within each task-difficulty cell (family ×
 * format × level), then average the cells with equal weight, so cells with more documents (or
 * settings with more records per document) do not dominate. Record-level averaging already
 * happened inside each document's accuracy.
 * Reference: Long-Transduction paper §2 (last paragraph) and Appendix B.
 */
import type { TransductionResultRow } from './result-row.ts'
import { cellKey } from './result-row.ts'

/** A per-document number read off a row. */
export type RowValue = (row: TransductionResultRow) => number

/**
 * Equal-weight mean over task-difficulty cells of the per-cell mean of `value`; NaN when empty.
 * @example macroAverage(rows, (row) => row.accuracy)
 */
export function macroAverage(rows: readonly TransductionResultRow[], value: RowValue): number {
  const cells = new Map<string, { sum: number; count: number }>()
  for (const row of rows) {
    const key = cellKey(row)
    const cell = cells.get(key) ?? { sum: 0, count: 0 }
    cell.sum += value(row)
    cell.count++
    cells.set(key, cell)
  }
  if (cells.size === 0) return Number.NaN
  let total = 0
  for (const cell of cells.values()) total += cell.sum / cell.count
  return total / cells.size
}

/** The grouping dimensions of the report tables. */
export type Dimension = 'family' | 'format' | 'level' | 'budget'

/** One line of a breakdown table. */
export interface BreakdownLine {
  group: string
  documents: number
  accuracy: number
  consistency: number
  exactCompletion: number
}

/**
 * Macro accuracy, macro self-consistency and exact-completion rate per value of `by`, in first-seen
 * order (or the order of `order` when given).
 * @example breakdown(rows, 'budget', ['4K', '8K', '16K', '32K', '64K', '128K'])
 */
export function breakdown(
  rows: readonly TransductionResultRow[],
  by: Dimension,
  order?: readonly string[],
): BreakdownLine[] {
  const groups = new Map<string, TransductionResultRow[]>()
  for (const row of rows) {
    const key = String(row[by])
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const keys = order ? order.filter((key) => groups.has(key)) : [...groups.keys()]
  return keys.map((group) => {
    const members = groups.get(group)!
    return {
      group,
      documents: members.length,
      accuracy: macroAverage(members, (row) => row.accuracy),
      consistency: macroAverage(members, (row) => row.consistency),
      exactCompletion: members.filter((row) => row.exact).length / members.length,
    }
  })
}
