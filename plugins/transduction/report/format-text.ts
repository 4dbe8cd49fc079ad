/**
 * The Long-Transduction terminal report: headline, the aligned tables of transduction-tables.ts,
 * then one position curve per budget as a sparkline of its 20 bins (accuracy and
 * self-consistency side by side, with the first and last bins written out), which shows at a
 * glance whether accuracy decays along the output while self-consistency holds (the paper's
 * "understands the task, but gets lost"). Plain text, no colours, for terminals, logs and snapshots.
 * Reference: Long-Transduction paper §4, Fig. 5.
 */
import type { PositionCurve, TransductionSummary } from '../metrics/summarize-transduction.ts'
import type { TextTable } from './tables.ts'
import { binText, transductionHeadline, transductionTables } from './tables.ts'

const BLOCKS = '▁▂▃▄▅▆▇█'

/**
 * A sparkline of values in [0, 1]; a space for an empty bin.
 * @example sparkline([0, 0.5, 1, null]) // '▁▅█ '
 */
export function sparkline(values: readonly (number | null)[]): string {
  return values
    .map((v) => (v === null ? ' ' : BLOCKS[Math.min(BLOCKS.length - 1, Math.round(v * (BLOCKS.length - 1)))]))
    .join('')
}

/**
 * A table aligned in columns two spaces apart, numbers right-aligned.
 * @example alignTable({ title: 't', headers: ['a'], numeric: [false], rows: [['x']] })
 */
export function alignTable(table: TextTable): string[] {
  const all = [table.headers, ...table.rows]
  const widths = table.headers.map((_, i) => Math.max(...all.map((row) => row[i]!.length)))
  const line = (row: readonly string[]) =>
    row
      .map((text, i) => (table.numeric[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [table.title, ...all.map(line)]
}

const ends = (values: readonly (number | null)[]) => {
  const known = values.filter((v) => v !== null)
  return `${binText(known[0] ?? null)}→${binText(known.at(-1) ?? null)}`
}

/**
 * The position-curve lines: one per budget (and `all`), accuracy then self-consistency.
 * @example positionLines(summary.positions)[0] // 'Position curves (Fig. 5), 20 bins from start to end of the output'
 */
export function positionLines(curves: readonly PositionCurve[]): string[] {
  if (curves.length === 0) return []
  const width = Math.max(...curves.map((c) => c.group.length))
  return [
    'Position curves (Fig. 5), 20 bins from the start to the end of the required output',
    ...curves.map(
      (c) =>
        `${c.group.padEnd(width)}  accuracy ${sparkline(c.accuracy)} ${ends(c.accuracy)}   self-consistency ${sparkline(c.consistency)} ${ends(c.consistency)}`,
    ),
  ]
}

/**
 * The whole terminal report.
 * @example console.log(formatTransductionText(summarizeTransduction(records), 'sim:oracle'))
 */
export function formatTransductionText(summary: TransductionSummary, model: string): string {
  const blocks = [transductionHeadline(summary, model), ...transductionTables(summary).map(alignTable)]
  const curves = positionLines(summary.positions)
  if (curves.length > 0) blocks.push(curves)
  return blocks.map((lines) => lines.join('\n')).join('\n\n')
}
