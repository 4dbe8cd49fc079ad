/**
 * The progress reporter for logs that are not a terminal: while an eval runs in CI it prints a
 * plain line at most every 10 s — cases done/total, rate, ETA and the running figures of each
 * cell of every benchmark in the run (infrastructure errors counted apart). A benchmark names its
 * cells from its own summary of the records so far (`progressCells`, src/contracts/benchmark.ts),
 * so the line agrees with the report the run ends with. On a terminal it prints nothing: Vitest's
 * own reporter already redraws its progress there.
 */
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import type { AnyBenchmark, BenchmarkProgressCell } from '../src/contracts/benchmark.ts'
import {
  type CellProgress,
  PROGRESS_INTERVAL_MS,
  progressLine,
  throttle,
} from '../src/report/progress-line.ts'
import { benchmarkOfTest, recordOfTest } from './collect-records.ts'

export interface ProgressReporterOptions {
  /**
   * The benchmarks whose tests get cells (a test of another one is counted, in no cell).
   * @default []
   */
  benchmarks?: readonly AnyBenchmark[]
  /**
   * Least time between two lines.
   * @default 10_000
   */
  intervalMs?: number
  /**
   * The clock, in milliseconds.
   * @default Date.now
   */
  now?: () => number
  /**
   * Where a line goes.
   * @default the Vitest logger (stdout)
   */
  write?: (line: string) => void
  /**
   * Whether stdout is a terminal; lines are printed only when it is not.
   * @default process.stdout.isTTY === true
   */
  isTTY?: boolean
}

/**
 * The cells of a benchmark without `progressCells`: one, named after it, counting its graded
 * records and infrastructure errors (only the benchmark could say whether a record is right).
 * @example defaultProgressCells(echo, records) // [{ cell: 'echo', graded: 4, infraErrors: 1 }]
 */
export function defaultProgressCells(
  bench: Pick<AnyBenchmark, 'name' | 'records'>,
  records: readonly unknown[],
): BenchmarkProgressCell[] {
  const infraErrors = records.filter((r) => bench.records.infraReason(r) !== null).length
  return [{ cell: bench.name, graded: records.length - infraErrors, infraErrors }]
}

const runs = (test: TestCase) => test.options.mode === 'run' || test.options.mode === 'only'

/**
 * The reporter.
 * @example vitest.config.reporters.push(progressReporter({ benchmarks: [arbigraphBenchmark, transduction] }))
 */
export function progressReporter(options: ProgressReporterOptions = {}): Reporter {
  if (options.isTTY ?? process.stdout.isTTY === true) return {}
  const now = options.now ?? Date.now
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS
  const benchmarks = new Map((options.benchmarks ?? []).map((b) => [b.name, b]))
  let vitest: Vitest | undefined
  let start = now()
  let due = throttle(interval, now)
  let total = 0
  let done = 0
  // The records so far, by benchmark, in the order the benchmarks were registered.
  const records = new Map<string, unknown[]>()
  const write = (line: string) =>
    options.write ? options.write(line) : vitest ? vitest.logger.log(line) : console.log(line)
  const cells = (): CellProgress[] =>
    [...benchmarks.values()].flatMap((bench) => {
      const mine = records.get(bench.name)
      if (!mine || mine.length === 0) return []
      return bench.progressCells ? bench.progressCells(mine) : defaultProgressCells(bench, mine)
    })
  return {
    onInit(ctx) {
      vitest = ctx
    },
    onTestRunStart() {
      start = now()
      due = throttle(interval, now)
      total = 0
      done = 0
      records.clear()
    },
    onTestModuleCollected(module: TestModule) {
      for (const test of module.children.allTests()) if (runs(test)) total++
    },
    onTestCaseResult(test: TestCase) {
      if (test.result().state === 'skipped') return
      done++
      const bench = benchmarks.get(benchmarkOfTest(test))
      const record = bench && recordOfTest(bench, test)
      if (bench && record !== undefined) {
        const mine = records.get(bench.name) ?? []
        mine.push(record)
        records.set(bench.name, mine)
      }
      if (!due()) return
      write(
        progressLine({
          done,
          total: Math.max(total, done),
          elapsedMs: now() - start,
          unit: 'cases',
          cells: cells(),
        }),
      )
    },
  }
}
