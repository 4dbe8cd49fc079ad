/**
 * The terminal report: the model banner, one aligned row per cell plus an `all` row, then a line
 * per cell with status counts and failure attribution. Plain text (no colours), so the same
 * string works in a terminal, a CI log and a snapshot test.
 */
import type { RunSummary } from '../metrics/summarize.ts'
import type { Column } from './columns.ts'
import { cellDetails, modelBanner, replayLine, reportColumns } from './columns.ts'

const pad = (text: string, width: number, right: boolean) =>
  right ? text.padStart(width) : text.padEnd(width)

/**
 * Aligns rows of text under their headers, two spaces apart.
 * @example alignRows(columns, rows) // ['cell        n  acc', 'chain/math  4  0.750']
 */
export function alignRows(
  columns: readonly Pick<Column, 'header' | 'numeric'>[],
  rows: readonly string[][],
): string[] {
  const widths = columns.map((col, i) => Math.max(col.header.length, ...rows.map((row) => row[i]!.length)))
  const line = (row: readonly string[]) =>
    row
      .map((text, i) => pad(text, widths[i]!, columns[i]!.numeric))
      .join('  ')
      .trimEnd()
  return [line(columns.map((c) => c.header)), ...rows.map(line)]
}

/**
 * The whole terminal report for a run summary.
 * @example console.log(formatTable(summarize(records), 'qwen3.5-27b'))
 */
export function formatTable(summary: RunSummary, model: string): string {
  const columns = reportColumns(summary)
  const cells = [...summary.cells, summary.total]
  const rows = cells.map((cell) => columns.map((col) => col.value(cell)))
  const replay = replayLine(summary.replay)
  return [
    ...modelBanner(model, summary.total.trials),
    ...(replay ? [replay] : []),
    '',
    ...alignRows(columns, rows),
    '',
    ...summary.cells.filter((cell) => cell.task === null).map(cellDetails),
  ].join('\n')
}
