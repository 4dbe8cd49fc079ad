/**
 * The benchmark form of a sweep, `defineSweep({ benchmark, options, vary })`: one option of a
 * benchmark that declares `sweep` axes (src/contracts/benchmark.ts; Long-Transduction: `budget`
 * in tokens, `level` by its ordinal) varied over a list of values, the benchmark's other suite
 * options held fixed. Each point's cases are generated from the point's own seed,
 * `<seed>/<axis>=<value>`, as in the topology form (src/sweep/sweep-spec.ts).
 */
import { z } from 'zod'
import type { AnyBenchmark, BenchmarkCase } from '../contracts/benchmark.ts'
import { parseBenchmarkOptions } from '../contracts/benchmark.ts'
import type { SweepPoint } from '../contracts/sweep-point.ts'
import { ArbigraphError } from '../errors.ts'
import { benchmarkSweepName } from '../metrics/sweep/benchmark-sweeps.ts'
import { pointSeed, valuesSchema } from './sweep-spec.ts'

export const benchmarkSweepSchema = z
  .object({
    /** A registered benchmark's name (e.g. 'transduction') or a benchmark value. */
    benchmark: z.union([
      z.string().min(1),
      z.custom<AnyBenchmark>((x) => typeof x === 'object' && x !== null && 'cases' in x, {
        message: 'expected a benchmark name or value',
      }),
    ]),
    /** The benchmark's suite options held fixed at every point. @default {} */
    options: z.record(z.string(), z.unknown()).default({}),
    /** The one axis varied and its values, smallest first: `{ budget: [4000, 8000, 16000] }`. */
    vary: z
      .record(z.string().min(1), valuesSchema)
      .refine((vary) => Object.keys(vary).length === 1, { error: 'vary exactly one option' }),
    /** Base seed; each point's seed is derived from it. ARBIGRAPH_SEED overrides it. @default '0' */
    seed: z.string().default('0'),
  })
  .strict()

export type BenchmarkSweepOptions = z.input<typeof benchmarkSweepSchema>
export type ResolvedBenchmarkSweep = z.output<typeof benchmarkSweepSchema>

/**
 * Validates the benchmark form's own fields (the benchmark and its axis are checked by
 * `benchmarkSweepPoints` once the benchmark is known).
 * @example parseBenchmarkSweep({ benchmark: 'transduction', options: { family: 'arithmetic', levels: [1] }, vary: { budget: [4000, 8000] } })
 */
export const parseBenchmarkSweep = (options: BenchmarkSweepOptions): ResolvedBenchmarkSweep =>
  parseBenchmarkOptions({ options: benchmarkSweepSchema }, options, 'defineSweep')

/** A benchmark sweep made concrete: its benchmark's parsed options and its points. */
export interface BenchmarkSweepPlan {
  bench: AnyBenchmark
  name: string
  axis: string
  options: unknown
  points: SweepPoint[]
}

/**
 * Checks the sweep against its benchmark: the benchmark can be swept, along that axis, at those
 * values, with those options; each message names the culprit.
 * @example benchmarkSweepPlan(transduction, sweep).points.map((p) => p.size) // [4000, 8000]
 */
export function benchmarkSweepPlan(bench: AnyBenchmark, sweep: ResolvedBenchmarkSweep): BenchmarkSweepPlan {
  const where = `defineSweep(${bench.name})`
  const [axis, values] = Object.entries(sweep.vary)[0]!
  const axes = bench.sweep?.axes
  if (!axes)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${where}: benchmark "${bench.name}" declares no sweep axes`,
    )
  const spec = axes[axis]
  if (!spec)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${where}: vary: "${axis}" is not a sweep axis of ${bench.name} (axes: ${Object.entries(axes)
        .map(([name, a]) => `${name}, ${a.describe}`)
        .join('; ')})`,
    )
  for (const value of values) {
    const problem = spec.check(value)
    if (problem) throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${where}: vary.${axis}: ${problem}`)
  }
  const name = benchmarkSweepName(bench.name, axis)
  return {
    bench,
    name,
    axis,
    options: parseBenchmarkOptions(bench, sweep.options, `${where}: options`),
    points: values.map((value) => ({ name, axis, value, size: spec.size(value) })),
  }
}

/**
 * The cases of one point, generated from the point seed (ARBIGRAPH_SEED, when given, is the base).
 * @example await benchmarkPointCases(plan, plan.points[0], '0') // the 4K documents
 */
export function benchmarkPointCases(
  plan: BenchmarkSweepPlan,
  point: SweepPoint,
  seed: string,
  run?: { root: string },
): BenchmarkCase<unknown>[] | Promise<BenchmarkCase<unknown>[]> {
  return plan.bench.sweep!.pointCases(
    plan.options,
    point.axis,
    point.value,
    pointSeed(seed, point.axis, point.value),
    run,
  )
}
