/**
 * The other benchmarks' side of `arbigraph compare`: two results files whose `schema` is a
 * registered benchmark's (Long-Transduction's `arbigraph.transduction-results/1`, a user's own)
 * are decoded by that benchmark, and their sweeps compared point by point through its
 * `sweep.trial` (src/metrics/sweep/compare-benchmark-sweeps.ts): paired by case id at each point,
 * on the benchmark's score when it gives one. Exit code 1 when a point (or a curve's points
 * pooled) dropped significantly in B or is missing from B, as for ArbiGraph's cells. Files of two
 * different benchmarks, or files that hold no sweep, are usage errors naming the files: a
 * comparison that compared nothing must not pass as "nothing dropped".
 */
import { readFile } from 'node:fs/promises'
import type { AnyBenchmark } from '../../contracts/benchmark.ts'
import { compareBenchmarkSweeps } from '../../metrics/sweep/compare-benchmark-sweeps.ts'
import { formatSweepComparison } from '../../report/format-sweep-comparison.ts'
import { usageError } from '../args.ts'
import type { CliIo } from '../command.ts'

const rate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)
const pValue = (p: number) => (p < 0.0001 ? p.toExponential(2) : p.toFixed(4))

/**
 * Compares two results files of `bench` (paths as given, and resolved); returns the exit code.
 * @example await compareBenchmark(transduction, ['a.json', '/abs/a.json'], ['b.json', '/abs/b.json'], 0.05, io)
 */
export async function compareBenchmark(
  bench: AnyBenchmark,
  [fileA, pathA]: [string, string],
  [fileB, pathB]: [string, string],
  alpha: number,
  io: CliIo,
): Promise<number> {
  const a = bench.files!.decode(await readFile(pathA, 'utf8'), fileA)
  const b = bench.files!.decode(await readFile(pathB, 'utf8'), fileB)
  const sweeps = compareBenchmarkSweeps(bench, a.records, b.records, alpha)
  if (sweeps.length === 0)
    throw usageError(
      'compare',
      `"${fileA}" and "${fileB}" hold no ${bench.name} sweep; compare reads ArbiGraph's cells and the sweeps of any benchmark (run a sweep suite, e.g. suites/sweeps/transduction-budget.eval.ts, for both)`,
    )
  io.out(`A: ${fileA} (${a.model})\nB: ${fileB} (${b.model})\n`)
  io.out(formatSweepComparison(sweeps))
  const failing = sweeps.flatMap((s) => s.failing)
  if (failing.length === 0) {
    io.out(`compare: no sweep point dropped significantly (paired by case, alpha ${alpha})`)
    return 0
  }
  const cells = sweeps.flatMap((s) => [...s.points, ...(s.total ? [s.total] : [])])
  for (const key of failing) {
    const cell = cells.find((c) => c.key === key)!
    io.err(
      cell.verdict === 'missing'
        ? `compare: ${key} ran in A but not in B`
        : `compare: ${key} dropped ${rate(cell.accuracyA)} → ${rate(cell.accuracyB)} (lost ${cell.lost}, won ${cell.won}, p = ${pValue(cell.p)})`,
    )
  }
  io.err(`compare: ${failing.length} sweep point(s) regressed — exit code 1`)
  return 1
}
