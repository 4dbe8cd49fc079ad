/**
 * The other benchmarks' side of `arbigraph report`: a results file whose `schema` field is not
 * ArbiGraph's is looked up among the registered benchmarks' files (Long-Transduction's
 * `arbigraph.transduction-results/1`, a user's own); that benchmark validates it and its summary
 * is recomputed from the records and printed as its text or, with `--markdown`, its Markdown
 * section, followed by its sweep curves when it holds a sweep, by a breakdown table with `--by`
 * (dimensions the benchmark declares) and by the verdict of `--gate` on its sweeps (`sweep:`
 * rules, and `<benchmark>:<cell>` rules on the cells it declares; ArbiGraph's cell rules are refused here),
 * always fixed-n on the records in the file. A file written under the sequential gate also gets
 * the decisions the run acted on (its `sequentialGate` block), one line per cell. With `--html`
 * its dashboard: the benchmark's tab, drawn from its contract as in a run's dashboard.
 * `--by-task`, ArbiGraph's only, is a usage error there rather than silently ignored.
 */

import { dirname, resolve } from 'node:path'
import type { AnyBenchmark } from '../../contracts/benchmark.ts'
import { RESULTS_SCHEMA, runInfoSchema, sequentialGateSchema } from '../../contracts/results.ts'
import { buildDashboard } from '../../dashboard/build-dashboard.ts'
import { threadRegistry } from '../../generate/generate-chunk.ts'
import { checkBenchmarkTarget } from '../../metrics/benchmark-gate.ts'
import { evaluateGate, formatBroken, type GateRule } from '../../metrics/gate.ts'
import type { CellDecision } from '../../metrics/sequential/replay-gate.ts'
import { simulatedGateRefusal } from '../../metrics/simulated-gate.ts'
import { benchmarkSweepCurves } from '../../metrics/sweep/benchmark-sweeps.ts'
import { formatBreakdown, parseBreakdown, summaryBreakdowns } from '../../report/breakdown-table.ts'
import { buildResults } from '../../report/build-results.ts'
import { formatDecision } from '../../report/format-sequential.ts'
import { formatSweepMarkdown, formatSweepTable } from '../../report/format-sweep.ts'
import { interruptedGateRefusal } from '../../report/interrupted-run.ts'
import { usageError } from '../args.ts'
import type { CliIo } from '../command.ts'

/**
 * The registered benchmark whose results file has this `schema`; undefined for ArbiGraph's (or an unknown) one.
 * @example await benchmarkOfSchema('arbigraph.transduction-results/1', process.cwd()) // transduction
 */
export async function benchmarkOfSchema(
  schema: string | undefined,
  cwd: string,
): Promise<AnyBenchmark | undefined> {
  // ArbiGraph's own files (the common case) never load the registry.
  if (schema === undefined || schema === RESULTS_SCHEMA) return undefined
  const { benchmarks } = await threadRegistry(cwd)
  return [...benchmarks.values()].find((b) => b.files?.schema === schema)
}

/**
 * Prints the report of a benchmark's results file; returns the exit code.
 * @example await reportBenchmark(transduction, text, 'out/transduction.json', { markdown: true }, io)
 */
export async function reportBenchmark(
  bench: AnyBenchmark,
  text: string,
  file: string,
  flags: { markdown?: boolean; 'by-task'?: boolean; gate?: string; html?: string; by?: string },
  io: CliIo,
  rules: readonly GateRule[] | null = null,
): Promise<number> {
  if (flags['by-task'] !== undefined && flags['by-task'] !== false)
    throw usageError(
      'report',
      `--by-task applies to ArbiGraph results; "${file}" is a ${bench.name} results file`,
    )
  const cellRule = rules?.find((r) => !r.sweep && !(r.benchmark?.benchmark === bench.name && bench.gate))
  if (cellRule)
    throw usageError(
      'report',
      bench.gate
        ? `--gate on a ${bench.name} results file takes sweep: and ${bench.name}: rules; "${cellRule.text}" reads ${cellRule.benchmark ? `${cellRule.benchmark.benchmark}'s` : "ArbiGraph's"} cells (e.g. write "${bench.name}:*.${Object.keys(bench.gate.metrics)[0]}>=0.5")`
        : `--gate on a ${bench.name} results file takes sweep: rules only; "${cellRule.text}" reads ArbiGraph's cells (e.g. write "sweep:${bench.name}-<axis>@<value>.accuracy>=0.5")`,
    )
  for (const rule of rules ?? [])
    if (rule.benchmark) checkBenchmarkTarget(rule.benchmark, rule.metric, [{ bench }], rule.text)
  const by = typeof flags.by === 'string' ? parseBreakdown(flags.by, bench, file) : null
  const results = bench.files!.decode(text, file) as {
    model: string
    records: unknown[]
    run?: { reason: string }
    sequentialGate?: unknown
  }
  const sequential = sequentialGateSchema.safeParse(results.sequentialGate)
  const decided = sequential.success
    ? [
        `sequential gate of the run (α=${sequential.data.alpha}):`,
        ...sequential.data.cells.map((d) => `${flags.markdown === true ? '-' : ' '} ${formatDecision(d)}`),
      ].join('\n')
    : null
  const summary = bench.summarize(results.records)
  const curves = benchmarkSweepCurves(bench, results.records)
  const table = by ? bench.breakdowns!.table(results.records, by) : null
  if (flags.markdown === true) {
    const parts = [bench.report.markdown(summary, results.model).trimEnd()]
    for (const t of summaryBreakdowns(bench, results.records)) parts.push(formatBreakdown(t, 'markdown'))
    if (curves.length > 0) parts.push(formatSweepMarkdown(curves).trimEnd())
    if (table) parts.push(formatBreakdown(table, 'markdown'))
    if (decided) parts.push(decided.replaceAll('|', '\\|'))
    io.out(parts.join('\n\n'))
  } else {
    const parts = [bench.report.text(summary, results.model)]
    if (curves.length > 0) parts.push(formatSweepTable(curves))
    if (table) parts.push(formatBreakdown(table, 'text'))
    if (decided) parts.push(decided)
    io.out(parts.join('\n\n'))
  }
  if (typeof flags.html === 'string')
    await writeBenchmarkDashboard(bench, results, sequential.data?.cells, file, flags.html, io)
  if (!rules) return 0
  const models = results.records.map((r) => ({ model: bench.records.model(r) }))
  const refused =
    simulatedGateRefusal({ model: results.model, records: models }) ??
    interruptedGateRefusal(results.run ?? { reason: 'passed' })
  if (refused) {
    io.err(refused)
    return 1
  }
  const broken = evaluateGate(rules, [], curves, [{ bench, records: results.records }])
  for (const b of broken) io.err(formatBroken(b))
  if (broken.length > 0) return 1
  io.out(`gate: all ${rules.length} rule(s) hold`)
  return 0
}

/**
 * `--html DIR` on a benchmark's results file: a dashboard holding that benchmark's tab (no
 * ArbiGraph cases), its documents' details read from the case folder beside the file.
 */
async function writeBenchmarkDashboard(
  bench: AnyBenchmark,
  results: { model: string; records: unknown[]; run?: unknown },
  sequentialGate: readonly CellDecision[] | undefined,
  file: string,
  html: string,
  io: CliIo,
): Promise<void> {
  const path = resolve(io.cwd, file)
  // The file's run facts when they are a run's (they are in files our reporters write).
  const facts = runInfoSchema.safeParse(results.run)
  const run = facts.success
    ? facts.data
    : { started: '', finished: '', reason: 'passed' as const, shard: null, merged: false, env: {} }
  const built = await buildDashboard(buildResults([], run, `arbigraph report ${file}`), {
    dir: resolve(io.cwd, html),
    resultsDir: dirname(path),
    // A tab shows the decisions the run acted on, as the run's own dashboard did.
    benchmarks: [{ bench, records: results.records, ...(sequentialGate ? { sequentialGate } : {}) }],
  })
  io.out(`dashboard: ${built.dir}/index.html (${built.benchmarks[bench.name] ?? 0} ${bench.name} cases)`)
}
