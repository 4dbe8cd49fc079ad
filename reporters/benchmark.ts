/**
 * The generic benchmark reporter, for a benchmark that declares `files` (Long-Transduction, a
 * user's own): at the end of a run (or of `vitest --merge-reports`) it prints the benchmark's
 * text section, writes its results file (records + run facts, e.g. `out/transduction.json`) and
 * its Markdown section (e.g. `out/transduction.md`, and appended to `$GITHUB_STEP_SUMMARY`). A run
 * without tests of the benchmark leaves it silent and its files untouched, so another
 * benchmark's run never prints empty tables nor overwrites an earlier results file; a run whose
 * tests of it were all filtered out (`-t`, tags) leaves its files untouched too, and says so on
 * stderr. In a `--shard` run each shard writes its own files (reporters/output-path.ts).
 * Settings: the variables the benchmark names for its files (a path, or `off`).
 */

import { appendFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import { writeFileAtomic } from '../src/io/atomic-write.ts'
import type { CellDecision } from '../src/metrics/sequential/replay-gate.ts'
import { benchmarkSweepCurves } from '../src/metrics/sweep/benchmark-sweeps.ts'
import { formatBreakdown, summaryBreakdowns } from '../src/report/breakdown-table.ts'
import { formatSweepMarkdown, formatSweepTable } from '../src/report/format-sweep.ts'
import { interruptedBanner } from '../src/report/interrupted-run.ts'
import { benchmarksInRun, collectBenchmarkRecords } from './collect-records.ts'
import { outputPath } from './output-path.ts'
import { createdBy, reporterRun } from './run-facts.ts'
import { decisionsMarkdown, type SequentialReporting, sequentialGateField } from './sequential-decisions.ts'

export interface BenchmarkReporterOptions {
  /**
   * Results file, relative to the Vitest root; `false` writes none.
   * @default the benchmark's variable (e.g. ARBIGRAPH_LT_RESULTS), else its default path
   */
  results?: string | false
  /**
   * Markdown summary file, relative to the Vitest root; `false` writes none.
   * @default the benchmark's variable (e.g. ARBIGRAPH_LT_MARKDOWN), else its default path
   */
  markdown?: string | false
  /**
   * A file the Markdown summary is appended to (GitHub's job summary); `false` for none.
   * @default process.env.GITHUB_STEP_SUMMARY
   */
  stepSummary?: string | false
  /**
   * Print the text section.
   * @default true
   */
  table?: boolean
  /**
   * The sequential gate's plan (ARBIGRAPH_GATE_MODE=sequential): for a benchmark that streams its
   * gate cells, its results file and Markdown say what was decided on them.
   * @default none (fixed mode)
   */
  sequential?: SequentialReporting
}

const OFF = new Set(['false', 'off', '0', 'no'])
const fromEnv = (text: string | undefined, fallback: string | false): string | false =>
  text === undefined || text.trim() === ''
    ? fallback
    : OFF.has(text.trim().toLowerCase())
      ? false
      : text.trim()

/**
 * Options with their environment defaults filled in.
 * @example resolveBenchmarkOptions(transduction, { ARBIGRAPH_LT_RESULTS: 'off' }).results // false
 */
export function resolveBenchmarkOptions(
  bench: AnyBenchmark,
  env: NodeJS.ProcessEnv,
  options: BenchmarkReporterOptions = {},
): Required<Omit<BenchmarkReporterOptions, 'sequential'>> {
  const files = bench.files!
  return {
    results: options.results ?? fromEnv(env[files.results.variable], files.results.path),
    markdown: options.markdown ?? fromEnv(env[files.markdown.variable], files.markdown.path),
    stepSummary: options.stepSummary ?? fromEnv(env.GITHUB_STEP_SUMMARY, false),
    table: options.table ?? true,
  }
}

/**
 * The reporter of one benchmark with `files`.
 * @example vitest.config.reporters.push(benchmarkReporter(transduction))
 */
export function benchmarkReporter(bench: AnyBenchmark, options: BenchmarkReporterOptions = {}): Reporter {
  if (!bench.files)
    throw new Error(
      `benchmarkReporter: benchmark "${bench.name}" declares no files; it brings its own reporters`,
    )
  const files = bench.files
  const o = resolveBenchmarkOptions(bench, process.env, options)
  const run = reporterRun()
  return {
    onInit: run.onInit,
    onTestRunStart: run.onTestRunStart,
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      if (!benchmarksInRun(modules).has(bench.name)) return
      const vitest = run.vitest
      const records = collectBenchmarkRecords(modules, bench)
      // Its tests were all filtered out (-t, tags) or skipped: an earlier run's files stay.
      if (records.length === 0) return run.error(keptMessage(bench.name, vitest, o))
      // Under the sequential gate, the decisions on its cells go in its own files.
      const sequential = options.sequential && bench.gate?.stream ? options.sequential : undefined
      const gated = sequential ? sequentialGateField(modules, sequential, bench.name) : undefined
      const results = files.build(
        records,
        run.facts(reason),
        createdBy(vitest),
        gated ? { sequentialGate: gated } : {},
      )
      const summary = bench.summarize(records)
      // A run that sweeps one of the benchmark's axes also gets its curves (src/metrics/sweep/).
      const curves = benchmarkSweepCurves(bench, records)
      const curveText = curves.length > 0 ? `\n${formatSweepTable(curves)}\n` : ''
      if (o.table) run.log(`\n${bench.report.text(summary, results.model)}\n${curveText}`)
      if (o.table && reason === 'interrupted') run.log(`${interruptedBanner(records.length)}\n`)
      const root = vitest?.config.root ?? process.cwd()
      if (o.results !== false) {
        const path = outputPath(vitest, o.results)
        await writeFileAtomic(path, `${JSON.stringify(results, null, 2)}\n`)
        run.log(`arbigraph: wrote ${records.length} ${bench.name} records to ${path}`)
      }
      const tables = summaryBreakdowns(bench, records).map((t) => `\n${formatBreakdown(t, 'markdown')}\n`)
      const decided =
        sequential && gated && gated.cells.length > 0
          ? decisionsMarkdown(gated.cells as CellDecision[], sequential, [])
          : ''
      const markdown = `${bench.report.markdown(summary, results.model)}${tables.join('')}${curves.length > 0 ? `\n${formatSweepMarkdown(curves)}` : ''}${decided}`
      if (o.markdown !== false) await writeFileAtomic(outputPath(vitest, o.markdown), markdown)
      if (o.stepSummary !== false) await appendFile(resolve(root, o.stepSummary), markdown)
    },
  }
}

/** What a run without any case of the benchmark says it did not write. */
function keptMessage(
  name: string,
  vitest: Vitest | undefined,
  o: Required<Omit<BenchmarkReporterOptions, 'sequential'>>,
): string {
  const kept = [o.results, o.markdown].flatMap((path) => (path === false ? [] : [outputPath(vitest, path)]))
  return `arbigraph: no ${name} case ran${kept.length > 0 ? `; ${kept.join(' and ')} left as they were` : ''}`
}
