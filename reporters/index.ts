/**
 * The arbigraph reporters, and the list the Vite plugin registers: ArbiGraph's table, results
 * file, Markdown summary and dashboard folder, the generic reporter of every other registered
 * benchmark that declares files, then the gate (last, so its verdict ends the output).
 */
import type { Reporter } from 'vitest/node'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import { checkBenchmarkRules } from '../src/metrics/benchmark-gate.ts'
import { benchmarkReporter } from './benchmark.ts'
import { dashboardReporter, resolveDashboardOptions } from './dashboard.ts'
import { gateReporter } from './gate.ts'
import { markdownSummaryReporter } from './markdown-summary.ts'
import type { ResolvedReporterOptions } from './options.ts'
import { progressReporter } from './progress.ts'
import { resultsJsonReporter } from './results-json.ts'
import type { SequentialReporting } from './sequential-decisions.ts'
import { sequentialGateReporter } from './sequential-gate.ts'
import { summaryTableReporter } from './summary-table.ts'

export type { BenchmarkReporterOptions } from './benchmark.ts'
export { benchmarkReporter, resolveBenchmarkOptions } from './benchmark.ts'
export { benchmarksInRun, collectBenchmarkRecords, collectRecords, sortRecords } from './collect-records.ts'
export type { DashboardReporterOptions } from './dashboard.ts'
export { dashboardReporter, resolveDashboardOptions } from './dashboard.ts'
export { gateReporter } from './gate.ts'
export { markdownSummaryReporter } from './markdown-summary.ts'
export type { ArbigraphReporterOptions } from './options.ts'
export { resolveReporterOptions } from './options.ts'
export type { ProgressReporterOptions } from './progress.ts'
export { progressReporter } from './progress.ts'
export { resultsJsonReporter } from './results-json.ts'
export { defaultProgressCells, runningCells } from './running-cells.ts'
export { summaryTableReporter } from './summary-table.ts'

/**
 * The reporters for resolved options and the registered benchmarks, in the order they should run.
 * @example vitest.config.reporters.push(...arbigraphReporters(resolveReporterOptions({}, process.env), [...registry.benchmarks.values()]))
 */
export function arbigraphReporters(
  options: ResolvedReporterOptions,
  benchmarks: readonly AnyBenchmark[] = [],
  sequential?: { reporting: SequentialReporting; close: () => Promise<void> },
): Reporter[] {
  const reporters: Reporter[] = []
  if (options.table) reporters.push(summaryTableReporter({ byTask: options.byTask }))
  if (options.table) reporters.push(progressReporter({ benchmarks }))
  if (options.results !== false)
    reporters.push(
      resultsJsonReporter({
        path: options.results,
        ...(sequential ? { sequential: sequential.reporting } : {}),
      }),
    )
  if (options.markdown !== false || options.stepSummary !== false)
    reporters.push(
      markdownSummaryReporter({
        path: options.markdown,
        stepSummary: options.stepSummary,
        gate: options.gate,
        ...(sequential ? { sequential: sequential.reporting } : {}),
      }),
    )
  const dashboard = resolveDashboardOptions(process.env, options.results)
  if (dashboard)
    reporters.push(
      dashboardReporter({
        ...dashboard,
        benchmarks,
        ...(sequential ? { sequential: sequential.reporting } : {}),
      }),
    )
  // Each silent unless the run holds its benchmark's tests. Its files follow its own variables
  // (ARBIGRAPH_LT_RESULTS, …): ARBIGRAPH_RESULTS=off turns off ArbiGraph's results, not theirs.
  for (const bench of benchmarks)
    if (bench.files)
      reporters.push(
        benchmarkReporter(bench, {
          table: options.table,
          stepSummary: options.stepSummary,
          ...(sequential ? { sequential: sequential.reporting } : {}),
        }),
      )
  // Also checked by the plugin before the sequential desk starts; here for direct callers.
  checkBenchmarkRules(options.gate ?? [], benchmarks)
  if (options.gate && sequential)
    reporters.push(sequentialGateReporter(options.gate, sequential.reporting, sequential.close))
  else if (options.gate) reporters.push(gateReporter(options.gate, benchmarks))
  return reporters
}
