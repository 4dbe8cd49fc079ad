/**
 * `arbigraph compare <a.json> <b.json>`: model-vs-model (or run-vs-run) comparison. Per
 * topology × category cell it prints both accuracies, the delta, the paired counts on trials both
 * runs graded and the exact McNemar p-value; it exits 1 when a cell of A dropped significantly in
 * B (or is missing from B) — the regression gate for CI. `--html <dir>` also writes B's dashboard
 * with a compare page. Every number is recomputed from the two files' records. Two results files
 * of another benchmark (Long-Transduction's) are compared by their sweeps (compare-benchmark.ts).
 */
import { dirname, resolve } from 'node:path'
import { buildDashboard } from '../../dashboard/build-dashboard.ts'
import type { CellComparison, RunComparison } from '../../metrics/compare.ts'
import { compareRuns } from '../../metrics/compare.ts'
import { formatSweepComparison } from '../../report/format-sweep-comparison.ts'
import { readResults, schemaOfFile } from '../../report/read-results.ts'
import { existingFile, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'
import { compareBenchmark } from './compare-benchmark.ts'
import { benchmarkOfSchema } from './report-benchmark.ts'

const FLAGS = { alpha: { type: 'string' }, html: { type: 'string' } } as const

const rate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)
const delta = (v: number | null) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}pt`)
const pValue = (p: number) => (p < 0.0001 ? p.toExponential(2) : p.toFixed(4))

/**
 * The comparison as an aligned text table, the total last.
 * @example formatComparison(compareRuns(a, b)).split('\n')[0] // 'cell  acc A  acc B  Δ  shared  lost  won  p  verdict'
 */
export function formatComparison(comparison: RunComparison): string {
  const row = (c: CellComparison, name: string) => [
    name,
    rate(c.accuracyA),
    rate(c.accuracyB),
    delta(c.delta),
    String(c.shared),
    String(c.lost),
    String(c.won),
    pValue(c.p),
    c.verdict,
  ]
  const rows = [
    ['cell', 'acc A', 'acc B', 'Δ', 'shared', 'lost', 'won', 'p', 'verdict'],
    ...comparison.cells.map((c) => row(c, c.key)),
    row(comparison.total, 'all'),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    )
    .join('\n')
}

function parseAlpha(text: string | undefined): number {
  if (text === undefined) return 0.05
  const alpha = Number(text)
  if (text.trim() === '' || !Number.isFinite(alpha) || alpha <= 0 || alpha >= 1)
    throw usageError('compare', `--alpha expects a number in (0, 1), got "${text}"`)
  return alpha
}

export const compareCommand: Command = {
  name: 'compare',
  usage: [
    'Usage: arbigraph compare <a.json> <b.json> [--alpha P] [--html DIR]',
    '',
    'Compares run B against run A per topology × category cell: accuracies, delta, and the exact',
    'McNemar test on the trials both runs graded (same case and epoch). Exit code 1 when a cell',
    'of A dropped significantly in B, or is missing from B. Sweeps are compared point by point',
    '(the same test and exit code) and by breaking point (B − A with a bootstrap interval).',
    "Two Long-Transduction (or another benchmark's) results files are compared by their sweeps:",
    "paired by case at each point and over all points, on the benchmark's score when it has one",
    '(exact sign-flip test; per-document record accuracy for Long-Transduction).',
    '  --alpha P    significance level of the test (default 0.05)',
    "  --html DIR   also write B's dashboard, with a compare page, to DIR",
    'Trials of a frozen dataset pair by dataset hash and instance; runs of different datasets are',
    'refused (ARBIGRAPH_DATASET_MISMATCH).',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('compare', argv, FLAGS, {
      min: 2,
      max: 2,
      names: 'two results files (a.json b.json)',
    })
    const alpha = parseAlpha(values.alpha as string | undefined)
    const [fileA, fileB] = positionals as [string, string]
    const pathA = existingFile(io.cwd, fileA)
    const pathB = existingFile(io.cwd, fileB)
    // Another benchmark's files are compared by their sweeps (compare-benchmark.ts).
    const benchA = await benchmarkOfSchema(await schemaOfFile(pathA), io.cwd)
    const benchB = await benchmarkOfSchema(await schemaOfFile(pathB), io.cwd)
    if (benchA !== benchB)
      throw usageError(
        'compare',
        `"${fileA}" is ${benchA ? `a ${benchA.name}` : 'an ArbiGraph'} results file and "${fileB}" ${benchB ? `a ${benchB.name}` : 'an ArbiGraph'} one; compare two files of the same benchmark`,
      )
    if (benchA) {
      if (typeof values.html === 'string')
        throw usageError(
          'compare',
          `--html applies to ArbiGraph results; "${fileA}" is a ${benchA.name} results file`,
        )
      return compareBenchmark(benchA, [fileA, pathA], [fileB, pathB], alpha, io)
    }
    const a = await readResults(pathA, fileA)
    const b = await readResults(pathB, fileB)
    const comparison = compareRuns(a.records, b.records, { alpha, labels: [fileA, fileB] })
    io.out(`A: ${fileA} (${a.model})\nB: ${fileB} (${b.model})\n`)
    io.out(formatComparison(comparison))
    if (comparison.sweeps.length > 0) io.out(`\n${formatSweepComparison(comparison.sweeps)}`)
    if (typeof values.html === 'string') {
      const compare = { ...comparison, labelA: `${fileA} (${a.model})`, labelB: `${fileB} (${b.model})` }
      const built = await buildDashboard(b, {
        dir: resolve(io.cwd, values.html),
        resultsDir: dirname(resolve(io.cwd, fileB)),
        compare,
      })
      io.out(`dashboard: ${built.dir}/index.html#/compare`)
    }
    if (comparison.failing.length === 0) {
      io.out(`compare: no cell dropped significantly (exact McNemar, alpha ${alpha})`)
      return 0
    }
    for (const key of comparison.failing) {
      const cell = [...comparison.cells, ...comparison.sweeps.flatMap((s) => s.points)].find(
        (c) => c.key === key,
      )!
      io.err(
        cell.verdict === 'missing'
          ? `compare: ${key} ran in A but not in B`
          : `compare: ${key} dropped ${rate(cell.accuracyA)} → ${rate(cell.accuracyB)} (lost ${cell.lost}, won ${cell.won}, p = ${pValue(cell.p)})`,
      )
    }
    io.err(`compare: ${comparison.failing.length} cell(s) regressed — exit code 1`)
    return 1
  },
}
