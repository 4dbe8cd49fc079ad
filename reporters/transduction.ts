/**
 * The Long-Transduction reporter: at the end of a run (or of `vitest --merge-reports`) it prints
 * the transduction tables (by budget, format, difficulty and family, exact completion, position
 * curves), writes the results file (records + summary, default `out/transduction.json`) and the
 * Markdown summary (default `out/transduction.md`, and appended to `$GITHUB_STEP_SUMMARY`). A run
 * without transduction tests leaves it silent and its files untouched, so an ArbiGraph-only run
 * never prints empty transduction tables nor overwrites an earlier transduction results file.
 * Settings: ARBIGRAPH_LT_RESULTS and ARBIGRAPH_LT_MARKDOWN (a path, or `off`).
 */

import { appendFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { writeFileAtomic } from '../src/io/atomic-write.ts'
import { summarizeTransduction } from '../src/metrics/transduction/summarize-transduction.ts'
import { buildTransductionResults } from '../src/report/build-transduction-results.ts'
import { formatTransductionMarkdown } from '../src/report/format-transduction-markdown.ts'
import { formatTransductionText } from '../src/report/format-transduction-text.ts'
import { collectTransductionRecords, hasTransductionTests } from './collect-transduction-records.ts'
import { outputPath } from './output-path.ts'
import { createdBy, runFacts } from './run-facts.ts'

export interface TransductionReporterOptions {
  /**
   * Results file, relative to the Vitest root; `false` writes none.
   * @default process.env.ARBIGRAPH_LT_RESULTS ?? 'out/transduction.json'
   */
  results?: string | false
  /**
   * Markdown summary file, relative to the Vitest root; `false` writes none.
   * @default process.env.ARBIGRAPH_LT_MARKDOWN ?? 'out/transduction.md'
   */
  markdown?: string | false
  /**
   * A file the Markdown summary is appended to (GitHub's job summary); `false` for none.
   * @default process.env.GITHUB_STEP_SUMMARY
   */
  stepSummary?: string | false
  /**
   * Print the terminal tables.
   * @default true
   */
  table?: boolean
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
 * @example resolveTransductionOptions({ ARBIGRAPH_LT_RESULTS: 'off' }).results // false
 */
export function resolveTransductionOptions(
  env: NodeJS.ProcessEnv,
  options: TransductionReporterOptions = {},
): Required<TransductionReporterOptions> {
  return {
    results: options.results ?? fromEnv(env.ARBIGRAPH_LT_RESULTS, 'out/transduction.json'),
    markdown: options.markdown ?? fromEnv(env.ARBIGRAPH_LT_MARKDOWN, 'out/transduction.md'),
    stepSummary: options.stepSummary ?? fromEnv(env.GITHUB_STEP_SUMMARY, false),
    table: options.table ?? true,
  }
}

/**
 * The transduction reporter.
 * @example vitest.config.reporters.push(transductionReporter(resolveTransductionOptions(process.env)))
 */
export function transductionReporter(options: TransductionReporterOptions = {}): Reporter {
  const o = resolveTransductionOptions(process.env, options)
  let vitest: Vitest | undefined
  let started = new Date()
  return {
    onInit(ctx) {
      vitest = ctx
      started = new Date()
    },
    onTestRunStart() {
      started = new Date()
    },
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      if (!hasTransductionTests(modules)) return
      const records = collectTransductionRecords(modules)
      const results = buildTransductionResults(records, runFacts(vitest, started, reason), createdBy(vitest))
      const summary = summarizeTransduction(records)
      const log = (text: string) => (vitest ? vitest.logger.log(text) : console.log(text))
      if (o.table) log(`\n${formatTransductionText(summary, results.model)}\n`)
      const root = vitest?.config.root ?? process.cwd()
      if (o.results !== false) {
        const path = outputPath(vitest, o.results)
        await writeFileAtomic(path, `${JSON.stringify(results, null, 2)}\n`)
        log(`arbigraph: wrote ${records.length} transduction records to ${path}`)
      }
      const markdown = formatTransductionMarkdown(summary, results.model)
      if (o.markdown !== false) await writeFileAtomic(outputPath(vitest, o.markdown), markdown)
      if (o.stepSummary !== false) await appendFile(resolve(root, o.stepSummary), markdown)
    },
  }
}
