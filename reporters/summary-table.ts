/**
 * The terminal reporter: at the end of a run (or of `vitest --merge-reports`) it prints the
 * arbigraph table — model banner, one row per topology × category (and per task on demand),
 * status counts and failure attribution — below Vitest's own summary.
 */
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { modelLabel } from '../src/contracts/results.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { contextLossSection } from '../src/report/format-context-loss.ts'
import { formatTable } from '../src/report/format-table.ts'
import { interruptedBanner } from '../src/report/interrupted-run.ts'
import { sweepText } from '../src/report/sweep-section.ts'
import { collectRecords, onlyOtherBenchmarks } from './collect-records.ts'

export interface SummaryTableOptions {
  /**
   * One row per target task under each cell.
   * @default false
   */
  byTask?: boolean
}

/**
 * The terminal table reporter.
 * @example vitest.config.reporters.push(summaryTableReporter({ byTask: true }))
 */
export function summaryTableReporter(options: SummaryTableOptions = {}): Reporter {
  let vitest: Vitest | undefined
  return {
    onInit(ctx) {
      vitest = ctx
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      const records = collectRecords(modules)
      const log = (text: string) => (vitest ? vitest.logger.log(text) : console.log(text))
      // A run of other benchmarks only has their tables (reporters/benchmark.ts).
      if (records.length === 0 && onlyOtherBenchmarks(modules)) return
      if (records.length === 0) return log('\narbigraph: no case records in this run')
      const summary = summarize(records, { byTask: options.byTask ?? false })
      log(
        `\n${formatTable(summary, modelLabel(records))}${contextLossSection(records, 'text')}${sweepText(records, 'text')}\n`,
      )
      // Below the table, the last thing a reader of the terminal sees.
      if (reason === 'interrupted') log(`${interruptedBanner(records.length)}\n`)
    },
  }
}
