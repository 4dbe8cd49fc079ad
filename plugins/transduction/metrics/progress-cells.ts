/**
 * Long-Transduction's cells on a progress line: one per family × budget (a suite is one family,
 * and the budget is the paper's headline axis, Fig. 2a), each with the macro accuracy its report
 * will print for those documents and its infrastructure errors apart.
 */
import type { BenchmarkProgressCell } from '../../../src/contracts/benchmark.ts'
import { budgetLabels, families } from '../grid.ts'
import type { TransductionRecord } from '../record.ts'
import { summarizeTransduction } from './summarize-transduction.ts'

/**
 * The running cells of `records`, families and budgets in the grid's order.
 * @example transductionProgressCells(records)[0] // { cell: 'transduction/arithmetic/4K', graded: 12, infraErrors: 0, accuracy: 0.97 }
 */
export function transductionProgressCells(records: readonly TransductionRecord[]): BenchmarkProgressCell[] {
  const cells: BenchmarkProgressCell[] = []
  for (const family of families)
    for (const budget of budgetLabels) {
      const mine = records.filter((r) => r.family === family && r.budget === budget)
      if (mine.length === 0) continue
      const summary = summarizeTransduction(mine)
      cells.push({
        cell: `transduction/${family}/${budget}`,
        graded: summary.scored,
        infraErrors: summary.infraErrors,
        ...(summary.overall ? { accuracy: summary.overall.accuracy } : {}),
      })
    }
  return cells
}
