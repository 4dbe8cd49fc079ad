/**
 * The dashboard's Sweeps page, added when some record belongs to a sweep: the plots (accuracy
 * against size and against mean prompt tokens, drawn at build time by src/dashboard/sweep-plot.ts)
 * and, per curve, its points and the reading of its fit — the same sentence the terminal prints.
 */
import { fileURLToPath } from 'node:url'
import type { CaseRecord } from '../contracts/case-record.ts'
import { summarizeSweeps } from '../metrics/sweep/summarize-sweeps.ts'
import { describeFit } from '../report/format-sweep.ts'
import type { ExtraPage } from './build-dashboard.ts'
import { sweepPlot } from './sweep-plot.ts'

const SCRIPT = fileURLToPath(new URL('./pages/sweeps.js', import.meta.url))

/**
 * The Sweeps page for `records`, or none when no record is a sweep case.
 * @example await buildDashboard(results, { dir, pages: [...sweepPages(results.records)] })
 */
export function sweepPages(records: readonly CaseRecord[]): ExtraPage[] {
  const curves = summarizeSweeps(records)
  if (curves.length === 0) return []
  const data = {
    plots: { size: sweepPlot(curves, 'size'), tokens: sweepPlot(curves, 'tokens') },
    curves: curves.map((curve) => ({
      key: curve.key,
      axis: curve.axis,
      points: curve.points,
      fit: describeFit(curve),
    })),
  }
  return [{ id: 'sweeps', title: 'Sweeps', scriptFile: SCRIPT, data }]
}
