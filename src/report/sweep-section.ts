/**
 * The sweep parts every report adds to its cells: the results file's `sweeps` section, and the
 * terminal and Markdown text after the cell table. Empty (nothing added) when no record belongs
 * to a sweep, so runs without sweeps read exactly as before.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { summarizeSweeps } from '../metrics/sweep/summarize-sweeps.ts'
import { formatSweepMarkdown, formatSweepTable } from './format-sweep.ts'

/**
 * `{ sweeps }` for a results file, or `{}` when no record is a sweep case.
 * @example { ...results, ...sweepSection(records) }
 */
export function sweepSection(records: readonly CaseRecord[]): { sweeps?: SweepCurve[] } {
  const sweeps = summarizeSweeps(records)
  return sweeps.length > 0 ? { sweeps } : {}
}

/**
 * The curves as text to print after the cell table (starting with a blank line), or ''.
 * @example log(formatTable(summary, model) + sweepText(records))
 */
export function sweepText(records: readonly CaseRecord[], format: 'text' | 'markdown'): string {
  const curves = summarizeSweeps(records)
  if (curves.length === 0) return ''
  return format === 'text' ? `\n\n${formatSweepTable(curves)}` : `\n${formatSweepMarkdown(curves)}`
}
