/**
 * `arbigraph report <results.json>`: re-validates a results file and recomputes every reported
 * number from its case records — the same table the run printed (or its Markdown), optionally by
 * task, and optionally a gate whose broken rules give exit code 1. Nothing stored as a summary is
 * trusted; only the records are.
 */
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { buildDashboard } from '../../dashboard/build-dashboard.ts'
import { evaluateGate, formatBroken, needsTasks, parseGate } from '../../metrics/gate.ts'
import { simulatedGateRefusal } from '../../metrics/simulated-gate.ts'
import { summarize } from '../../metrics/summarize.ts'
import { summarizeSweeps } from '../../metrics/sweep/summarize-sweeps.ts'
import { parseBreakdown } from '../../report/breakdown-table.ts'
import { contextLossSection } from '../../report/format-context-loss.ts'
import { formatMarkdown } from '../../report/format-markdown.ts'
import { formatTable } from '../../report/format-table.ts'
import { interruptedBanner, interruptedGateRefusal } from '../../report/interrupted-run.ts'
import { readResults, schemaOfFile } from '../../report/read-results.ts'
import { sweepText } from '../../report/sweep-section.ts'
import { existingFile, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'
import { benchmarkOfSchema, reportBenchmark } from './report-benchmark.ts'

const FLAGS = {
  'by-task': { type: 'boolean' },
  markdown: { type: 'boolean' },
  gate: { type: 'string' },
  html: { type: 'string' },
  by: { type: 'string' },
} as const

export const reportCommand: Command = {
  name: 'report',
  usage: [
    'Usage: arbigraph report <results.json> [--by-task] [--by DIMS] [--markdown] [--gate RULES] [--html DIR]',
    '',
    'Validates the results file and recomputes every number from its case records.',
    'A Long-Transduction results file (out/transduction.json) prints its own tables and sweeps.',
    '  --by-task    also break each topology × category cell down by target task',
    '  --by DIMS    also print a table by one or two dimensions the benchmark declares, e.g.',
    '               "--by family,format" (Long-Transduction: family, format, difficulty, budget)',
    '  --markdown   print the Markdown summary instead of the terminal table',
    '  --gate RULES check rules such as "chain/math.accuracy>=0.7,*.ci_low>=0.5" or, on',
    '               sweeps, "sweep:chain-length.breaking_point>=16,sweep:chain-length@32.accuracy>=0.5";',
    '               each broken rule is printed and the exit code is 1 (on a Long-Transduction',
    '               file, sweep: rules such as "sweep:transduction-budget@8000.accuracy>=0.5"); simulated or',
    '               interrupted results are refused (exit 1; simulated ones are allowed by ARBIGRAPH_ALLOW_SIMULATED=1)',
    '  --html DIR   also write the static dashboard (opens from file://) to DIR',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('report', argv, FLAGS, {
      min: 1,
      max: 1,
      names: 'the results file',
    })
    const file = positionals[0]!
    const rules = typeof values.gate === 'string' ? parseGate(values.gate, '--gate') : null
    const path = existingFile(io.cwd, file)
    // Another benchmark's file is read by that benchmark; ArbiGraph's is streamed, at any size.
    const other = await benchmarkOfSchema(await schemaOfFile(path), io.cwd)
    if (other) return reportBenchmark(other, await readFile(path, 'utf8'), file, values, io, rules)
    if (typeof values.by === 'string') parseBreakdown(values.by, { name: 'ArbiGraph' }, file)
    // A rule on another benchmark's cells has nothing to read in ArbiGraph's file: refused, not skipped.
    const foreign = rules?.find((r) => r.benchmark)
    if (foreign)
      throw usageError(
        'report',
        `--gate rule "${foreign.text}" reads ${foreign.benchmark!.benchmark}'s cells, and "${file}" holds ArbiGraph results; gate that benchmark's results file (e.g. out/${foreign.benchmark!.benchmark}.json)`,
      )
    const results = await readResults(path, file)
    const byTask = values['by-task'] === true
    const summary = summarize(results.records, { byTask: byTask || (rules !== null && needsTasks(rules)) })
    const refused = rules ? (simulatedGateRefusal(results) ?? interruptedGateRefusal(results.run)) : undefined
    const broken =
      rules && !refused ? evaluateGate(rules, summary.cells, summarizeSweeps(results.records)) : []
    const shown = byTask ? summary : { ...summary, cells: summary.cells.filter((c) => c.task === null) }
    if (values.markdown === true) {
      const verdict = rules && { rules: rules.map((r) => r.text), broken, ...(refused ? { refused } : {}) }
      io.out(
        (
          formatMarkdown(shown, results.model, verdict) +
          contextLossSection(results.records, 'markdown') +
          sweepText(results.records, 'markdown')
        ).trimEnd(),
      )
    } else {
      io.out(
        formatTable(shown, results.model) +
          contextLossSection(results.records, 'text') +
          sweepText(results.records, 'text'),
      )
    }
    if (results.run.reason === 'interrupted') io.err(interruptedBanner(results.records.length))
    if (typeof values.html === 'string') {
      const resultsDir = dirname(resolve(io.cwd, file))
      const built = await buildDashboard(results, { dir: resolve(io.cwd, values.html), resultsDir })
      io.out(`dashboard: ${built.dir}/index.html (${built.cases} cases, ${built.withDetails} with details)`)
    }
    if (refused) {
      io.err(refused)
      return 1
    }
    for (const b of broken) io.err(formatBroken(b))
    if (rules && broken.length === 0) io.out(`gate: all ${rules.length} rule(s) hold`)
    return broken.length > 0 ? 1 : 0
  },
}
