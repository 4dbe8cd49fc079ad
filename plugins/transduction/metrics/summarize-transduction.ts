/**
 * The Long-Transduction run summary: every figure the reporters print, as a pure function of the
 * stored document records, so a results file can always be re-summarized (`arbigraph report`).
 * Infrastructure errors are counted but never scored. The tables follow the paper: macro accuracy
 * and self-consistency by budget (Fig. 2a), by format (Fig. 3), by difficulty level (Fig. 4), by
 * family; exact-completion counts per budget and family (Table 2); and position curves (Fig. 5:
 * accuracy and self-consistency per normalized output position) per budget and overall.
 * Reference: Long-Transduction paper §4, Figs. 2a, 3, 4, 5 and Table 2.
 */
import { budgetLabels, families, lineFormats, tableFormats } from '../grid.ts'
import type { TransductionRecord } from '../record.ts'
import type { CompletionRate } from './exact-completion.ts'
import { exactCompletion } from './exact-completion.ts'
import type { BreakdownLine } from './macro-average.ts'
import { breakdown } from './macro-average.ts'
import { averageBins } from './position-bins.ts'
import type { TransductionResultRow } from './result-row.ts'

/** One row of the exact-completion table: a budget (or `all`), per family and in total. */
export interface CompletionLine {
  budget: string
  families: Partial<Record<(typeof families)[number], CompletionRate>>
  total: CompletionRate
}

/** Position curves of a group of documents (20 bins each, null where no document has a record). */
export interface PositionCurve {
  group: string
  documents: number
  accuracy: (number | null)[]
  consistency: (number | null)[]
}

/** Everything a transduction report shows. */
export interface TransductionSummary {
  documents: number
  scored: number
  infraErrors: number
  /** Scored documents by how the request ended. */
  outcomes: Record<'completed' | 'length' | 'overflow' | 'interrupted', number>
  /** Macro over all scored documents; null when none was scored. */
  overall: BreakdownLine | null
  byBudget: BreakdownLine[]
  byFormat: BreakdownLine[]
  byLevel: BreakdownLine[]
  byFamily: BreakdownLine[]
  exactCompletion: CompletionLine[]
  positions: PositionCurve[]
}

/** A record with a model outcome (infrastructure errors are counted, never scored). */
export type Scored = TransductionRecord & { score: NonNullable<TransductionRecord['score']> }

/**
 * The metrics' row of a scored record.
 * @example rowOf(record).accuracy // the document's record accuracy
 */
export const rowOf = (record: Scored): TransductionResultRow => ({
  family: record.family,
  format: record.format,
  level: record.level,
  budget: record.budget,
  accuracy: record.score.accuracy,
  consistency: record.score.consistency,
  exact: record.score.exact,
})

function completionLine(budget: string, records: readonly Scored[]): CompletionLine {
  const perFamily: CompletionLine['families'] = {}
  for (const family of families) {
    const members = records.filter((r) => r.family === family)
    if (members.length > 0) perFamily[family] = exactCompletion(members.map(rowOf))
  }
  return { budget, families: perFamily, total: exactCompletion(records.map(rowOf)) }
}

function curve(group: string, records: readonly Scored[]): PositionCurve {
  return {
    group,
    documents: records.length,
    accuracy: averageBins(records.map((r) => r.score.positions.accuracy)),
    consistency: averageBins(records.map((r) => r.score.positions.consistency)),
  }
}

/**
 * Summarizes document records (in any order: every table has a fixed row order).
 * @example summarizeTransduction(records).byBudget.map((line) => line.accuracy)
 */
export function summarizeTransduction(records: readonly TransductionRecord[]): TransductionSummary {
  const scored = records.filter((r): r is Scored => r.score !== null)
  const rows = scored.map(rowOf)
  const outcomes = { completed: 0, length: 0, overflow: 0, interrupted: 0 }
  for (const r of scored) if (r.outcome) outcomes[r.outcome]++
  const budgetsSeen = budgetLabels.filter((b) => scored.some((r) => r.budget === b))
  return {
    documents: records.length,
    scored: scored.length,
    infraErrors: records.length - scored.length,
    outcomes,
    overall: rows.length > 0 ? overallOf(rows) : null,
    byBudget: breakdown(rows, 'budget', budgetLabels),
    byFormat: breakdown(rows, 'format', [...lineFormats, ...tableFormats]),
    byLevel: breakdown(rows, 'level', ['0', '1', '2', '3']),
    byFamily: breakdown(rows, 'family', families),
    exactCompletion: [
      ...budgetsSeen.map((b) =>
        completionLine(
          b,
          scored.filter((r) => r.budget === b),
        ),
      ),
      ...(budgetsSeen.length > 1 ? [completionLine('all', scored)] : []),
    ],
    positions: [
      ...budgetsSeen.map((b) =>
        curve(
          b,
          scored.filter((r) => r.budget === b),
        ),
      ),
      ...(budgetsSeen.length > 1 ? [curve('all', scored)] : []),
    ],
  }
}

/** The `all` line: one group holding every row (a breakdown by a constant). */
function overallOf(rows: readonly TransductionResultRow[]): BreakdownLine {
  const [line] = breakdown(
    rows.map((row) => ({ ...row, budget: 'all' })),
    'budget',
  )
  return line!
}
