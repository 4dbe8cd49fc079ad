/**
 * The paired test of one cell between two runs, the unit both the run comparison
 * (src/metrics/compare.ts) and the sweep comparison (src/metrics/sweep/compare-sweeps.ts) are
 * made of. Each run's accuracy is its own (every graded trial of the cell); the test of a
 * difference is paired: only trials both runs graded (same case id and epoch, or for a frozen dataset the same dataset hash, instance and epoch: src/metrics/trial-key.ts) count, and the
 * exact McNemar test on their discordant pairs decides. Its own module so the two comparisons
 * depend on it and not on each other.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import { mcnemarExact } from './mcnemar.ts'
import type { CellScope } from './summarize.ts'
import { cellKey, summarizeCell } from './summarize.ts'
import { trialKey } from './trial-key.ts'

/**
 * How a cell moved from run A to run B: `not significant` when the paired test cannot tell the
 * difference from noise (not "same": a 30-point drop on few trials can be not significant).
 */
export type CellVerdict = 'degraded' | 'improved' | 'not significant' | 'missing' | 'new'

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

const graded = (r: CaseRecord) => r.infraError === null && r.grade !== null

function verdictOf(a: CaseRecord[], b: CaseRecord[], lost: number, won: number, p: number, alpha: number) {
  if (b.length === 0) return 'missing'
  if (a.length === 0) return 'new'
  if (p < alpha) return lost > won ? 'degraded' : 'improved'
  return 'not significant'
}

/**
 * Compares one cell's records of run A and run B.
 * @example compareCell({ topology: 'chain', category: 'math', task: null }, a, b, 0.05).verdict // 'not significant'
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
