/**
 * Sweep curves of a benchmark other than ArbiGraph's task graphs (e.g. Long-Transduction over its
 * budget or difficulty): its records become trials through the benchmark's own `sweep.trial`, so
 * this module never reads inside a record. A record belongs to a sweep when its case was
 * generated from a point seed, `<base>/<axis>=<value>`, naming one of the benchmark's axes at the
 * record's own value there — as `defineSweep({ benchmark, … })` generates them; an ordinary
 * suite's records (even one that happens to vary one axis) get no curve, so its reports read as
 * before. One curve per sweep and category, named `sweep:<benchmark>-<axis>/<category>`.
 */
import type { AnyBenchmark } from '../../contracts/benchmark.ts'
import type { SweepCurve } from '../../contracts/sweep-curve.ts'
import { seedPoint } from '../../sweep/sweep-spec.ts'
import { type CurveLabel, type CurveTrial, curveOfTrials, trialsByPoint } from './curve-of-trials.ts'

/** What this module reads of a benchmark: its name and its sweep. */
export type SweepableBenchmark = Pick<AnyBenchmark, 'name' | 'sweep'>

/**
 * The name of a benchmark's sweep along `axis`: `<benchmark>-<axis>`.
 * @example benchmarkSweepName('transduction', 'budget') // 'transduction-budget'
 */
export const benchmarkSweepName = (benchmark: string, axis: string): string => `${benchmark}-${axis}`

/**
 * A benchmark's sweep records as curve trials, by curve key (`<benchmark>-<axis>/<category>`),
 * keys sorted; records of no sweep point are left out. What curves and comparisons are made of.
 * @example benchmarkSweepTrials(transduction, records).get('transduction-budget/arithmetic/plain')?.length
 */
export function benchmarkSweepTrials(
  bench: SweepableBenchmark,
  records: readonly unknown[],
): Map<string, CurveTrial[]> {
  const byCurve = new Map<string, CurveTrial[]>()
  if (!bench.sweep) return byCurve
  const { axes } = bench.sweep
  for (const record of records) {
    const t = bench.sweep.trial(record)
    const swept = seedPoint(t.seed)
    if (!swept || !Object.hasOwn(axes, swept.axis) || t.point[swept.axis] !== swept.value) continue
    const name = benchmarkSweepName(bench.name, swept.axis)
    const score = t.correct !== null && t.score !== undefined ? { score: t.score } : {}
    const trial: CurveTrial = {
      caseId: t.caseId,
      model: t.model,
      point: { name, axis: swept.axis, value: swept.value, size: axes[swept.axis]!.size(swept.value) },
      outcome: t.correct === null ? null : { correct: t.correct, promptTokens: t.promptTokens, ...score },
    }
    const key = `${name}/${t.category}`
    const list = byCurve.get(key)
    if (list) list.push(trial)
    else byCurve.set(key, [trial])
  }
  return new Map([...byCurve.keys()].sort().map((key) => [key, byCurve.get(key)!]))
}

/**
 * What names the curve `key` of these trials (the benchmark's name stands in the topology's place).
 * @example curveLabel('transduction', 'transduction-budget/arithmetic/plain', trials).category // 'arithmetic/plain'
 */
export function benchmarkCurveLabel(
  benchmark: string,
  key: string,
  trials: readonly CurveTrial[],
): CurveLabel {
  const { name } = trials[0]!.point
  return { key, name, topology: benchmark, category: key.slice(name.length + 1) }
}

/**
 * The curves of a benchmark's sweep, sorted by category; empty when the records are no sweep.
 * @example benchmarkSweepCurves(transduction, records)[0].key // 'transduction-budget/arithmetic/plain'
 */
export function benchmarkSweepCurves(
  bench: SweepableBenchmark,
  records: readonly unknown[],
  options: { replicates?: number } = {},
): SweepCurve[] {
  return [...benchmarkSweepTrials(bench, records)].map(([key, trials]) =>
    curveOfTrials(
      benchmarkCurveLabel(bench.name, key, trials),
      trialsByPoint(key, trials),
      options.replicates ?? 1000,
    ),
  )
}
