/**
 * ArbiGraph as a Benchmark (src/contracts/benchmark.ts): a suite is a topology × categories spec,
 * a case one instance and epoch, the default harness the suite's (the tool agent with its
 * topology's budgets unless the suite or ARBIGRAPH_HARNESS chooses another), a record the exact
 * per-node grade (src/contracts/case-record.ts), the summary one cell per topology × category.
 * Its results file, Markdown summary, dashboard and gate have reporters of their own
 * (reporters/), so it declares no `files`; its suites run through `declareCases`
 * (src/vitest/define-suite.ts), where context conditions and sweeps hook in. The value is built
 * from the engine's pieces here; the built-in plugin registers it (plugins/builtins.ts).
 */
import { basename, dirname } from 'node:path'
import { topologyBudget } from './agent/profile.ts'
import type { BenchmarkCase } from './contracts/benchmark.ts'
import { benchmark } from './contracts/benchmark.ts'
import type { CaseRecord } from './contracts/case-record.ts'
import { caseRecordSchema, infraCaseRecord } from './contracts/case-record.ts'
import type { Harness } from './contracts/harness.ts'
import type { Instance } from './contracts/instance.ts'
import type { ServerReport } from './contracts/server-report.ts'
import type { TopologyBudget } from './contracts/topology.ts'
import { assertProtocolUsable } from './doctor/check-server.ts'
import { threadRegistry } from './generate/generate-chunk.ts'
import { suiteHarness } from './harness/suite-harness.ts'
import type { RunSummary } from './metrics/summarize.ts'
import { summarize } from './metrics/summarize.ts'
import { getTopology } from './registry.ts'
import { cellDetails, modelBanner, reportColumns } from './report/columns.ts'
import { formatMarkdown } from './report/format-markdown.ts'
import { formatTable } from './report/format-table.ts'
import { htmlSection } from './report/html-section.ts'
import type { ResolvedSuiteOptions, SuiteOptions } from './vitest/arbigraph-suite.ts'
import { suiteCases, suiteLabel, suiteOptionsSchema } from './vitest/arbigraph-suite.ts'
import { gradedRecord, infraRecord } from './vitest/run-case.ts'
import { simCaseOf } from './vitest/sim-case.ts'
import type { CaseIdentity } from './vitest/task-meta.ts'

/** What ArbiGraph hands its harness for one case: the instance, the trial, the topology's budget. */
export interface ArbigraphCaseInput {
  instance: Instance
  epoch: number
  budget: TopologyBudget
}

/**
 * Where a test that set no identity sits: `suites/<topology>/<category>.eval.ts`, `<task> #<sample>`.
 * @example identityFromTest({ moduleId: '/r/suites/chain/math.eval.ts', relativeModuleId: 'suites/chain/math.eval.ts', name: 'FWHT #2', fullName: 'chain/math > FWHT #2' }).topology // 'chain'
 */
export function identityFromTest(test: {
  moduleId: string
  relativeModuleId: string
  name: string
  fullName: string
}): CaseIdentity {
  const file = test.moduleId
  const sample = /#\s*(\d+)\s*$/.exec(test.name)
  // The file keeps the id unique when two suites have a test of the same name.
  const id = `${test.relativeModuleId} > ${test.fullName}`
  return {
    caseId: id,
    instanceId: id,
    topology: basename(dirname(file)),
    category: basename(file)
      .replace(/(\.part-\d+)?\.eval\.[cm]?[jt]s$/, '')
      .replace(/\.[cm]?[jt]s$/, ''),
    task: sample ? test.name.slice(0, sample.index).trim() || test.name : test.name,
    sample: sample ? Number(sample[1]) : 0,
    epoch: 0,
  }
}

const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Results order: topology, category, task, sample, case, epoch.
 * @example records.sort(compareCaseRecords)
 */
export const compareCaseRecords = (a: CaseRecord, b: CaseRecord): number =>
  order(a.topology, b.topology) ||
  order(a.category, b.category) ||
  order(a.task, b.task) ||
  order(a.sample, b.sample) ||
  order(a.caseId, b.caseId) ||
  order(a.epoch, b.epoch)

/** A harness as a record names it, when only its name is known. */
const named = (name: string): Harness => ({ name, run: () => Promise.reject(new Error('not runnable')) })

const identityOf = (c: BenchmarkCase<ArbigraphCaseInput>) => c.identity as CaseIdentity

/**
 * The ArbiGraph benchmark.
 * @example defineSuite(arbigraphBenchmark, { topology: 'chain', options: { length: 4 }, category: 'math' })
 */
export const arbigraphBenchmark = benchmark<ResolvedSuiteOptions, ArbigraphCaseInput, CaseRecord, RunSummary>(
  {
    name: 'arbigraph',
    summary: 'ArbiGraph: typed task graphs answered by a calculator-tool agent, graded exactly per node',
    options: suiteOptionsSchema,
    suite: suiteLabel,
    async cases(o) {
      const budget = topologyBudget(getTopology(await threadRegistry(process.cwd()), o.topology))
      const cases = await suiteCases(o as SuiteOptions)
      return cases.map((c) => ({
        name: c.name,
        identity: c.identity,
        input: { instance: c.instance, epoch: c.identity.epoch, budget },
      }))
    },
    // Each instance once, whatever the epochs.
    simCases: (cases) =>
      [...new Map(cases.map((c) => [c.input.instance.id, c.input.instance])).values()].map(simCaseOf),
    harness: (o, registry) => suiteHarness(o.harness as Parameters<typeof suiteHarness>[0], registry),
    harnessCase: (c) => ({
      id: identityOf(c).caseId,
      epoch: c.input.epoch,
      prompt: c.input.instance.prompt,
      expected: c.input.instance.outputs,
      budget: c.input.budget,
    }),
    score: (c, result, facts) =>
      gradedRecord(
        c.input.instance,
        result,
        { baseURL: '', model: facts.model, identity: identityOf(c) },
        named(facts.harness ?? 'unknown'),
        facts.latencyMs,
      ),
    // The preflight found the server cannot serve this suite's protocol: stop before any case.
    prepare: (_o, server, harness) => {
      if (harness.protocol) assertProtocolUsable(server as ServerReport, harness.protocol)
    },
    records: {
      schema: caseRecordSchema,
      infra: (identity, reason, facts) =>
        facts.harness === undefined
          ? infraCaseRecord(
              { ...(identity as CaseIdentity), model: facts.model, protocol: 'chat', latencyMs: 0 },
              reason,
            )
          : infraRecord(
              { baseURL: '', model: facts.model, identity: identity as CaseIdentity },
              reason,
              facts.latencyMs,
              named(facts.harness),
            ),
      failed: (record, reason) => ({ ...record, grade: null, infraError: { reason } }),
      infraReason: (record) => record.infraError?.reason ?? null,
      model: (record) => record.model,
      withModel: (record, model) => ({ ...record, model }),
      compare: compareCaseRecords,
      identityOfTest: identityFromTest,
    },
    summarize: (records) => summarize(records),
    report: {
      text: formatTable,
      markdown: (summary, model) => formatMarkdown(summary, model, null),
      html(summary, model) {
        const columns = reportColumns(summary)
        const table = {
          title: 'Cells',
          headers: columns.map((c) => c.header),
          numeric: columns.map((c) => c.numeric),
          rows: [...summary.cells, summary.total].map((cell) => columns.map((c) => c.value(cell))),
        }
        const details = summary.cells.filter((cell) => cell.task === null).map(cellDetails)
        return htmlSection('ArbiGraph', [...modelBanner(model, summary.total.trials), ...details], [table])
      },
    },
  },
)
