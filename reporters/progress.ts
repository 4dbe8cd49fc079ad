/**
 * The progress reporter for logs that are not a terminal: while an eval runs in CI it prints a
 * plain line at most every 10 s — cases done/total, rate, ETA and the running accuracy of each
 * topology × category cell (infrastructure errors counted apart). On a terminal it prints
 * nothing: Vitest's own reporter already redraws its progress there.
 */
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import { arbigraphBenchmark, identityFromTest } from '../src/arbigraph-benchmark.ts'
import {
  type CellProgress,
  PROGRESS_INTERVAL_MS,
  progressLine,
  throttle,
} from '../src/report/progress-line.ts'
import { benchmarkOfTest } from './collect-records.ts'

export interface ProgressReporterOptions {
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
 * The cell of a finished ArbiGraph case and how it went: `correct` true/false for a graded
 * answer, `infra` for an infrastructure error (a failed test, or a record without a grade).
 * Undefined for a test of another benchmark (its cells are its own) or one without an outcome.
 */
function outcomeOf(test: TestCase): { cell: string; correct?: boolean; infra?: true } | undefined {
  if (benchmarkOfTest(test) !== arbigraphBenchmark.name) return undefined
  const meta = test.meta() as {
    arbigraph?: { topology?: string; category?: string; grade?: { correct?: boolean } | null }
    arbigraphCase?: { topology?: string; category?: string }
  }
  const failed = test.result().state === 'failed'
  if (!failed && meta.arbigraph === undefined) return undefined
  const where = meta.arbigraph ?? meta.arbigraphCase
  const { topology, category } =
    where?.topology !== undefined && where.category !== undefined
      ? { topology: where.topology, category: where.category }
      : identityFromTest({
          moduleId: test.module.moduleId,
          relativeModuleId: test.module.relativeModuleId,
          name: test.name,
          fullName: test.fullName,
        })
  const cell = `${topology}/${category}`
  // A failed test is an infrastructure error (a wrong answer never fails a test).
  const grade = failed ? null : meta.arbigraph?.grade
  return grade ? { cell, correct: grade.correct === true } : { cell, infra: true }
}

const runs = (test: TestCase) => test.options.mode === 'run' || test.options.mode === 'only'

/**
 * The reporter.
 * @example vitest.config.reporters.push(progressReporter())
 */
export function progressReporter(options: ProgressReporterOptions = {}): Reporter {
  if (options.isTTY ?? process.stdout.isTTY === true) return {}
  const now = options.now ?? Date.now
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS
  let vitest: Vitest | undefined
  let start = now()
  let due = throttle(interval, now)
  let total = 0
  let done = 0
  const cells = new Map<string, CellProgress>()
  const write = (line: string) =>
    options.write ? options.write(line) : vitest ? vitest.logger.log(line) : console.log(line)
  return {
    onInit(ctx) {
      vitest = ctx
    },
    onTestRunStart() {
      start = now()
      due = throttle(interval, now)
      total = 0
      done = 0
      cells.clear()
    },
    onTestModuleCollected(module: TestModule) {
      for (const test of module.children.allTests()) if (runs(test)) total++
    },
    onTestCaseResult(test: TestCase) {
      if (test.result().state === 'skipped') return
      done++
      const outcome = outcomeOf(test)
      if (outcome) {
        let cell = cells.get(outcome.cell)
        if (!cell) {
          cell = { cell: outcome.cell, correct: 0, graded: 0, infraErrors: 0 }
          cells.set(outcome.cell, cell)
        }
        if (outcome.infra) cell.infraErrors++
        else {
          cell.graded++
          if (outcome.correct) cell.correct++
        }
      }
      if (!due()) return
      const sorted = [...cells.values()].sort((a, b) => (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0))
      write(
        progressLine({
          done,
          total: Math.max(total, done),
          elapsedMs: now() - start,
          unit: 'cases',
          cells: sorted,
        }),
      )
    },
  }
}
