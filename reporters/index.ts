/**
 * The arbigraph reporters, and the list the Vite plugin registers: table, results file,
 * Markdown summary, the dashboard folder, then the gate (last, so its verdict ends the output).
 */
import type { Reporter } from 'vitest/node'
import { dashboardReporter, resolveDashboardOptions } from './dashboard.ts'
import { gateReporter } from './gate.ts'
import { markdownSummaryReporter } from './markdown-summary.ts'
import type { ResolvedReporterOptions } from './options.ts'
import { progressReporter } from './progress.ts'
import { resultsJsonReporter } from './results-json.ts'
import { summaryTableReporter } from './summary-table.ts'
import { transductionReporter } from './transduction.ts'

export { collectRecords, sortRecords } from './collect-records.ts'
export type { DashboardReporterOptions } from './dashboard.ts'
export { dashboardReporter, resolveDashboardOptions } from './dashboard.ts'
export { gateReporter } from './gate.ts'
export { markdownSummaryReporter } from './markdown-summary.ts'
export type { ArbigraphReporterOptions } from './options.ts'
export { resolveReporterOptions } from './options.ts'
export type { ProgressReporterOptions } from './progress.ts'
export { progressReporter } from './progress.ts'
export { resultsJsonReporter } from './results-json.ts'
export { summaryTableReporter } from './summary-table.ts'
export type { TransductionReporterOptions } from './transduction.ts'
export { resolveTransductionOptions, transductionReporter } from './transduction.ts'

/**
 * The reporters for resolved options, in the order they should run.
 * @example vitest.config.reporters.push(...arbigraphReporters(resolveReporterOptions({}, process.env)))
 */
export function arbigraphReporters(options: ResolvedReporterOptions): Reporter[] {
  const reporters: Reporter[] = []
  if (options.table) reporters.push(summaryTableReporter({ byTask: options.byTask }))
  if (options.table) reporters.push(progressReporter())
  if (options.results !== false) reporters.push(resultsJsonReporter({ path: options.results }))
  if (options.markdown !== false || options.stepSummary !== false)
    reporters.push(
      markdownSummaryReporter({
        path: options.markdown,
        stepSummary: options.stepSummary,
        gate: options.gate,
      }),
    )
  const dashboard = resolveDashboardOptions(process.env, options.results)
  if (dashboard) reporters.push(dashboardReporter(dashboard))
  // Silent unless the run holds Long-Transduction tests; off with every ArbiGraph output file.
  if (options.results !== false || options.markdown !== false || options.stepSummary !== false)
    reporters.push(transductionReporter({ table: options.table, stepSummary: options.stepSummary }))
  if (options.gate) reporters.push(gateReporter(options.gate))
  return reporters
}
