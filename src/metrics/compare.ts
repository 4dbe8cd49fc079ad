/**
 * Model-vs-model comparison of two runs, cell by cell (topology × category, plus the whole run
 * as `*`). Each run's accuracy is its own (every graded trial of the cell); the test of a
 * difference is paired: only trials both runs graded (same case id and epoch) count, and the
 * exact McNemar test on their discordant pairs decides. A cell is `degraded` when the second
 * run loses significantly more pairs than it wins (p < alpha), `improved` in the mirror case.
 * A cell that ran in the first run but not the second is `missing`, and the regression gate
 * fails on it too: a gate must not pass because the cell it guards did not run (as in gate.ts).
 * Infrastructure errors are not model outcomes and never form a pair.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import { mcnemarExact } from './mcnemar.ts'
import type { CellScope } from './summarize.ts'
import { cellKey, summarizeCell } from './summarize.ts'
import { compareSweeps, type SweepComparison } from './sweep/compare-sweeps.ts'

/** How a cell moved from run A to run B. */
export type CellVerdict = 'degraded' | 'improved' | 'same' | 'missing' | 'new'

/** One cell of the comparison. Accuracies are rates in [0, 1]; null when the run lacks the cell. */
export interface CellComparison {
  key: string
  topology: string
  category: string
  accuracyA: number | null
  accuracyB: number | null
  nA: number
  nB: number
  /** accuracyB − accuracyA; null when either run lacks the cell. */
  delta: number | null
  /** Trials graded in both runs. */
  shared: number
  /** Shared trials right in A and wrong in B (losses). */
  lost: number
  /** Shared trials wrong in A and right in B (wins). */
  won: number
  /** Accuracy of A and B on the shared trials only. */
  sharedAccuracyA: number
  sharedAccuracyB: number
  /** Exact two-sided McNemar p-value on the shared trials. */
  p: number
  verdict: CellVerdict
}

/** The comparison of two runs. */
export interface RunComparison {
  alpha: number
  cells: CellComparison[]
  total: CellComparison
  /** Sweep curves compared point by point (src/metrics/sweep/compare-sweeps.ts). */
  sweeps: SweepComparison[]
  /** Keys of the cells (and sweep points, `sweep:<curve>@<value>`) that break the regression gate (degraded or missing). */
  failing: string[]
}

export interface CompareOptions {
  /**
   * Significance level of the McNemar test.
   * @default 0.05
   */
  alpha?: number
}

const trialKey = (r: CaseRecord) => `${r.caseId}@${r.epoch}`
const graded = (r: CaseRecord) => r.infraError === null && r.grade !== null

function groupByCell(records: readonly CaseRecord[]): Map<string, CaseRecord[]> {
  const groups = new Map<string, CaseRecord[]>()
  for (const r of records) {
    if (r.sweep) continue // compared point by point in compareSweeps
    const key = cellKey({ topology: r.topology, category: r.category, task: null })
    const list = groups.get(key)
    if (list) list.push(r)
    else groups.set(key, [r])
  }
  return groups
}

function verdictOf(a: CaseRecord[], b: CaseRecord[], lost: number, won: number, p: number, alpha: number) {
  if (b.length === 0) return 'missing'
  if (a.length === 0) return 'new'
  if (p < alpha) return lost > won ? 'degraded' : 'improved'
  return 'same'
}

/**
 * Compares one cell's records of run A and run B.
 * @example compareCell({ topology: 'chain', category: 'math', task: null }, a, b, 0.05).verdict // 'same'
 */
export function compareCell(
  scope: CellScope,
  a: CaseRecord[],
  b: CaseRecord[],
  alpha: number,
): CellComparison {
  const inB = new Map(b.filter(graded).map((r) => [trialKey(r), r.grade!.correct]))
  let shared = 0
  let lost = 0
  let won = 0
  let rightA = 0
  let rightB = 0
  for (const r of a.filter(graded)) {
    const other = inB.get(trialKey(r))
    if (other === undefined) continue
    const mine = r.grade!.correct
    shared++
    if (mine) rightA++
    if (other) rightB++
    if (mine && !other) lost++
    if (!mine && other) won++
  }
  const summaryA = a.length > 0 ? summarizeCell(scope, a) : null
  const summaryB = b.length > 0 ? summarizeCell(scope, b) : null
  const { p } = mcnemarExact(lost, won)
  const accuracyA = summaryA?.accuracy ?? null
  const accuracyB = summaryB?.accuracy ?? null
  return {
    key: cellKey(scope),
    topology: scope.topology,
    category: scope.category,
    accuracyA,
    accuracyB,
    nA: summaryA?.n ?? 0,
    nB: summaryB?.n ?? 0,
    delta: accuracyA === null || accuracyB === null ? null : accuracyB - accuracyA,
    shared,
    lost,
    won,
    sharedAccuracyA: shared === 0 ? 0 : rightA / shared,
    sharedAccuracyB: shared === 0 ? 0 : rightB / shared,
    p,
    verdict: verdictOf(a, b, lost, won, p, alpha),
  }
}

/**
 * Compares run B against run A, per topology × category cell and in total.
 * @example compareRuns(before.records, after.records).failing // ['chain/math']
 */
export function compareRuns(
  a: readonly CaseRecord[],
  b: readonly CaseRecord[],
  options: CompareOptions = {},
): RunComparison {
  const alpha = options.alpha ?? 0.05
  const groupsA = groupByCell(a)
  const groupsB = groupByCell(b)
  const keys = [...new Set([...groupsA.keys(), ...groupsB.keys()])].sort()
  const cells = keys.map((key) => {
    const recordsA = groupsA.get(key) ?? []
    const recordsB = groupsB.get(key) ?? []
    const { topology, category } = (recordsA[0] ?? recordsB[0])!
    return compareCell({ topology, category, task: null }, recordsA, recordsB, alpha)
  })
  const total = compareCell({ topology: '*', category: '*', task: null }, [...a], [...b], alpha)
  const failing = cells.filter((c) => c.verdict === 'degraded' || c.verdict === 'missing').map((c) => c.key)
  const sweeps = compareSweeps(a, b, alpha)
  return { alpha, cells, total, sweeps, failing: [...failing, ...sweeps.flatMap((s) => s.failing)] }
}
