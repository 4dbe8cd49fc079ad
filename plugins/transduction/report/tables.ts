/**
 * The Long-Transduction report as plain tables: title, headers and cell texts, built once from a
 * summary so the terminal and the Markdown renderings always show the same figures. Tables: by
 * budget (the paper's Fig. 2a), by format (Fig. 3), by difficulty level (Fig. 4), by family, and
 * the exact-completion counts (Table 2). Position curves (Fig. 5) are rendered separately, since
 * a curve reads better as a sparkline or a 20-column row than as table cells.
 * Reference: Long-Transduction paper §4 (figures and Table 2).
 */
import { isSimulatedModel } from '../../../src/contracts/results.ts'
import type { SectionTable } from '../../../src/report/html-section.ts'
import { families } from '../grid.ts'
import type { BreakdownLine } from '../metrics/macro-average.ts'
import type { CompletionLine, TransductionSummary } from '../metrics/summarize-transduction.ts'

/** One table: headers, rows of cell texts, and which columns are numbers (right-aligned). */
export type TextTable = SectionTable

const rate = (x: number | null): string => (x === null || Number.isNaN(x) ? '—' : x.toFixed(3))

function breakdownTable(
  title: string,
  label: string,
  lines: readonly BreakdownLine[],
  name = (g: string) => g,
) {
  return {
    title,
    headers: [label, 'docs', 'accuracy', 'self-consistency', 'exact'],
    numeric: [false, true, true, true, true],
    rows: lines.map((l) => [
      name(l.group),
      String(l.documents),
      rate(l.accuracy),
      rate(l.consistency),
      rate(l.exactCompletion),
    ]),
  }
}

function completionTable(lines: readonly CompletionLine[]): TextTable {
  const present = families.filter((f) => lines.some((line) => line.families[f] !== undefined))
  const cell = (c: { complete: number; documents: number } | undefined) =>
    c ? `${c.complete}/${c.documents}` : '—'
  return {
    title: 'Exact completion (Table 2): documents with every record correct',
    headers: ['budget', ...present, 'total', 'rate'],
    numeric: [false, ...present.map(() => true), true, true],
    rows: lines.map((line) => [
      line.budget,
      ...present.map((f) => cell(line.families[f])),
      cell(line.total),
      rate(line.total.rate),
    ]),
  }
}

/**
 * The report's tables, in reading order; none when nothing was scored.
 * @example transductionTables(summarizeTransduction(records))[0].title // 'Accuracy by budget (Fig. 2a)'
 */
export function transductionTables(summary: TransductionSummary): TextTable[] {
  if (summary.scored === 0) return []
  return [
    breakdownTable('Accuracy by budget (Fig. 2a)', 'budget', summary.byBudget),
    breakdownTable('Accuracy by format (Fig. 3)', 'format', summary.byFormat),
    breakdownTable('Accuracy by difficulty (Fig. 4)', 'level', summary.byLevel, (g) => `L${g}`),
    breakdownTable('Accuracy by family', 'family', summary.byFamily),
    completionTable(summary.exactCompletion),
  ]
}

/**
 * The one-line head of a report: model, counts, outcomes, and the simulation warning.
 * @example transductionHeadline(summary, 'sim:oracle')[0]
 */
export function transductionHeadline(summary: TransductionSummary, model: string): string[] {
  const { completed, length, overflow, interrupted } = summary.outcomes
  const lines = [
    `Long-Transduction — model ${model} — ${summary.documents} documents: ${summary.scored} scored, ${summary.infraErrors} infrastructure errors`,
    `outcomes: ${completed} completed, ${length} cut off (length), ${overflow} context overflow, ${interrupted} interrupted`,
  ]
  if (summary.overall)
    lines.push(
      `macro accuracy ${rate(summary.overall.accuracy)}, self-consistency ${rate(summary.overall.consistency)}, exact completion ${rate(summary.overall.exactCompletion)}`,
    )
  if (isSimulatedModel(model))
    lines.unshift('SIMULATED: these numbers come from the built-in simulator, not from a language model.')
  return lines
}

/**
 * A bin value as two decimals, `—` for an empty bin.
 * @example binText(0.5) // '0.50'
 */
export const binText = (x: number | null): string => (x === null ? '—' : x.toFixed(2))
