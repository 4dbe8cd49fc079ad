/**
 * Sweep curves of a benchmark other than ArbiGraph's task graphs (e.g. Long-Transduction over its
 * budget or difficulty): its records become trials through the benchmark's own `sweep.trial`, so
 * this module never reads inside a record. Its records are a sweep along an axis when that axis
 * takes two values or more and every other axis one (everything else held fixed, as
 * `defineSweep({ benchmark, … })` generates them); a run that varies two axes at once (the
 * default Long-Transduction grid) is no sweep and gets no curve, rather than curves pooled over
 * the other axis. One curve per category, named `sweep:<benchmark>-<axis>/<category>`.
 */
import type { AnyBenchmark } from '../../contracts/benchmark.ts'
import type { SweepCurve } from '../../contracts/sweep-curve.ts'
import { ArbigraphError } from '../../errors.ts'
import { type CurveTrial, curveOfTrials, trialsByPoint } from './curve-of-trials.ts'

/**
 * The name of a benchmark's sweep along `axis`: `<benchmark>-<axis>`.
 * @example benchmarkSweepName('transduction', 'budget') // 'transduction-budget'
 */
export const benchmarkSweepName = (benchmark: string, axis: string): string => `${benchmark}-${axis}`

/**
 * The axis `records` sweep, or null when they vary none or several at once.
 * @example sweptAxis(transduction, records) // 'budget'
 */
export function sweptAxis(bench: AnyBenchmark, records: readonly unknown[]): string | null {
  if (!bench.sweep || records.length === 0) return null
  const trials = records.map((r) => bench.sweep!.trial(r))
  const varying = Object.keys(bench.sweep.axes).filter(
    (axis) => new Set(trials.map((t) => t.point[axis])).size > 1,
  )
  return varying.length === 1 ? varying[0]! : null
}

/**
 * The curves of a benchmark's sweep, sorted by category; empty when the records are no sweep.
 * @example benchmarkSweepCurves(transduction, records)[0].key // 'transduction-budget/arithmetic/plain'
 */
export function benchmarkSweepCurves(
  bench: AnyBenchmark,
  records: readonly unknown[],
  options: { replicates?: number } = {},
): SweepCurve[] {
  const axis = sweptAxis(bench, records)
  if (axis === null) return []
  const { size } = bench.sweep!.axes[axis]!
  const name = benchmarkSweepName(bench.name, axis)
  const byCategory = new Map<string, CurveTrial[]>()
  for (const record of records) {
    const t = bench.sweep!.trial(record)
    const value = t.point[axis]
    if (value === undefined)
      throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `sweep "${name}": case "${t.caseId}" has no ${axis}`)
    const trial: CurveTrial = {
      caseId: t.caseId,
      model: t.model,
      point: { name, axis, value, size: size(value) },
      outcome: t.correct === null ? null : { correct: t.correct, promptTokens: t.promptTokens },
    }
    byCategory.set(t.category, [...(byCategory.get(t.category) ?? []), trial])
  }
  return [...byCategory.keys()].sort().map((category) => {
    const key = `${name}/${category}`
    const label = { key, name, topology: bench.name, category }
    return curveOfTrials(label, trialsByPoint(key, byCategory.get(category)!), options.replicates ?? 1000)
  })
}
