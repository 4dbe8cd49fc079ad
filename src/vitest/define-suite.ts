/**
 * `defineSuite`: a benchmark suite as a Vitest file. At collection time it asks the benchmark for
 * its cases (seeded, so every worker and every rerun sees the same ones), then declares one
 * `describe` block named and tagged as the benchmark says and inside it one `test.concurrent`
 * per case. A test passes whenever the model produced an outcome, right or wrong: the record
 * travels in `task.meta.arbigraph`, beside the benchmark's name, to the reporters. It fails only
 * on an infrastructure error, after writing a record that says why.
 *
 * ArbiGraph's suites (`defineSuite({ topology, … })`, also `defineSuite(arbigraphBenchmark, …)`)
 * go through `declareCases`, which `defineSweep` shares and where the context conditions ask
 * the harness again per node; every other benchmark goes through `declareBenchmarkSuite`
 * (src/vitest/declare-benchmark-suite.ts). `defineTransductionSuite({ family, … })` is
 * Long-Transduction's suite, the benchmark found by name in the registry (src/ never imports a
 * plugin).
 * Reference: docs/research/ecosystem-anchors.md §A2–§A4.
 */
import { beforeAll, describe, inject, test } from 'vitest'
import { topologyBudget } from '../agent/profile.ts'
import { arbigraphBenchmark } from '../arbigraph-benchmark.ts'
import { harnessAsk } from '../conditions/harness-ask.ts'
import { resolveConditions } from '../conditions/select-conditions.ts'
import { withConditions } from '../conditions/with-conditions.ts'
import type { AnyBenchmark, Benchmark } from '../contracts/benchmark.ts'
import type { Condition } from '../contracts/conditions.ts'
import { caseDetailSinkFromEnv } from '../dashboard/case-details.ts'
import { assertProtocolUsable } from '../doctor/check-server.ts'
import { ArbigraphError } from '../errors.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { checkSuiteHarnessOption, type SuiteHarnessOption, suiteHarness } from '../harness/suite-harness.ts'
import { getBenchmark, getTopology } from '../registry.ts'
import type { SuiteCase, SuiteOptions } from './arbigraph-suite.ts'
import { parseSuiteOptions, suiteCases, suiteLabel } from './arbigraph-suite.ts'
import { declareBenchmarkSuite, type SuiteSettings } from './declare-benchmark-suite.ts'
import type { ArbigraphContext } from './provided-context.ts'
import { registerSimCases } from './register-sim-cases.ts'
import { runCase } from './run-case.ts'
import { simCaseOf } from './sim-case.ts'

// ArbiGraph's options and cases have their own module; callers of the earlier home still find them.
export { type SuiteCase, type SuiteOptions, suiteCases } from './arbigraph-suite.ts'
export type { SuiteSettings }

/** Tells the simulator the suite's ground truths (each instance once, whatever the epochs). */
function registerWithSim(context: ArbigraphContext, cases: readonly SuiteCase[]): Promise<void> {
  const unique = [...new Map(cases.map((c) => [c.identity.instanceId, c.instance])).values()]
  return registerSimCases(context, unique.map(simCaseOf), 'defineSuite')
}

/** What `declareCases` needs besides the cases: where they sit and how the harness runs. */
export interface CaseDeclaration {
  /** The `describe` title, e.g. `chain/math`. */
  title: string
  tags: string[]
  /** The registered topology of the cases: its budgets go to the harness. */
  topology: string
  /** The suite's `harness` option (ARBIGRAPH_HARNESS overrides it). */
  harness: SuiteHarnessOption | undefined
  /** Context conditions to run on each case besides in-graph. */
  conditions: readonly Condition[]
}

/**
 * Declares one `describe` holding a `test.concurrent` per case, each running the suite's harness
 * and storing its record; `load` generates the cases at collection time. Shared by `defineSuite`
 * and `defineSweep`.
 * @example declareCases({ title: 'chain/math', tags: ['chain', 'math'], topology: 'chain', harness: undefined, conditions }, () => suiteCases(options))
 */
export function declareCases(declaration: CaseDeclaration, load: () => Promise<SuiteCase[]>): void {
  checkSuiteHarnessOption(declaration.harness) // bad profile fields fail at definition time
  describe(declaration.title, { tags: declaration.tags }, async () => {
    const cases = await load()
    const registry = await threadRegistry(process.cwd())
    const harness = suiteHarness(declaration.harness, registry)
    const budget = topologyBudget(getTopology(registry, declaration.topology))
    const caseDetails = caseDetailSinkFromEnv(process.env)
    beforeAll(() => {
      const context = inject('arbigraph')
      // The preflight found the server cannot serve this suite's protocol: stop before any case.
      if (context.server && harness.protocol) assertProtocolUsable(context.server, harness.protocol)
      return registerWithSim(context, cases)
    })
    for (const c of cases) {
      const meta = { arbigraphBenchmark: arbigraphBenchmark.name, arbigraphCase: c.identity }
      test.concurrent(c.name, { meta }, async ({ task, signal }) => {
        const context = inject('arbigraph')
        const timeouts = { requestMs: context.turnTimeoutMs, idleMs: context.streamIdleMs }
        const log = (message: string) => console.warn(`[${harness.name}] ${c.name}: ${message}`)
        const record = await runCase(c.instance, {
          baseURL: context.poolUrl,
          model: context.model,
          harness,
          budget,
          timeouts,
          log,
          identity: c.identity,
          signal,
          ...(caseDetails ? { caseDetails } : {}),
        })
        const measured = await withConditions(record, c.instance, {
          conditions: declaration.conditions,
          registry,
          // Node prompts go through the same harness, endpoint, budgets and epoch seed as the case.
          ask: harnessAsk(
            harness,
            { id: c.identity.caseId, epoch: c.identity.epoch, budget },
            {
              endpoint: context.poolUrl,
              model: context.model,
              apiKey: 'arbigraph',
              signal,
              log,
              timeouts,
              ...(c.identity.epoch > 0 ? { requestFields: { seed: c.identity.epoch } } : {}),
            },
          ),
          announce: (simCases) => registerSimCases(context, simCases, 'context conditions'),
          signal,
        })
        task.meta.arbigraph = measured
        if (measured.infraError) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', measured.infraError.reason)
      })
    }
  })
}

const isBenchmarkValue = (x: unknown): x is AnyBenchmark =>
  typeof x === 'object' && x !== null && typeof (x as AnyBenchmark).cases === 'function'

/** ArbiGraph's suite: its options checked at definition time, before any generation. */
function defineArbigraphSuite(options: SuiteOptions): void {
  const o = parseSuiteOptions(options)
  const label = suiteLabel(o)
  declareCases(
    {
      title: label.name,
      tags: label.tags,
      topology: o.topology,
      harness: options.harness,
      conditions: resolveConditions(o.conditions),
    },
    () => suiteCases(options),
  )
}

/**
 * Declares a benchmark suite; call it at the top level of a `*.eval.ts` file. Give a benchmark
 * and its options, or ArbiGraph's options alone.
 * @example
 * // suites/chain/math.eval.ts
 * defineSuite({ topology: 'chain', options: { length: 4 }, category: 'math' })
 * // suites/echo/words.eval.ts
 * defineSuite(echo, { words: 3 })
 */
export function defineSuite(options: SuiteOptions): void
export function defineSuite<Options, Case>(
  benchmark: Benchmark<Options, Case, unknown, unknown>,
  options: unknown,
  settings?: SuiteSettings,
): void
export function defineSuite(first: unknown, options?: unknown, settings: SuiteSettings = {}): void {
  if (!isBenchmarkValue(first)) defineArbigraphSuite(first as SuiteOptions)
  // ArbiGraph's trials ask the harness again per node (context conditions): its own declaration.
  else if (first === arbigraphBenchmark)
    defineArbigraphSuite({
      ...(options as SuiteOptions),
      ...(settings.harness ? { harness: settings.harness } : {}),
    })
  else declareBenchmarkSuite(first, options, settings)
}

/** Long-Transduction suite options (validated by the registered `transduction` benchmark). */
export interface TransductionSuiteOptions {
  family: string
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
 */
export function defineTransductionSuite(options: TransductionSuiteOptions): void {
  const label = { name: `transduction/${options.family}`, tags: ['transduction', options.family] }
  const resolve = async () => getBenchmark(await threadRegistry(process.cwd()), 'transduction')
  declareBenchmarkSuite(resolve, options, {}, label, 'defineTransductionSuite')
}
