/**
 * The running cells of a run in progress, for the progress lines and the live dashboard: each
 * finished test's record (or, for a test that failed before writing one, the infrastructure
 * record collect-records.ts builds) kept by benchmark, and each benchmark's cells read off its
 * own summary of them (`progressCells`, src/contracts/benchmark.ts), in the order the benchmarks
 * were registered. A test of a benchmark it was not given is in no cell.
 */
import type { TestCase } from 'vitest/node'
import type { AnyBenchmark, BenchmarkProgressCell } from '../src/contracts/benchmark.ts'
import { benchmarkOfTest, recordOfTest } from './collect-records.ts'

/** The running cells: `add` each finished test, read `cells()` when a line or an update is due. */
export interface RunningCells {
  add(test: TestCase): void
  cells(): BenchmarkProgressCell[]
  clear(): void
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

/**
 * Running cells over `benchmarks`.
 * @example const running = runningCells([arbigraphBenchmark, transduction]); running.add(test); running.cells()
 */
export function runningCells(benchmarks: readonly AnyBenchmark[]): RunningCells {
  const byName = new Map(benchmarks.map((b) => [b.name, b]))
  const records = new Map<string, unknown[]>()
  return {
    add(test) {
      const bench = byName.get(benchmarkOfTest(test))
      const record = bench && recordOfTest(bench, test)
      if (!bench || record === undefined) return
      const mine = records.get(bench.name) ?? []
      mine.push(record)
      records.set(bench.name, mine)
    },
    cells: () =>
      [...byName.values()].flatMap((bench) => {
        const mine = records.get(bench.name)
        if (!mine || mine.length === 0) return []
        return bench.progressCells ? bench.progressCells(mine) : defaultProgressCells(bench, mine)
      }),
    clear: () => records.clear(),
  }
}
