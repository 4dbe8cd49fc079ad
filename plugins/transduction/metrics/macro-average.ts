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

/** One line of a breakdown by several dimensions: its value on each, in the order asked. */
export interface BreakdownCell extends Omit<BreakdownLine, 'group'> {
  groups: string[]
}

/** The line of one group of rows: the report tables' scoring, in one place. */
function scoreGroup(members: readonly TransductionResultRow[]): Omit<BreakdownLine, 'group'> {
  return {
    documents: members.length,
    accuracy: macroAverage(members, (row) => row.accuracy),
    consistency: macroAverage(members, (row) => row.consistency),
    exactCompletion: members.filter((row) => row.exact).length / members.length,
  }
}

/**
 * Macro accuracy, macro self-consistency and exact-completion rate per combination of values of
 * `by` (the macro average still runs over family × format × level cells inside each group), rows
 * ordered by the first dimension, then the second, each in the order of `orders` when given
 * (else first seen); combinations no row has are left out.
 * @example breakdownBy(rows, ['family', 'format'], [families, formats]).map((l) => l.groups) // [['arithmetic', 'plain'], …]
 */
export function breakdownBy(
  rows: readonly TransductionResultRow[],
  by: readonly Dimension[],
  orders: readonly (readonly string[] | undefined)[] = [],
): BreakdownCell[] {
  const groups = new Map<string, { groups: string[]; members: TransductionResultRow[] }>()
  for (const row of rows) {
    const values = by.map((d) => String(row[d]))
    const key = JSON.stringify(values)
    const group = groups.get(key)
    if (group) group.members.push(row)
    else groups.set(key, { groups: values, members: [row] })
  }
  const rank = (i: number, value: string) => {
    const order = orders[i]
    const at = order ? order.indexOf(value) : -1
    return at === -1 ? Number.MAX_SAFE_INTEGER : at
  }
  const seen = [...groups.values()]
  const firstSeen = (g: (typeof seen)[number]) => seen.indexOf(g)
  const sorted = [...seen].sort((x, y) => {
    for (let i = 0; i < by.length; i++) {
      const d = rank(i, x.groups[i]!) - rank(i, y.groups[i]!)
      if (d !== 0) return d
    }
    return firstSeen(x) - firstSeen(y)
  })
  // An order given drops values it does not list, as `breakdown` always has.
  const listed = sorted.filter((g) => g.groups.every((v, i) => !orders[i] || orders[i]!.includes(v)))
  return listed.map((g) => ({ groups: g.groups, ...scoreGroup(g.members) }))
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
  return breakdownBy(rows, [by], [order]).map(({ groups, ...line }) => ({ group: groups[0]!, ...line }))
}
