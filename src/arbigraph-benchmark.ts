/**
 * ArbiGraph as a Benchmark (src/contracts/benchmark.ts): a suite is a topology × categories spec,
 * a case one instance and epoch, the default harness the suite's (the tool agent with its
 * topology's budgets unless the suite or ARBIGRAPH_HARNESS chooses another), a record the exact
 * per-node grade (src/contracts/case-record.ts), the summary one cell per topology × category.
 * Its suites and sweeps run through the generic suite and case runner
 * (src/vitest/declare-benchmark-suite.ts, run-benchmark-case.ts); the benchmark's hooks add the
 * preflight protocol check (`prepare`), the dashboard's case details (`details`) and the
 * context conditions (`followUp`: each node asked again through the suite's harness).
 * Its results file, Markdown summary, dashboard and gate have reporters of their own
 * (reporters/), so it declares no `files`. The value is built from the engine's pieces here;
 * the built-in plugin registers it (plugins/builtins.ts).
 */
import { basename, dirname } from 'node:path'
import { topologyBudget } from './agent/profile.ts'
import { arbigraphBoard } from './arbigraph-board.ts'
import { harnessAsk } from './conditions/harness-ask.ts'
import { resolveConditions } from './conditions/select-conditions.ts'
import { withConditions } from './conditions/with-conditions.ts'
import type { BenchmarkCase } from './contracts/benchmark.ts'
import { benchmark } from './contracts/benchmark.ts'
import type { CaseRecord } from './contracts/case-record.ts'
import {
  CASE_RECORD_SCHEMA,
  caseRecordSchema,
  encodeCaseRecord,
  infraCaseRecord,
  trialReplay,
} from './contracts/case-record.ts'
import type { Condition } from './contracts/conditions.ts'
import type { HarnessResult } from './contracts/harness.ts'
import type { Instance } from './contracts/instance.ts'
import type { ServerReport } from './contracts/server-report.ts'
import type { TopologyBudget } from './contracts/topology.ts'
import { type CaseDetailSink, caseDetailSinkFromEnv } from './dashboard/case-details.ts'
import { assertProtocolUsable } from './doctor/protocol-usable.ts'
import { threadRegistry } from './generate/generate-chunk.ts'
import { gradeInstance } from './grade/grade-instance.ts'
import { type SuiteHarnessOption, suiteHarness } from './harness/suite-harness.ts'
import { arbigraphProgressCells } from './metrics/arbigraph-progress-cells.ts'
import type { RunSummary } from './metrics/summarize.ts'
import { summarize } from './metrics/summarize.ts'
import { getTopology, type Registry } from './registry.ts'
import { cellDetails, modelBanner, reportColumns } from './report/columns.ts'
import { formatMarkdown } from './report/format-markdown.ts'
import { formatTable } from './report/format-table.ts'
import { htmlSection } from './report/html-section.ts'
import type { ResolvedSuiteOptions, SuiteCase, SuiteOptions } from './vitest/arbigraph-suite.ts'
import { suiteCases, suiteLabel, suiteOptionsSchema } from './vitest/arbigraph-suite.ts'
import { simCaseOf } from './vitest/sim-case.ts'
import type { CaseIdentity } from './vitest/task-meta.ts'

/** What ArbiGraph hands its harness for one case: the instance, the trial, the topology's budget. */
export interface ArbigraphCaseInput {
  instance: Instance
  epoch: number
  /** The agent budget of the case's topology, handed to the harness. @default none */
  budget?: TopologyBudget
  /** Context conditions to measure besides in-graph (the follow-up step). @default none */
  conditions?: readonly Condition[]
  /** Stores the instance and transcript for the dashboard; its ref becomes `transcriptRef`. @default none */
  caseDetails?: CaseDetailSink
  /**
   * The registry the conditions rebuild node prompts from (every category's templates), loaded
   * only when conditions beyond in-graph run: a suite's worker otherwise loads only the built-ins
   * its suite names. @default none
   */
  templates?: Registry
}

/** What every ArbiGraph case of a suite shares: its topology's budget, conditions and detail sink. */
export type ArbigraphCaseSettings = Omit<ArbigraphCaseInput, 'instance' | 'epoch'>

/**
 * A suite's (or a sweep's) cases as the benchmark's cases; the identity keeps any sweep point.
 * @example arbigraphCases(await suiteCases(options), { budget })
 */
export function arbigraphCases(
  cases: readonly SuiteCase[],
  settings: ArbigraphCaseSettings,
): BenchmarkCase<ArbigraphCaseInput>[] {
  return cases.map((c) => ({
    name: c.name,
    identity: c.identity,
    input: { instance: c.instance, epoch: c.identity.epoch, ...settings },
  }))
}

/**
 * What every case of a suite of `topology` shares, under the run's environment: the topology's
 * budget, the conditions (ARBIGRAPH_CONDITIONS overrides the option) and the dashboard's sink,
 * writing under the run's `root`.
 * @example await suiteCaseSettings('chain', undefined, '/proj')
 */
export async function suiteCaseSettings(
  topology: string,
  conditions: readonly Condition[] | undefined,
  root: string,
): Promise<ArbigraphCaseSettings> {
  const registry = await threadRegistry(root, undefined, { categories: [], topologies: [topology] })
  const budget = topologyBudget(getTopology(registry, topology))
  const caseDetails = caseDetailSinkFromEnv(process.env, root)
  const resolved = resolveConditions(conditions)
  const templates = resolved.length > 1 ? await threadRegistry(root) : undefined
  return {
    budget,
    conditions: resolved,
    ...(caseDetails ? { caseDetails } : {}),
    ...(templates ? { templates } : {}),
  }
}

/** Who ran a case and how long it took, as a record says it. */
interface RecordFacts {
  model: string
  harness: string
  protocol: 'chat' | 'text'
  latencyMs: number
}

/**
 * The record of a finished harness run: its answers graded against the instance's ground truth.
 * @example gradedRecord(instance, result, identity, { model, harness: 'tool-agent', protocol: 'chat', latencyMs: 120 }).grade?.correct
 */
export function gradedRecord(
  instance: Instance,
  result: HarnessResult,
  identity: CaseIdentity,
  facts: RecordFacts,
): CaseRecord {
  const { transcript } = result
  const grade = gradeInstance(instance, new Map(Object.entries(result.answers)), {
    status: transcript.status,
  })
  const { counters, totals } = transcript
  const replay = trialReplay(transcript.turns)
  return encodeCaseRecord({
    schema: CASE_RECORD_SCHEMA,
    ...identity,
    model: facts.model,
    protocol: transcript.protocol,
    harness: facts.harness,
    latencyMs: facts.latencyMs,
    transcriptRef: null,
    grade,
    status: transcript.status,
    infraError: null,
    turns: totals.turns,
    toolCalls: counters.toolCalls,
    repairs: {
      tool: counters.toolRepairs,
      final: counters.finalAnswerRepairs,
      cutoff: counters.cutoffRepairs,
    },
    tokens: { prompt: totals.promptTokens, completion: totals.completionTokens },
    cachedTurns: transcript.turns.filter((turn) => turn.cached).length,
    ...(replay ? { replay } : {}),
  })
}

/**
 * The record of a case whose endpoint failed: no grade, the reason kept.
 * @example infraRecord(identity, 'HTTP 503 after 4 attempts', { model, harness: 'tool-agent', protocol: 'chat', latencyMs: 1200 }).infraError
 */
export function infraRecord(identity: CaseIdentity, reason: string, facts: RecordFacts): CaseRecord {
  return infraCaseRecord({ ...identity, ...facts }, reason)
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
    cases: async (o, run) => {
      const root = run?.root ?? process.cwd()
      return arbigraphCases(
        await suiteCases(o as SuiteOptions, undefined, root),
        await suiteCaseSettings(o.topology, o.conditions, root),
      )
    },
    // Each instance once, whatever the epochs (a sweep's instance ids carry their point).
    simCases: (cases) =>
      [...new Map(cases.map((c) => [identityOf(c).instanceId, c.input.instance])).values()].map(simCaseOf),
    harness: (o, registry) => suiteHarness(o.harness as SuiteHarnessOption | undefined, registry),
    // ARBIGRAPH_HARNESS and ARBIGRAPH_PROTOCOL choose for every suite, whichever way it gave its harness.
    suiteHarness: (harness, registry) => suiteHarness(harness, registry),
    harnessCase: (c) => ({
      id: identityOf(c).caseId,
      epoch: c.input.epoch,
      prompt: c.input.instance.prompt,
      expected: c.input.instance.outputs,
      ...(c.input.budget ? { budget: c.input.budget } : {}),
    }),
    score: (c, result, facts) =>
      gradedRecord(c.input.instance, result, identityOf(c), {
        model: facts.model,
        harness: facts.harness ?? 'unknown',
        protocol: facts.protocol ?? 'chat',
        latencyMs: facts.latencyMs,
      }),
    details: (c, result, record) => {
      const transcriptRef =
        c.input.caseDetails?.(record.caseId, c.input.epoch, c.input.instance, result.transcript) ?? null
      return { ...record, transcriptRef }
    },
    // The context conditions: node prompts through the same harness, endpoint, budgets and epoch seed.
    followUp: (c, record, run) =>
      withConditions(record, c.input.instance, {
        conditions: c.input.conditions ?? [],
        registry: c.input.templates ?? run.registry,
        ask: harnessAsk(
          run.harness,
          { id: identityOf(c).caseId, epoch: c.input.epoch, budget: c.input.budget },
          run.context,
        ),
        announce: (simCases) => run.registerSim(simCases, 'context conditions'),
        signal: run.context.signal,
      }),
    // The preflight found the server cannot serve this suite's protocol: stop before any case.
    prepare: (_o, server, harness) => {
      if (harness.protocol) assertProtocolUsable(server as ServerReport, harness.protocol)
    },
    records: {
      schema: caseRecordSchema,
      infra: (identity, reason, facts) =>
        // A test that failed before any harness ran names none.
        facts.harness === undefined
          ? infraCaseRecord(
              { ...(identity as CaseIdentity), model: facts.model, protocol: 'chat', latencyMs: 0 },
              reason,
            )
          : infraRecord(identity as CaseIdentity, reason, {
              model: facts.model,
              harness: facts.harness,
              protocol: facts.protocol ?? 'chat',
              latencyMs: facts.latencyMs,
            }),
      failed: (record, reason) => ({ ...record, grade: null, infraError: { reason } }),
      infraReason: (record) => record.infraError?.reason ?? null,
      model: (record) => record.model,
      withModel: (record, model) => ({ ...record, model }),
      compare: compareCaseRecords,
      identityOfTest: identityFromTest,
    },
    summarize: (records) => summarize(records),
    board: arbigraphBoard,
    progressCells: arbigraphProgressCells,
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
