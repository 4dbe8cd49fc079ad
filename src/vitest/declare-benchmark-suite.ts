/**
 * The generic suite: one `describe` block of a benchmark's cases, named and tagged as the
 * benchmark says, with one `test.concurrent` per case that runs the suite's harness (the
 * benchmark's default unless the suite gives one), scores the result into the benchmark's record
 * and stores it in `task.meta.arbigraph` beside the benchmark's name. Options are checked when
 * the benchmark is known: at definition time for a benchmark value, at collection time for one
 * found by name in the registry. Every benchmark's suites come through here: ArbiGraph's
 * (`defineSuite({ topology, … })`, `defineSweep`), Long-Transduction's and a user's.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, inject, test } from 'vitest'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { parseBenchmarkOptions } from '../contracts/benchmark.ts'
import type { Harness, HarnessContext } from '../contracts/harness.ts'
import { ArbigraphError } from '../errors.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { registerSimCases } from './register-sim-cases.ts'
import { runBenchmarkCase } from './run-benchmark-case.ts'
import { runRoot } from './run-root.ts'
import {
  caseStreamCells,
  NOT_RUN_GATE_DECIDED,
  openStreams,
  reportOutcome,
  SWEEP_RUNS_IN_FULL,
  sequenceCases,
  shouldRun,
} from './sequential-case.ts'
import type {} from './task-meta.ts'

/** Extra settings of a suite, whatever its benchmark. */
export interface SuiteSettings {
  /** What answers the cases (a Harness value, src/contracts/harness.ts). @default the benchmark's own */
  harness?: Harness
}

/** The cases of a suite, by default the benchmark's own for its options (a sweep brings its points'). */
export type LoadCases = (
  bench: AnyBenchmark,
  options: unknown,
  run: { root: string },
) => unknown[] | Promise<unknown[]>

/** What a suite's harness looks up in the registry: the user's plugins' harnesses, no built-in. */
const NO_BUILTINS = { categories: [], topologies: [], benchmarks: [] }

/**
 * Declares a suite of `benchmark` (a value, or a function resolving one by name).
 * @example declareBenchmarkSuite(echo, { words: 3 }, {})
 */
export function declareBenchmarkSuite(
  benchmark: AnyBenchmark | (() => Promise<AnyBenchmark>),
  options: unknown,
  settings: SuiteSettings,
  label?: { name: string; tags: string[] },
  who?: string,
  load: LoadCases = (bench, o, run) => bench.cases(o, run),
  sweep = false,
): void {
  let title = label
  if (typeof benchmark !== 'function') {
    // A value is checked where the suite is defined, before any generation.
    title ??= benchmark.suite(
      parseBenchmarkOptions(benchmark, options, who ?? `defineSuite(${benchmark.name})`),
    )
  }
  const resolve = typeof benchmark === 'function' ? benchmark : async () => benchmark
  describe(title!.name, { tags: title!.tags }, async () => {
    const bench = await resolve()
    const where = who ?? `defineSuite(${bench.name})`
    const o = parseBenchmarkOptions(bench, options, where)
    const root = runRoot()
    const cases = (await load(bench, o, { root })) as Awaited<ReturnType<AnyBenchmark['cases']>>
    // For the harnesses the user's plugins register: no built-in category, topology or benchmark
    // (a math suite's worker would otherwise import Python's, GSM's and Long-Transduction's).
    const registry = await threadRegistry(root, undefined, NO_BUILTINS)
    const harness = settings.harness
      ? (bench.suiteHarness?.(settings.harness, registry) ?? settings.harness)
      : bench.harness(o, registry)
    // Under the sequential gate, cases run in a seeded random order and ask before sending.
    const desk = inject('arbigraphGate')?.url
    const sequenced = desk ? sequenceCases(cases, title!.name, caseStreamCells(bench)) : undefined
    // A benchmark sweep's cases share its gate cells but make curves: those cells run in full.
    const fixed = sequenced && sweep ? SWEEP_RUNS_IN_FULL : undefined
    beforeAll(async () => {
      const context = inject('arbigraph')
      if (context.server) bench.prepare?.(o, context.server, harness)
      if (bench.simCases) await registerSimCases(context, bench.simCases(cases), where, bench.simBatch)
      // Each suite its own id: two suites (files) sharing a cell make it fixed-n at the desk.
      if (desk && sequenced)
        await openStreams(desk, `${title!.name} ${randomUUID()}`, sequenced.openings, fixed)
    })
    for (const { c, order, entries } of sequenced?.ordered ??
      cases.map((c) => ({ c, order: -1, entries: [] }))) {
      const meta = {
        arbigraphBenchmark: bench.name,
        arbigraphCase: c.identity,
        ...(sequenced ? { arbigraphOrder: order } : {}),
        ...(fixed ? { arbigraphFixed: fixed } : {}),
      }
      test.concurrent(c.name, { meta }, async ({ task, signal, skip }) => {
        if (desk && !(await shouldRun(desk, entries))) {
          task.meta.arbigraphGate = NOT_RUN_GATE_DECIDED
          return skip(NOT_RUN_GATE_DECIDED)
        }
        const context = inject('arbigraph')
        const harnessContext: HarnessContext = {
          endpoint: context.poolUrl,
          model: context.model,
          apiKey: 'arbigraph',
          signal,
          log: (message) => console.warn(`[${harness.name}] ${c.name}: ${message}`),
          timeouts: {
            ...(context.turnTimeoutMs !== undefined ? { requestMs: context.turnTimeoutMs } : {}),
            ...(context.streamIdleMs !== undefined ? { idleMs: context.streamIdleMs } : {}),
          },
        }
        const record = await runBenchmarkCase(
          bench,
          c,
          harness,
          harnessContext,
          { registry, registerSim: (simCases, who) => registerSimCases(context, simCases, who) },
          context.caseDeadlineMs,
        )
        task.meta.arbigraph = record
        const reason = bench.records.infraReason(record)
        if (desk) await reportOutcome(desk, entries, record, reason !== null, bench)
        if (reason !== null) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', reason)
      })
    }
  })
}
