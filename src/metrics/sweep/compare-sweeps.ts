/**
 * Comparing the sweep curves of two runs: per point, the same paired test as a cell (trials both
 * runs graded, exact McNemar on the discordant pairs; src/metrics/compare.ts), and per curve the
 * difference of the breaking points (B − A) with a bootstrap interval: replicate r of the
 * difference is replicate r of B minus replicate r of A, each run resampled on its own seeded
 * stream. A breaking point beyond the range is +∞ there, so a bound that depends on one is
 * reported as unbounded (null), never as a made-up number. A point that dropped significantly,
 * or that ran in A but not in B, fails the comparison, as a cell does.
 */
import type { CaseRecord } from '../../contracts/case-record.ts'
import type { CellComparison } from '../compare-cell.ts'
import { compareCell } from '../compare-cell.ts'
import { bootstrapReplicates, percentileInterval } from './bootstrap-fit.ts'
import { pointCases, summarizeSweeps } from './summarize-sweeps.ts'

/** One point of a curve in both runs. */
export interface SweepPointComparison extends CellComparison {
  value: number
  size: number
}

/** One curve in both runs. */
export interface SweepComparison {
  key: string
  points: SweepPointComparison[]
  /** Breaking points of A and B: a size, `beyond` the range, or null when the run lacks a fit. */
  breakingPointA: number | 'beyond' | null
  breakingPointB: number | 'beyond' | null
  /** B − A when both are inside their ranges; else null. */
  breakingPointDelta: number | null
  /** Bootstrap 95% interval of B − A; a null bound is unbounded (a replicate broke beyond the range). */
  breakingPointDeltaCi: [number | null, number | null]
  /** Keys (`sweep:<curve>@<value>`) of the points that fail: degraded or missing. */
  failing: string[]
  /**
   * Every point pooled, keyed `sweep:<curve>` (another benchmark's sweeps, compare-benchmark-sweeps.ts).
   * @default none (ArbiGraph's sweeps are compared point by point only)
   */
  total?: CellComparison
  /**
   * What the pairs were compared on: `score`, the benchmark's partial credit (sign-flip test), or
   * `correct`, right/wrong (McNemar). @default 'correct'
   */
  measure?: 'score' | 'correct'
}

const byCurve = (records: readonly CaseRecord[]) => {
  const groups = new Map<string, CaseRecord[]>()
  for (const r of records) {
    if (!r.sweep) continue
    const key = `${r.sweep.name}/${r.category}`
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  return groups
}

const byValue = (records: readonly CaseRecord[]) => {
  const groups = new Map<number, CaseRecord[]>()
  for (const r of records) groups.set(r.sweep!.value, [...(groups.get(r.sweep!.value) ?? []), r])
  return groups
}

function breakingOf(records: readonly CaseRecord[]): number | 'beyond' | null {
  const fit = summarizeSweeps(records, { replicates: 0 })[0]?.fit
  if (!fit) return null
  return fit.breakingPoint.status === 'inside' ? fit.breakingPoint.size : 'beyond'
}

function deltaInterval(key: string, a: CaseRecord[], b: CaseRecord[], replicates: number) {
  const cases = (records: CaseRecord[]) =>
    [...byValue(records).values()].map((list) => pointCases(list)).filter((p) => p.cases.length > 0)
  const sizesA = bootstrapReplicates(cases(a), `${key}#A`, replicates).sizes
  const sizesB = bootstrapReplicates(cases(b), `${key}#B`, replicates).sizes
  const n = Math.min(sizesA.length, sizesB.length)
  // ∞ − ∞ is NaN: both replicates beyond the range say nothing about the difference.
  return percentileInterval(Array.from({ length: n }, (_, r) => sizesB[r]! - sizesA[r]!))
}

function compareCurve(key: string, a: CaseRecord[], b: CaseRecord[], alpha: number, replicates: number) {
  const pointsA = byValue(a)
  const pointsB = byValue(b)
  const values = [...new Set([...pointsA.keys(), ...pointsB.keys()])].sort((x, y) => x - y)
  const points = values.map((value): SweepPointComparison => {
    const ra = pointsA.get(value) ?? []
    const rb = pointsB.get(value) ?? []
    const { topology, category, sweep } = (ra[0] ?? rb[0])!
    const cell = compareCell({ topology, category, task: null }, ra, rb, alpha)
    return { ...cell, key: `sweep:${key}@${value}`, value, size: sweep!.size }
  })
  const breakingPointA = a.length > 0 ? breakingOf(a) : null
  const breakingPointB = b.length > 0 ? breakingOf(b) : null
  const bothFit = breakingPointA !== null && breakingPointB !== null
  return {
    key,
    points,
    breakingPointA,
    breakingPointB,
    breakingPointDelta:
      typeof breakingPointA === 'number' && typeof breakingPointB === 'number'
        ? breakingPointB - breakingPointA
        : null,
    breakingPointDeltaCi: bothFit ? deltaInterval(key, a, b, replicates) : [null, null],
    failing: points.filter((p) => p.verdict === 'degraded' || p.verdict === 'missing').map((p) => p.key),
  } satisfies SweepComparison
}

/**
 * Compares the sweep curves of run B against run A (records without a sweep point are ignored).
 * @example compareSweeps(before.records, after.records, 0.05)[0].failing // ['sweep:chain-length/math@32']
 */
export function compareSweeps(
  a: readonly CaseRecord[],
  b: readonly CaseRecord[],
  alpha: number,
  replicates = 1000,
): SweepComparison[] {
  const curvesA = byCurve(a)
  const curvesB = byCurve(b)
  const keys = [...new Set([...curvesA.keys(), ...curvesB.keys()])].sort()
  return keys.map((key) =>
    compareCurve(key, curvesA.get(key) ?? [], curvesB.get(key) ?? [], alpha, replicates),
  )
}
