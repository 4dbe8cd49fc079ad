/**
 * The progress reporter for logs that are not a terminal: while an eval runs in CI it prints a
 * plain line at most every 10 s — cases done/total, rate, ETA (once every test file is loaded:
 * before, the total still grows) and the running figures of each
 * cell of every benchmark in the run (infrastructure errors counted apart). A benchmark names its
 * cells from its own summary of the records so far (`progressCells`, src/contracts/benchmark.ts),
 * so the line agrees with the report the run ends with. On a terminal it prints nothing: Vitest's
 * own reporter already redraws its progress there.
 */
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import { PROGRESS_INTERVAL_MS, progressLine, throttle } from '../src/report/progress-line.ts'
import { runningCells } from './running-cells.ts'

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

const runs = (test: TestCase) => test.options.mode === 'run' || test.options.mode === 'only'

/**
 * The reporter.
 * @example vitest.config.reporters.push(progressReporter({ benchmarks: [arbigraphBenchmark, transduction] }))
 */
export function progressReporter(options: ProgressReporterOptions = {}): Reporter {
  if (options.isTTY ?? process.stdout.isTTY === true) return {}
  const now = options.now ?? Date.now
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS
  const running = runningCells(options.benchmarks ?? [])
  let vitest: Vitest | undefined
  let start = now()
  let due = throttle(interval, now)
  let total = 0
  let done = 0
  // Test files to run and those collected so far: until every one is, the total still grows.
  let files = 0
  let loaded = 0
  const write = (line: string) =>
    options.write ? options.write(line) : vitest ? vitest.logger.log(line) : console.log(line)
  return {
    onInit(ctx) {
      vitest = ctx
    },
    onTestRunStart(specifications) {
      start = now()
      due = throttle(interval, now)
      total = 0
      done = 0
      files = specifications.length
      loaded = 0
      running.clear()
    },
    onTestModuleCollected(module: TestModule) {
      loaded++
      for (const test of module.children.allTests()) if (runs(test)) total++
    },
    onTestCaseResult(test: TestCase) {
      if (test.result().state === 'skipped') return
      done++
      running.add(test)
      if (!due()) return
      write(
        progressLine({
          done,
          total: Math.max(total, done),
          elapsedMs: now() - start,
          unit: 'cases',
          cells: running.cells(),
          ...(loaded < files ? { loading: { loaded, files } } : {}),
        }),
      )
    },
  }
}
