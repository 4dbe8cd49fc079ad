/**
 * The progress line of a real run's reporters shows Long-Transduction's cells: the reporters the
 * Vite plugin registers (`arbigraphReporters` over `runBenchmarks`, the benchmarks Vitest's main
 * process loads) get the finished tests of a Long-Transduction suite whose documents ran through
 * the real single-shot harness against sim:noisy, and the line they print names each family ×
 * budget cell with the macro accuracy `arbigraph report` prints for those documents.
 */
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { summarizeTransduction } from '../../plugins/transduction/metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { arbigraphReporters } from '../../reporters/index.ts'
import { resolveReporterOptions } from '../../reporters/options.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { parseBenchmarkOptions } from '../../src/contracts/benchmark.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { runBenchmarks } from '../../src/vitest/run-benchmarks.ts'

const bench = transduction as AnyBenchmark
const cases = await bench.cases(
  parseBenchmarkOptions(
    transduction,
    { family: 'arithmetic', formats: ['plain', 'ordered'], levels: [1], budgets: ['4K', '8K'], samples: 2 },
    'test',
  ),
)

let records: TransductionRecord[]
let benchmarks: AnyBenchmark[]

beforeAll(async () => {
  benchmarks = await runBenchmarks(join(import.meta.dirname, '..', '..'))
  const sim = await startSimServer({ persona: 'sim:noisy', seed: 0 })
  sim.register(bench.simCases!(cases))
  try {
    const context = {
      endpoint: sim.url,
      model: sim.model,
      apiKey: 'arbigraph',
      signal: new AbortController().signal,
      log: () => {},
    }
    records = []
    for (const c of cases)
      records.push((await runBenchmarkCase(bench, c, singleShot(), context)) as TransductionRecord)
  } finally {
    await sim.close()
  }
}, 60_000)

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

/** A finished test as Vitest hands it to reporters: its benchmark, identity and record in meta. */
const finished = (i: number) =>
  ({
    options: { mode: 'run' },
    name: cases[i]!.name,
    fullName: cases[i]!.name,
    module: { moduleId: '/p/suites/transduction/arithmetic.eval.ts', relativeModuleId: 'x' },
    result: () => ({ state: 'passed', errors: [] }),
    meta: () => ({
      arbigraphBenchmark: 'transduction',
      arbigraphCase: cases[i]!.identity,
      arbigraph: records[i],
    }),
  }) as unknown as TestCase

describe('the progress line of a Long-Transduction run', () => {
  it('names every family × budget cell with the accuracy the report prints', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(0)
    vi.stubEnv('ARBIGRAPH_DASHBOARD', 'off')
    const off = { ARBIGRAPH_RESULTS: 'off', ARBIGRAPH_MARKDOWN: 'off', GITHUB_STEP_SUMMARY: '' }
    const reporters = arbigraphReporters(resolveReporterOptions({}, off), benchmarks)
    const lines: string[] = []
    const logger = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) }
    const vitest = { config: { root: '/p' }, logger } as unknown as Vitest
    for (const r of reporters) r.onInit?.(vitest)
    for (const r of reporters) r.onTestRunStart?.([{} as never])
    const module = { children: { allTests: () => cases.map((_, i) => finished(i)) } } as unknown as TestModule
    for (const r of reporters) r.onTestModuleCollected?.(module)
    for (const [i] of cases.entries()) {
      // The last document finishes after the 10 s throttle: its line has every cell.
      if (i === cases.length - 1) vi.setSystemTime(20_000)
      for (const r of reporters) r.onTestCaseResult?.(finished(i))
    }
    const progress = lines.filter((l) => l.startsWith('progress:'))
    expect(progress).toHaveLength(1)
    const accuracy = (budget: string) => {
      const summary = summarizeTransduction(records.filter((r) => r.budget === budget))
      return `${(summary.overall!.accuracy * 100).toFixed(1)}% over ${summary.scored}`
    }
    expect(progress[0]).toBe(
      `progress: 8/8 cases (100.0%), 0.4 cases/s, elapsed 20s, ETA 0s; transduction/arithmetic/4K ${accuracy('4K')}; transduction/arithmetic/8K ${accuracy('8K')}`,
    )
    // The two cells differ, so the line does tell the budgets apart.
    expect(accuracy('4K')).not.toBe(accuracy('8K'))
  })
})
