/**
 * ArbiGraph's cells on a progress line: the table's topology × category cells, and for the cases
 * of a scaling sweep (which form no table cell, see `summarize`) one cell per sweep point, each
 * with the same figures `summarizeCell` gives the reports.
 */
import type { BenchmarkProgressCell } from '../contracts/benchmark.ts'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { CellSummary } from './summarize.ts'
import { summarize, summarizeCell } from './summarize.ts'

const figures = (cell: string, c: CellSummary): BenchmarkProgressCell => ({
  cell,
  graded: c.n,
  correct: c.correct,
  infraErrors: c.infraErrors,
})

/**
 * The running cells of `records`: table cells first, then sweep points in the order first seen.
 * @example arbigraphProgressCells(records).map((c) => c.cell) // ['chain/math', 'sweep:chain-length length=3']
 */
export function arbigraphProgressCells(records: readonly CaseRecord[]): BenchmarkProgressCell[] {
  const points = new Map<string, CaseRecord[]>()
  for (const r of records) {
    if (!r.sweep) continue
    const key = `sweep:${r.sweep.name} ${r.sweep.axis}=${r.sweep.value}`
    const mine = points.get(key)
    if (mine) mine.push(r)
    else points.set(key, [r])
  }
  return [
    ...summarize(records).cells.map((c) => figures(c.key, c)),
    ...[...points].map(([key, mine]) =>
      figures(
        key,
        summarizeCell({ topology: mine[0]!.topology, category: mine[0]!.category, task: null }, mine),
      ),
    ),
  ]
}
