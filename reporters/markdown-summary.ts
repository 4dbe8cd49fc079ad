/**
 * The Markdown reporter: the same table as the terminal, for humans reading CI. It is appended to
 * `$GITHUB_STEP_SUMMARY` (GitHub collects every step's appends into the job page) and/or written
 * to a file, with the gate's verdict when a gate is set.
 */
import { appendFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import { modelLabel } from '../src/contracts/results.ts'
import { writeFileAtomic } from '../src/io/atomic-write.ts'
import type { GateRule } from '../src/metrics/gate.ts'
import { evaluateGate, needsTasks } from '../src/metrics/gate.ts'
import { simulatedGateRefusal } from '../src/metrics/simulated-gate.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { summarizeSweeps } from '../src/metrics/sweep/summarize-sweeps.ts'
import { contextLossSection } from '../src/report/format-context-loss.ts'
import { formatMarkdown } from '../src/report/format-markdown.ts'
import { interruptedBanner, interruptedGateRefusal } from '../src/report/interrupted-run.ts'
import { sweepText } from '../src/report/sweep-section.ts'
import { collectRecords } from './collect-records.ts'
import { outputPath } from './output-path.ts'
import { type SequentialReporting, sequentialMarkdown, sequentialVerdict } from './sequential-decisions.ts'

export interface MarkdownSummaryOptions {
  /**
   * File to write (relative to the Vitest root); `false` for none.
   * @default 'out/summary.md'
   */
  path?: string | false
  /**
   * File to append to, usually `$GITHUB_STEP_SUMMARY`; `false` for none.
   * @default false
   */
  stepSummary?: string | false
  /**
   * Gate rules whose verdict the summary states; `null` for none.
   * @default null
   */
  gate?: GateRule[] | null
  /** The sequential gate's plan (ARBIGRAPH_GATE_MODE=sequential): its verdict and decisions replace the fixed-n ones. */
  sequential?: SequentialReporting
}

/**
 * The Markdown summary reporter.
 * @example vitest.config.reporters.push(markdownSummaryReporter({ stepSummary: process.env.GITHUB_STEP_SUMMARY }))
 */
export function markdownSummaryReporter(options: MarkdownSummaryOptions = {}): Reporter {
  let vitest: Vitest | undefined
  return {
    onInit(ctx) {
      vitest = ctx
    },
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      const { path = 'out/summary.md', stepSummary = false } = options
      // Rules on other benchmarks' cells (`transduction:…`) are judged by the gate reporter, which
      // reads those benchmarks' records; this summary of ArbiGraph's cells neither lists them as
      // holding nor as broken.
      const own = options.gate?.filter((rule) => rule.benchmark === undefined) ?? null
      const gate = own && own.length > 0 ? own : null
      if (path === false && stepSummary === false) return
      const records = collectRecords(modules)
      // A transduction-only run, or one that produced no record, leaves an earlier summary alone.
      if (records.length === 0) return
      const summary = summarize(records, { byTask: gate !== null && needsTasks(gate) })
      const refused =
        simulatedGateRefusal({ model: modelLabel(records), records }) ?? interruptedGateRefusal({ reason })
      const sequential =
        gate && options.sequential && !refused
          ? sequentialVerdict(modules, records, gate, options.sequential, arbigraphBenchmark.name)
          : undefined
      const verdict = gate && {
        rules: [...gate.map((r) => r.text), ...(options.sequential?.plan.paired.map((p) => p.text) ?? [])],
        ...(sequential?.brokenBaseline.length ? { brokenLines: sequential.brokenBaseline } : {}),
        broken: refused
          ? []
          : (sequential?.broken ?? evaluateGate(gate, summary.cells, summarizeSweeps(records))),
        ...(refused ? { refused } : {}),
      }
      // Per-task cells exist only for the gate; the summary shows topology × category.
      const shown = { ...summary, cells: summary.cells.filter((c) => c.task === null) }
      const caution =
        reason === 'interrupted' ? `> [!CAUTION]\n> ${interruptedBanner(records.length)}\n\n` : ''
      const text =
        caution +
        formatMarkdown(shown, modelLabel(records), verdict) +
        (sequential ? sequentialMarkdown(sequential, options.sequential!) : '') +
        contextLossSection(records, 'markdown') +
        sweepText(records, 'markdown')
      const root = vitest?.config.root ?? process.cwd()
      if (path !== false) await writeFileAtomic(outputPath(vitest, path), text)
      if (stepSummary !== false) await appendFile(resolve(root, stepSummary), text)
    },
  }
}
