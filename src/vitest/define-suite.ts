/**
 * `defineSuite`: a benchmark suite as a Vitest file. At collection time it asks the benchmark for
 * its cases (seeded, so every worker and every rerun sees the same ones), then declares one
 * `describe` block named and tagged as the benchmark says and inside it one `test.concurrent`
 * per case. A test passes whenever the model produced an outcome, right or wrong: the record
 * travels in `task.meta.arbigraph`, beside the benchmark's name, to the reporters. It fails only
 * on an infrastructure error, after writing a record that says why.
 *
 * Every benchmark goes through the one generic suite (src/vitest/declare-benchmark-suite.ts):
 * `defineSuite({ topology, … })` is `defineSuite(arbigraphBenchmark, { topology, … })`, and
 * `defineTransductionSuite({ family, … })` is Long-Transduction's suite, the benchmark found by
 * name in the registry (src/ never imports a plugin).
 * Reference: docs/research/ecosystem-anchors.md §A2–§A4.
 */

import { isAbsolute, resolve as resolvePath } from 'node:path'
import type { HarnessProfileInput } from '../agent/profile.ts'
import { arbigraphBenchmark } from '../arbigraph-benchmark.ts'
import type { AnyBenchmark, Benchmark } from '../contracts/benchmark.ts'
import type { Harness } from '../contracts/harness.ts'
import type { CategoryName, HarnessName, TopologyName } from '../contracts/names.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { firstJsonLine } from '../io/dataset-label.ts'
import { getBenchmark } from '../registry.ts'
import type { SuiteOptions } from './arbigraph-suite.ts'
import { type DatasetSuiteOptions, declareDatasetSuite, isDatasetSuite } from './dataset-suite.ts'
import { declareBenchmarkSuite, type SuiteSettings } from './declare-benchmark-suite.ts'
import { runRoot } from './run-root.ts'

// ArbiGraph's options and cases have their own module; callers of the earlier home still find them.
export { type SuiteCase, type SuiteOptions, suiteCases } from './arbigraph-suite.ts'
export type { DatasetSuiteOptions, SuiteSettings }

/**
 * ArbiGraph's suite options as `defineSuite` takes them: the topology, category and harness
 * names are those registered (src/contracts/names.ts), so a typo fails `tsc`.
 */
export type DefineSuiteOptions = Omit<SuiteOptions, 'topology' | 'category' | 'categories' | 'harness'> & {
  topology: TopologyName
  category?: CategoryName
  categories?: readonly CategoryName[]
  harness?: Harness | HarnessName | HarnessProfileInput
}

const isBenchmarkValue = (x: unknown): x is AnyBenchmark =>
  typeof x === 'object' && x !== null && typeof (x as AnyBenchmark).cases === 'function'

/**
 * Declares a benchmark suite; call it at the top level of a `*.eval.ts` file. Give a benchmark
 * and its options, ArbiGraph's options alone, or a frozen dataset file to evaluate as it is.
 * @example
 * // suites/chain/math.eval.ts
 * defineSuite({ topology: 'chain', options: { length: 4 }, category: 'math' })
 * // suites/frozen/chain-math.eval.ts (our JSONL, or a reference file such as math_chain.json)
 * defineSuite({ dataset: 'data/chain-math.jsonl' })
 * // suites/echo/words.eval.ts
 * defineSuite(echo, { words: 3 })
 */
export function defineSuite(options: DefineSuiteOptions | DatasetSuiteOptions): void
export function defineSuite<Options, Case>(
  benchmark: Benchmark<Options, Case, unknown, unknown>,
  options: unknown,
  settings?: SuiteSettings,
): void
export function defineSuite(first: unknown, options?: unknown, settings: SuiteSettings = {}): void {
  // ArbiGraph's options alone: its messages keep saying `defineSuite:`.
  if (isDatasetSuite(first)) declareDatasetSuite(first)
  else if (!isBenchmarkValue(first))
    declareBenchmarkSuite(arbigraphBenchmark, first, {}, undefined, 'defineSuite')
  else declareBenchmarkSuite(first, options, settings)
}

/** Long-Transduction suite options (validated by the registered `transduction` benchmark). */
export interface TransductionSuiteOptions {
  /** The family; with `dataset`, the file's (read from it). */
  family?: string
  /** A Long-Transduction JSONL file (`arbigraph generate transduction`) to evaluate as it is, relative to the run's root. */
  dataset?: string
  budgets?: string[]
  formats?: string[]
  levels?: number[]
  samples?: number
  seed?: string
}

/**
 * Declares a Long-Transduction suite; call it at the top level of a `*.eval.ts` file. The
 * benchmark comes from the registry, so its options are checked when the file is collected.
 * @example
 * // suites/transduction/arithmetic.eval.ts
 * defineTransductionSuite({ family: 'arithmetic' })
 * defineTransductionSuite({ dataset: 'data/lt-arithmetic.jsonl' }) // a generated file, as it is
 */
export function defineTransductionSuite(options: TransductionSuiteOptions): void {
  // A dataset file names its family on every line: the first one names the suite.
  if (options.dataset !== undefined && options.family === undefined) {
    const path = isAbsolute(options.dataset) ? options.dataset : resolvePath(runRoot(), options.dataset)
    options = { ...options, family: String(firstJsonLine(path).family) }
  }
  const label = { name: `transduction/${options.family}`, tags: ['transduction', String(options.family)] }
  const resolve = async () => getBenchmark(await threadRegistry(runRoot()), 'transduction')
  declareBenchmarkSuite(resolve, options, {}, label, 'defineTransductionSuite')
}
