/**
 * `defineSweep`: a scaling sweep as a Vitest file. Like `defineSuite` it generates its cases at
 * collection time, but point by point (one per value of the varied option, each with its own
 * derived seed, see src/sweep/sweep-spec.ts), and every case's identity carries its sweep point,
 * so the reporters fit the curve and its breaking point (src/metrics/sweep/). Before the cases
 * run it prints the cost preview: cases and first-turn prompt tokens per point and in total.
 * Tests are named `<axis>=<value> <Task> #<sample>`, so `-t length=8` runs one point. An
 * ArbiGraph sweep is the ArbiGraph benchmark with the sweep's options and cases: it runs through
 * the one generic suite and case runner, its records are ArbiGraph's.
 *
 * The benchmark form, `defineSweep({ benchmark, options, vary })`, sweeps an axis a benchmark
 * declares (Long-Transduction: `budget`, `level`) through the generic benchmark suite; its tests
 * are named `<axis>=<value> <the benchmark's test name>`.
 */

import type { HarnessProfileInput } from '../agent/profile.ts'
import {
  type ArbigraphCaseInput,
  arbigraphBenchmark,
  arbigraphCases,
  suiteCaseSettings,
} from '../arbigraph-benchmark.ts'
import type { Benchmark } from '../contracts/benchmark.ts'
import type { CaseRecord } from '../contracts/case-record.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { generateDataset } from '../generate/generate-dataset.ts'
import { checkSuiteHarnessOption } from '../harness/suite-harness.ts'
import type { RunSummary } from '../metrics/summarize.ts'
import { getBenchmark, getTemplate, type Registry } from '../registry.ts'
import {
  type BenchmarkSweepOptions,
  benchmarkPointCases,
  benchmarkSweepPlan,
  parseBenchmarkSweep,
  type ResolvedBenchmarkSweep,
} from '../sweep/benchmark-sweep-spec.ts'
import { formatCost, type PointCost, pointCost, promptsCost } from '../sweep/sweep-cost.ts'
import {
  parseSweepOptions,
  pointSpec,
  type ResolvedSweep,
  type SweepOptions,
  sweepAxis,
  sweepName,
  sweepOptionsSchema,
  sweepPoints,
} from '../sweep/sweep-spec.ts'
import { type SuiteCase, topologyOptions } from './arbigraph-suite.ts'
import { declareBenchmarkSuite, type SuiteSettings } from './declare-benchmark-suite.ts'
import { runRoot } from './run-root.ts'
import { readSuiteEnv } from './suite-env.ts'
import { type SuiteVariant, suiteVariant, variantCaseId } from './suite-variant.ts'

export type DefineSweepOptions = Omit<SweepOptions, 'harness'> & { harness?: HarnessProfileInput }

/** The benchmark form; `harness` is a Harness value, as in `defineSuite(benchmark, options, { harness })`. */
export type DefineBenchmarkSweepOptions = BenchmarkSweepOptions & SuiteSettings

/** A sweep's cases, point after point, and what each point costs. */
export interface SweepCases {
  cases: SuiteCase[]
  costs: PointCost[]
}

/**
 * The sweep's cases in point order (then dataset order and epochs), generated in-process. Case
 * ids are `<sweep>@<value>/<instance id>`: instance ids repeat from point to point.
 * @example (await sweepCases({ topology: 'chain', category: 'math', vary: { length: [1, 2] } })).cases[0].identity.sweep // { name: 'chain-length', axis: 'length', value: 1, size: 1 }
 */
export async function sweepCases(
  options: DefineSweepOptions,
  env = readSuiteEnv(),
  root = process.cwd(),
): Promise<SweepCases> {
  const sweep = parseSweepOptions(options as SweepOptions)
  const category = (sweep.categories ?? [sweep.category!]).join('+')
  const registry = await threadRegistry(root)
  const cases: SuiteCase[] = []
  const costs: PointCost[] = []
  // Another sweep of this name may differ in its other settings: they are in its ids.
  const variant = sweepVariant(sweep, registry)
  const suite = Object.keys(variant).length > 0 ? { suite: variant } : {}
  for (const point of sweepPoints(sweep)) {
    const spec = pointSpec(sweep, point, { samples: env.samples, seed: env.seed })
    const { instances } = await generateDataset(spec, { registry })
    costs.push(pointCost(point, instances, env.epochs))
    for (const instance of instances) {
      const task = getTemplate(registry, instance.family, instance.task).referenceName ?? instance.task
      const id = variantCaseId(`${point.name}@${point.value}/${instance.id}`, variant)
      for (let epoch = 0; epoch < env.epochs; epoch++)
        cases.push({
          name: `${point.axis}=${point.value} ${task} #${instance.sample}${env.epochs > 1 ? ` epoch ${epoch}` : ''}`,
          instance,
          identity: {
            caseId: id,
            instanceId: id,
            topology: sweep.topology,
            category,
            task: instance.task,
            sample: instance.sample,
            epoch,
            sweep: point,
            ...suite,
          },
        })
    }
  }
  return { cases, costs }
}

/**
 * What sets a sweep's cases apart from those of another sweep of its name: its fixed topology
 * options that differ from the topology's defaults and its settings that change instances (seed,
 * repeatTemplates, maxAttempts) — as for a suite (`arbigraphVariant`); the varied axis is in the
 * sweep point already.
 * @example sweepVariant(parseSweepOptions({ topology: 'chain', category: 'math', vary: { length: [1, 2] }, seed: '7' }), registry) // { seed: '7' }
 */
export function sweepVariant(sweep: ResolvedSweep, registry: Registry): SuiteVariant {
  const { axis } = sweepAxis(sweep)
  const settings = (s: ResolvedSweep, options: Record<string, unknown>) => {
    const { [axis]: _varied, ...fixed } = topologyOptions(s.topology, options, registry)
    return { ...fixed, seed: s.seed, repeatTemplates: s.repeatTemplates, maxAttempts: s.maxAttempts }
  }
  const plain = parseSweepOptions({ topology: sweep.topology, category: 'x', vary: sweep.vary })
  return suiteVariant(settings(sweep, sweep.options), settings(plain, {}))
}

/**
 * The cases of a benchmark sweep, point after point (each with its sweep point in the test
 * name), and what each point costs.
 * @example (await benchmarkSweepCases(transduction, sweep)).costs.map((c) => c.point.size) // [4000, 8000]
 */
export async function benchmarkSweepCases(
  bench: Parameters<typeof benchmarkSweepPlan>[0],
  sweep: ResolvedBenchmarkSweep,
  env = readSuiteEnv(),
  run?: { root: string },
): Promise<{ cases: Awaited<ReturnType<typeof benchmarkPointCases>>; costs: PointCost[] }> {
  const plan = benchmarkSweepPlan(bench, sweep)
  const cases: Awaited<ReturnType<typeof benchmarkPointCases>> = []
  const costs: PointCost[] = []
  for (const point of plan.points) {
    const pointCases = await benchmarkPointCases(plan, point, env.seed ?? sweep.seed, run)
    costs.push(
      promptsCost(
        point,
        pointCases.map((c) => bench.harnessCase(c).prompt),
        1,
      ),
    )
    for (const c of pointCases) cases.push({ ...c, name: `${point.axis}=${point.value} ${c.name}` })
  }
  return { cases, costs }
}

const printCost = (name: string, costs: readonly PointCost[]) =>
  console.info(
    `arbigraph: sweep ${name} — cost before running (first-turn prompt tokens, cl100k_base)\n${formatCost(costs)}`,
  )

function defineBenchmarkSweep(options: DefineBenchmarkSweepOptions): void {
  const { harness, ...rest } = options
  const sweep = parseBenchmarkSweep(rest) // fail at definition time
  const [axis] = Object.keys(sweep.vary)
  const byName = typeof sweep.benchmark === 'string'
  const label = byName ? String(sweep.benchmark) : (sweep.benchmark as { name: string }).name
  // A benchmark value is checked here; one found by name when the file is collected.
  if (!byName) benchmarkSweepPlan(sweep.benchmark as Parameters<typeof benchmarkSweepPlan>[0], sweep)
  const resolve = async () =>
    byName
      ? getBenchmark(await threadRegistry(runRoot()), sweep.benchmark as string)
      : (sweep.benchmark as never)
  declareBenchmarkSuite(
    resolve,
    sweep.options,
    harness ? { harness } : {},
    { name: `sweep:${label}-${axis}`, tags: ['sweep', label] },
    `defineSweep(${label})`,
    async (bench) => {
      // The run's root: where the benchmark stores its cases' details (the document view's).
      const { cases, costs } = await benchmarkSweepCases(bench, sweep, readSuiteEnv(), { root: runRoot() })
      printCost(`${bench.name}-${axis}`, costs)
      return cases
    },
    true,
  )
}

/** The describe block of a sweep: `sweep:<name>/<categories>`, tagged `sweep`, the topology and categories. */
function sweepLabel(sweep: ResolvedSweep): { name: string; tags: string[] } {
  const categories = sweep.categories ?? [sweep.category!]
  return {
    name: `sweep:${sweepName(sweep)}/${categories.join('+')}`,
    tags: ['sweep', sweep.topology, ...categories],
  }
}

/**
 * ArbiGraph with a sweep's options and cases: the same harness, scoring, conditions and records.
 * Its cases print the cost preview when they are generated (collection time).
 */
const arbigraphSweep: Benchmark<ResolvedSweep, ArbigraphCaseInput, CaseRecord, RunSummary> = {
  ...arbigraphBenchmark,
  options: sweepOptionsSchema,
  suite: sweepLabel,
  async cases(sweep, run) {
    const root = run?.root ?? process.cwd()
    const { cases, costs } = await sweepCases(sweep as DefineSweepOptions, undefined, root)
    printCost(sweepName(sweep), costs)
    return arbigraphCases(cases, await suiteCaseSettings(sweep.topology, sweep.conditions, root))
  },
  harness: (sweep, registry) => arbigraphBenchmark.harness(sweep as never, registry),
}

/**
 * Declares a scaling sweep; call it at the top level of a `*.eval.ts` file. Give a topology
 * (ArbiGraph) or a benchmark that declares sweep axes.
 * @example
 * // suites/sweeps/chain-length.eval.ts
 * defineSweep({ topology: 'chain', category: 'math', vary: { length: [1, 2, 4, 8, 16, 32] }, samplesPerTask: 1 })
 * // suites/sweeps/transduction-budget.eval.ts
 * defineSweep({ benchmark: 'transduction', options: { family: 'arithmetic', levels: [1] }, vary: { budget: [4000, 8000, 16000] } })
 */
export function defineSweep(options: DefineSweepOptions | DefineBenchmarkSweepOptions): void {
  if ('benchmark' in options) {
    defineBenchmarkSweep(options)
    return
  }
  const sweep = parseSweepOptions(options as SweepOptions) // fail at definition time
  checkSuiteHarnessOption(options.harness) // bad profile fields too
  declareBenchmarkSuite(arbigraphSweep, options, {}, sweepLabel(sweep), 'defineSweep')
}
