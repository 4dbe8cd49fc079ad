/**
 * Comparing two runs' sweeps of any benchmark (Long-Transduction's budget or difficulty sweep, a
 * user's own), as compare-sweeps.ts compares ArbiGraph's: the records become curve trials through
 * the benchmark's `sweep.trial` (benchmark-sweeps.ts), and at each point the trials both runs
 * graded are paired by case id (a case's n-th trial in A with its n-th in B). When the benchmark
 * gives a score (partial credit: Long-Transduction's per-document record accuracy) the pairs are
 * compared on it, by the exact sign-flip test (src/metrics/sign-flip.ts): a model that never
 * completes a document exactly still shows a drop. Without scores the outcome is right/wrong and
 * the test the exact McNemar test, as for a cell. Each curve also gets a row for all its points
 * pooled (`sweep:<curve>`), since a point holds few cases. A point or curve that dropped
 * significantly, or that ran in A but not in B, fails the comparison. Breaking points are
 * compared as for ArbiGraph: B − A with a bootstrap interval, when both runs have a fit.
 */
import type { CellComparison, CellVerdict } from '../compare-cell.ts'
import { mcnemarExact } from '../mcnemar.ts'
import { signFlipTest } from '../sign-flip.ts'
import { benchmarkCurveLabel, benchmarkSweepTrials, type SweepableBenchmark } from './benchmark-sweeps.ts'
import { bootstrapReplicates, percentileInterval } from './bootstrap-fit.ts'
import type { SweepComparison, SweepPointComparison } from './compare-sweeps.ts'
import { type CurveTrial, curveOfTrials, trialCases, trialsByPoint } from './curve-of-trials.ts'

/** The score a comparison reads: the benchmark's partial credit, else the outcome as 0 or 1. */
const scoreOf = (t: CurveTrial) => t.outcome!.score ?? (t.outcome!.correct ? 1 : 0)
const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length

/** The graded trials of a run, keyed `<caseId>#<n>` (the case's n-th trial). */
function keyed(trials: readonly CurveTrial[]): Map<string, CurveTrial> {
  const seen = new Map<string, number>()
  const out = new Map<string, CurveTrial>()
  for (const t of trials) {
    if (!t.outcome) continue
    const n = seen.get(t.caseId) ?? 0
    seen.set(t.caseId, n + 1)
    out.set(`${t.caseId}#${n}`, t)
  }
  return out
}

/** The paired comparison of some trials of A and B (one point, or a curve's points pooled). */
function comparePaired(
  key: string,
  scope: { topology: string; category: string },
  a: readonly CurveTrial[],
  b: readonly CurveTrial[],
  alpha: number,
): CellComparison {
  const inA = keyed(a)
  const inB = keyed(b)
  const pairs: [number, number][] = []
  for (const [id, t] of inA) {
    const other = inB.get(id)
    if (other) pairs.push([scoreOf(t), scoreOf(other)])
  }
  const lost = pairs.filter(([x, y]) => y < x).length
  const won = pairs.filter(([x, y]) => y > x).length
  const binary = pairs.every(([x, y]) => (x === 0 || x === 1) && (y === 0 || y === 1))
  // On right/wrong pairs the sign-flip test is McNemar's; counting keeps it in integers.
  const p = binary
    ? mcnemarExact(lost, won).p
    : signFlipTest(
        pairs.map(([x]) => x),
        pairs.map(([, y]) => y),
        key,
      ).p
  const accuracyA = mean([...inA.values()].map(scoreOf))
  const accuracyB = mean([...inB.values()].map(scoreOf))
  const verdict: CellVerdict =
    b.length === 0
      ? 'missing'
      : a.length === 0
        ? 'new'
        : p < alpha
          ? // The direction the test measured: the summed difference (on 0/1 scores, lost vs won).
            (mean(pairs.map(([x, y]) => y - x)) ?? 0) < 0
            ? 'degraded'
            : 'improved'
          : 'not significant'
  return {
    key,
    ...scope,
    accuracyA,
    accuracyB,
    nA: inA.size,
    nB: inB.size,
    delta: accuracyA === null || accuracyB === null ? null : accuracyB - accuracyA,
    shared: pairs.length,
    lost,
    won,
    sharedAccuracyA: mean(pairs.map(([x]) => x)) ?? 0,
    sharedAccuracyB: mean(pairs.map(([, y]) => y)) ?? 0,
    p,
    verdict,
  }
}

function breakingOf(benchmark: string, key: string, trials: readonly CurveTrial[]) {
  if (trials.length === 0) return null
  const fit = curveOfTrials(benchmarkCurveLabel(benchmark, key, trials), trialsByPoint(key, trials), 0).fit
  if (!fit) return null
  return fit.breakingPoint.status === 'inside' ? fit.breakingPoint.size : 'beyond'
}

function deltaInterval(key: string, a: CurveTrial[], b: CurveTrial[], replicates: number) {
  const cases = (trials: CurveTrial[]) =>
    trialsByPoint(key, trials)
      .map(trialCases)
      .filter((p) => p.cases.length > 0)
  const sizesA = bootstrapReplicates(cases(a), `${key}#A`, replicates).sizes
  const sizesB = bootstrapReplicates(cases(b), `${key}#B`, replicates).sizes
  const n = Math.min(sizesA.length, sizesB.length)
  return percentileInterval(Array.from({ length: n }, (_, r) => sizesB[r]! - sizesA[r]!))
}

const byValue = (trials: readonly CurveTrial[]) => {
  const groups = new Map<number, CurveTrial[]>()
  for (const t of trials) groups.set(t.point.value, [...(groups.get(t.point.value) ?? []), t])
  return groups
}

function compareCurve(
  benchmark: string,
  key: string,
  a: CurveTrial[],
  b: CurveTrial[],
  alpha: number,
  replicates: number,
): SweepComparison {
  const { category } = benchmarkCurveLabel(benchmark, key, a.length > 0 ? a : b)
  const scope = { topology: benchmark, category }
  const pointsA = byValue(a)
  const pointsB = byValue(b)
  const values = [...new Set([...pointsA.keys(), ...pointsB.keys()])].sort((x, y) => x - y)
  const points = values.map((value): SweepPointComparison => {
    const ta = pointsA.get(value) ?? []
    const tb = pointsB.get(value) ?? []
    const cell = comparePaired(`sweep:${key}@${value}`, scope, ta, tb, alpha)
    return { ...cell, value, size: (ta[0] ?? tb[0])!.point.size }
  })
  const total = comparePaired(`sweep:${key}`, scope, a, b, alpha)
  const breakingPointA = breakingOf(benchmark, key, a)
  const breakingPointB = breakingOf(benchmark, key, b)
  const scored = [...a, ...b].some((t) => t.outcome?.score !== undefined)
  return {
    key,
    points,
    total,
    measure: scored ? 'score' : 'correct',
    breakingPointA,
    breakingPointB,
    breakingPointDelta:
      typeof breakingPointA === 'number' && typeof breakingPointB === 'number'
        ? breakingPointB - breakingPointA
        : null,
    breakingPointDeltaCi:
      breakingPointA !== null && breakingPointB !== null
        ? deltaInterval(key, a, b, replicates)
        : [null, null],
    failing: [...points, total]
      .filter((p) => p.verdict === 'degraded' || p.verdict === 'missing')
      .map((p) => p.key),
  }
}

/**
 * Compares the sweep curves of run B against run A for a benchmark with a sweep (records of no
 * sweep point are ignored); empty when neither run holds a sweep.
 * @example compareBenchmarkSweeps(transduction, a.records, b.records, 0.05)[0].failing // ['sweep:transduction-budget/arithmetic/plain@4000']
 */
export function compareBenchmarkSweeps(
  bench: SweepableBenchmark,
  a: readonly unknown[],
  b: readonly unknown[],
  alpha: number,
  replicates = 1000,
): SweepComparison[] {
  const curvesA = benchmarkSweepTrials(bench, a)
  const curvesB = benchmarkSweepTrials(bench, b)
  const keys = [...new Set([...curvesA.keys(), ...curvesB.keys()])].sort()
  return keys.map((key) =>
    compareCurve(bench.name, key, curvesA.get(key) ?? [], curvesB.get(key) ?? [], alpha, replicates),
  )
}
