/**
 * From case records to report cells: one cell per topology × category (and, on demand, per
 * target task inside it), each holding every number the reports print. Pure, so the reporters,
 * the Markdown summary, the gate and `arbigraph report` all agree by construction.
 *
 * Conventions (documented in docs/suites-and-topologies.md, "A wrong answer is data"):
 * - A trial is one record; with ARBIGRAPH_EPOCHS=k each case contributes k trials to `n`, and the
 *   Wilson interval treats them as independent (it is too narrow when epochs are correlated;
 *   `caseMean` and `allEpochs` give the per-case view).
 * - Infrastructure errors are not model outcomes: they are left out of `n` and counted in
 *   `infraErrors`; `accuracyAll` counts them as wrong, as the reference does for samples never
 *   evaluated. `context_length_exceeded` and the other terminal statuses stay in `n`.
 * - Token, turn and tool-call statistics are per graded trial; tokens are split into generated
 *   (completion; the reference's `token_length`) and prompt tokens.
 * Reference: docs/research/arbigraph-reference-harness.md §5 (metrics), §6.3 (recomputation).
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import { mean, median } from './median.ts'
import { type ReplaySummary, summarizeReplay } from './replay.ts'
import { suiteKey, suiteLabeller } from './suite-label.ts'
import { wilson95 } from './wilson.ts'

/** Mean and median of a per-trial quantity. */
export interface Spread {
  mean: number
  median: number
}

/** Every reported number of one cell. Rates are in [0, 1]. */
export interface CellSummary {
  /** `topology/category`, `topology/category/task`, or `*` for the whole run; ` (<suite>)` after it when two suites share them. */
  key: string
  topology: string
  category: string
  task: string | null
  /** Which suite, when two share the topology and category (e.g. `length 2`, src/metrics/suite-label.ts). */
  suite?: string
  models: string[]
  /** Records in the cell, infrastructure errors included. */
  trials: number
  /** Trials with a model outcome: the accuracy denominator. */
  n: number
  /** Distinct cases among the graded trials. */
  cases: number
  /** The most epochs any case has. */
  epochs: number
  correct: number
  accuracy: number
  ciLow: number
  ciHigh: number
  /** correct / trials: infrastructure errors counted as wrong. */
  accuracyAll: number
  exactCount: number
  /** Exact-completion rate: every requested output right. */
  exact: number
  /** Mean over cases of each case's accuracy across its epochs. */
  caseMean: number
  /** Share of cases right in every epoch. */
  allEpochs: number
  completionTokens: Spread
  promptTokens: Spread
  turns: Spread
  toolCalls: Spread
  /** Share of graded trials with at least one tool call. */
  toolUseRate: number
  latencyMs: Spread
  /** Repairs by kind, summed over graded trials. */
  repairs: { tool: number; final: number; cutoff: number }
  /** Terminal status counts over graded trials (`none` when the record has no status). */
  statuses: Record<string, number>
  contextExceeded: number
  contextExceededRate: number
  infraErrors: number
  cachedTurns: number
  /** Graded trials with at least one turn answered from the response cache. */
  cachedTrials: number
  /** Failure attribution counts over wrong trials (`none` when the grade gives none). */
  attribution: Record<string, number>
}

/** What `summarize` returns: the cells in a stable order, and the whole run as one cell. */
export interface RunSummary {
  cells: CellSummary[]
  total: CellSummary
  /** Trials replayed from the response cache, and from which servers. */
  replay: ReplaySummary
}

export interface SummarizeOptions {
  /**
   * Also break every topology × category cell down by target task.
   * @default false
   */
  byTask?: boolean
}

const spread = (values: number[]): Spread => ({ mean: mean(values), median: median(values) })
const rate = (k: number, n: number): number => (n === 0 ? 0 : k / n)
const tally = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1
}

function perCase(graded: readonly CaseRecord[]): {
  cases: number
  epochs: number
  caseMean: number
  allEpochs: number
} {
  const byCase = new Map<string, boolean[]>()
  for (const r of graded) {
    const list = byCase.get(r.caseId) ?? []
    list.push(r.grade!.correct)
    byCase.set(r.caseId, list)
  }
  const lists = [...byCase.values()]
  return {
    cases: lists.length,
    epochs: Math.max(0, ...lists.map((l) => l.length)),
    caseMean: mean(lists.map((l) => rate(l.filter(Boolean).length, l.length))),
    allEpochs: rate(lists.filter((l) => l.every(Boolean)).length, lists.length),
  }
}

function outcomeCounts(graded: readonly CaseRecord[]) {
  const statuses: Record<string, number> = {}
  const attribution: Record<string, number> = {}
  const repairs = { tool: 0, final: 0, cutoff: 0 }
  for (const r of graded) {
    tally(statuses, r.status ?? 'none')
    if (!r.grade!.correct) tally(attribution, r.grade!.attribution?.kind ?? 'none')
    repairs.tool += r.repairs.tool
    repairs.final += r.repairs.final
    repairs.cutoff += r.repairs.cutoff
  }
  return { statuses, attribution, repairs }
}

/** Which records a cell covers: `*` means any. */
export interface CellScope {
  topology: string
  category: string
  task: string | null
  /** The suite's label among suites of the same topology and category; absent or '' for the only one. */
  suite?: string
}

/**
 * The cell's key: `*` for the whole run, else `topology/category` or `topology/category/task`.
 * @example cellKey({ topology: 'chain', category: 'math', task: null }) // 'chain/math'
 */
export function cellKey({ topology, category, task, suite }: CellScope): string {
  if (topology === '*' && category === '*') return '*'
  const name = task === null ? `${topology}/${category}` : `${topology}/${category}/${task}`
  return suite ? `${name} (${suite})` : name
}

/**
 * Summarizes the records of one cell (the caller chooses the grouping).
 * @example summarizeCell({ topology: 'chain', category: 'math', task: null }, records).accuracy // 0.75
 */
export function summarizeCell(scope: CellScope, records: readonly CaseRecord[]): CellSummary {
  const graded = records.filter((r) => r.infraError === null && r.grade !== null)
  const correct = graded.filter((r) => r.grade!.correct).length
  const exactCount = graded.filter((r) => r.grade!.exact).length
  const interval = wilson95(correct, graded.length)
  const counts = outcomeCounts(graded)
  const contextExceeded = counts.statuses.context_length_exceeded ?? 0
  return {
    key: cellKey(scope),
    ...scope,
    models: [...new Set(records.map((r) => r.model))].sort(),
    trials: records.length,
    n: graded.length,
    ...perCase(graded),
    correct,
    accuracy: interval.estimate,
    ciLow: interval.lower,
    ciHigh: interval.upper,
    accuracyAll: rate(correct, records.length),
    exactCount,
    exact: rate(exactCount, graded.length),
    completionTokens: spread(graded.map((r) => r.tokens.completion)),
    promptTokens: spread(graded.map((r) => r.tokens.prompt)),
    turns: spread(graded.map((r) => r.turns)),
    toolCalls: spread(graded.map((r) => r.toolCalls)),
    toolUseRate: rate(graded.filter((r) => r.toolCalls > 0).length, graded.length),
    latencyMs: spread(graded.map((r) => r.latencyMs)),
    repairs: counts.repairs,
    statuses: counts.statuses,
    contextExceeded,
    contextExceededRate: rate(contextExceeded, graded.length),
    infraErrors: records.length - graded.length,
    cachedTurns: graded.reduce((sum, r) => sum + r.cachedTurns, 0),
    cachedTrials: graded.filter((r) => r.cachedTurns > 0).length,
    attribution: counts.attribution,
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
// Each topology × category cell is followed by its tasks (a null task sorts first).
const byScope = (a: CellSummary, b: CellSummary) =>
  compare(a.topology, b.topology) ||
  compare(a.category, b.category) ||
  compare(a.suite ?? '', b.suite ?? '') ||
  compare(a.task ?? '', b.task ?? '')

/**
 * Groups records into topology × category cells (plus per-task cells with `byTask`), each cell
 * followed by its tasks, and summarizes the whole run as `total`. Sweep records form no cell
 * (see `summarizeSweeps`) but count in `total`.
 * @example summarize(records, { byTask: true }).cells.map((c) => c.key) // ['chain/math', 'chain/math/MulMod', …]
 */
export function summarize(records: readonly CaseRecord[], options: SummarizeOptions = {}): RunSummary {
  const groups = new Map<string, { scope: CellScope; records: CaseRecord[] }>()
  // Two suites of one topology and category are two cells, each named by what sets it apart.
  const cellRecords = records.filter((r) => !r.sweep)
  const label = suiteLabeller(cellRecords)
  const add = (scope: CellScope, record: CaseRecord) => {
    const key = JSON.stringify([scope.topology, scope.category, scope.task, suiteKey(record)])
    const group = groups.get(key)
    if (group) group.records.push(record)
    else groups.set(key, { scope, records: [record] })
  }
  // A sweep's cases are its curve's (src/metrics/sweep/); pooled into a cell they would mix sizes.
  for (const r of cellRecords) {
    const suite = label(r)
    const where = { topology: r.topology, category: r.category, ...(suite ? { suite } : {}) }
    add({ ...where, task: null }, r)
    if (options.byTask) add({ ...where, task: r.task }, r)
  }
  const cells = [...groups.values()].map((g) => summarizeCell(g.scope, g.records))
  return {
    cells: cells.sort(byScope),
    total: summarizeCell({ topology: '*', category: '*', task: null }, records),
    replay: summarizeReplay(records),
  }
}
