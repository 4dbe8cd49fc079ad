/**
 * The arbigraph reporters, and the list the Vite plugin registers: table, results file,
 * Markdown summary, then the gate (last, so its verdict ends the output).
 */
import type { Reporter } from 'vitest/node'
import { gateReporter } from './gate.ts'
import { markdownSummaryReporter } from './markdown-summary.ts'
import type { ResolvedReporterOptions } from './options.ts'
import { resultsJsonReporter } from './results-json.ts'
import { summaryTableReporter } from './summary-table.ts'

export { collectRecords, sortRecords } from './collect-records.ts'
export { gateReporter } from './gate.ts'
export { markdownSummaryReporter } from './markdown-summary.ts'
export type { ArbigraphReporterOptions } from './options.ts'
export { resolveReporterOptions } from './options.ts'
export { resultsJsonReporter } from './results-json.ts'
export { summaryTableReporter } from './summary-table.ts'

/**
 * The reporters for resolved options, in the order they should run.
 * @example vitest.config.reporters.push(...arbigraphReporters(resolveReporterOptions({}, process.env)))
 */
export function arbigraphReporters(options: ResolvedReporterOptions): Reporter[] {
  const reporters: Reporter[] = []
  if (options.table) reporters.push(summaryTableReporter({ byTask: options.byTask }))
  if (options.results !== false) reporters.push(resultsJsonReporter({ path: options.results }))
  if (options.markdown !== false || options.stepSummary !== false)
    reporters.push(
      markdownSummaryReporter({
        path: options.markdown,
        stepSummary: options.stepSummary,
        gate: options.gate,
      }),
    )
  if (options.gate) reporters.push(gateReporter(options.gate))
  return reporters
}
