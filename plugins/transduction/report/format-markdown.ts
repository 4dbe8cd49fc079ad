/**
 * The Long-Transduction Markdown summary (a file, and GitHub's job summary): the same headline
 * and tables as the terminal, as Markdown tables, and the position curves (Fig. 5) as a table
 * with one column per bin, so the figures can be read off or pasted into a plot.
 * Reference: Long-Transduction paper §4 (Figs. 2a, 3, 4, 5 and Table 2).
 */
import type { PositionCurve, TransductionSummary } from '../metrics/summarize-transduction.ts'
import type { TextTable } from './tables.ts'
import { binText, transductionHeadline, transductionTables } from './tables.ts'

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`

/**
 * A Markdown table under a `###` heading.
 * @example markdownTable({ title: 'T', headers: ['a'], numeric: [true], rows: [['1']] })
 */
export function markdownTable(table: TextTable): string[] {
  return [
    `### ${table.title}`,
    '',
    row(table.headers),
    row(table.numeric.map((n) => (n ? '---:' : '---'))),
    ...table.rows.map(row),
  ]
}

function curveTable(curves: readonly PositionCurve[]): string[] {
  if (curves.length === 0) return []
  const bins = curves[0]!.accuracy.length
  const headers = ['budget', 'metric', ...Array.from({ length: bins }, (_, i) => String(i + 1))]
  return [
    '### Position curves (Fig. 5): bins 1–20 from the start to the end of the required output',
    '',
    row(headers),
    row(headers.map((_, i) => (i < 2 ? '---' : '---:'))),
    ...curves.flatMap((c) => [
      row([c.group, 'accuracy', ...c.accuracy.map(binText)]),
      row([c.group, 'self-consistency', ...c.consistency.map(binText)]),
    ]),
  ]
}

/**
 * The Markdown summary, ending in a newline.
 * @example await writeFile('out/transduction.md', formatTransductionMarkdown(summary, 'sim:noisy'))
 */
export function formatTransductionMarkdown(summary: TransductionSummary, model: string): string {
  const head = transductionHeadline(summary, model).map((line) => `${line}  `)
  const blocks = [
    ['## Long-Transduction', '', ...head],
    ...transductionTables(summary).map(markdownTable),
    curveTable(summary.positions),
  ].filter((lines) => lines.length > 0)
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`
}
