/**
 * The sequential gate's decisions for a finished run, as every reporter shows them: the run's
 * ArbiGraph tests that carry a sequential order (test meta `arbigraphOrder`) replayed through
 * src/metrics/sequential/replay-gate.ts, once per run (cached on the modules array, which every
 * reporter receives). Lines for the terminal and Markdown say, per cell, "decided after n of N
 * cases (pass|fail at α)", the confidence sequence's interval and the calls and tokens saved.
 */
import type { TestModule } from 'vitest/node'
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import type { Results } from '../src/contracts/results.ts'
import type { BrokenRule, GateRule } from '../src/metrics/gate.ts'
import { evaluateGate, needsTasks } from '../src/metrics/gate.ts'
import type { SequentialPlan } from '../src/metrics/sequential/cell-stream.ts'
import type { CellDecision, SequencedTrial } from '../src/metrics/sequential/replay-gate.ts'
import { replaySequentialGate, sequentialBroken } from '../src/metrics/sequential/replay-gate.ts'
import { suiteLabeller } from '../src/metrics/suite-label.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { summarizeSweeps } from '../src/metrics/sweep/summarize-sweeps.ts'
import { formatDecision } from '../src/report/format-sequential.ts'
import { NOT_RUN_GATE_DECIDED, streamCells } from '../src/vitest/sequential-case.ts'
import type { CaseIdentity } from '../src/vitest/task-meta.ts'
import { benchmarkOfTest, recordOfTest } from './collect-records.ts'

/** What the reporters need to replay the gate. */
export interface SequentialReporting {
  plan: SequentialPlan
  /** The baseline's trials by `caseId#epoch`, for baseline rules. */
  baseline: Map<string, { correct: boolean; exact: boolean }>
}

const cache = new WeakMap<ReadonlyArray<TestModule>, CellDecision[]>()

/**
 * The decisions of the sequential gate in a finished run (empty when no test was sequenced).
 * @example sequentialDecisions(modules, reporting)[0].decidedAfter // 212
 */
export function sequentialDecisions(
  modules: ReadonlyArray<TestModule>,
  reporting: SequentialReporting,
): CellDecision[] {
  const cached = cache.get(modules)
  if (cached) return cached
  const tests: {
    suite: string
    order: number
    identity: CaseIdentity
    record: CaseRecord | undefined
    notRun: boolean
  }[] = []
  for (const module of modules)
    for (const test of module.children.allTests()) {
      const meta = test.meta()
      if (
        benchmarkOfTest(test) !== arbigraphBenchmark.name ||
        meta.arbigraphOrder === undefined ||
        !meta.arbigraphCase
      )
        continue
      tests.push({
        suite: `${module.moduleId} › ${test.parent.type === 'suite' ? test.parent.fullName : ''}`,
        order: meta.arbigraphOrder,
        identity: meta.arbigraphCase as CaseIdentity,
        record: recordOfTest(arbigraphBenchmark, test) as CaseRecord | undefined,
        notRun: meta.arbigraphGate === NOT_RUN_GATE_DECIDED,
      })
    }
  const label = suiteLabeller(tests.map((t) => t.identity))
  const trials: SequencedTrial[] = tests.map((t) => ({
    suite: t.suite,
    order: t.order,
    cells: streamCells(t.identity),
    label: label(t.identity),
    record: t.record,
    notRun: t.notRun,
  }))
  const { plan } = reporting
  const tasks = needsTasks(plan.rules) || plan.paired.some((p) => p.cell.length === 3)
  const decisions =
    trials.length === 0 ? [] : replaySequentialGate(plan, trials, { tasks, baseline: reporting.baseline })
  cache.set(modules, decisions)
  return decisions
}

/** The rules of a gate that the sequential gate leaves fixed-n, with why. */
export function fixedRuleNotes(rules: readonly GateRule[], plan: SequentialPlan): string[] {
  return rules
    .filter((r) => !plan.sequential.includes(r))
    .map(
      (r) =>
        `"${r.text}" is checked fixed-n on the cases run (only accuracy and exact with >=, >, <=, < are sequential)`,
    )
}

/**
 * The results file's `sequentialGate` block.
 * @example results.sequentialGate = sequentialGateField(modules, reporting)
 */
export function sequentialGateField(
  modules: ReadonlyArray<TestModule>,
  reporting: SequentialReporting,
): NonNullable<Results['sequentialGate']> {
  const { plan } = reporting
  const rules = Math.max(1, plan.sequential.length + plan.paired.length)
  return {
    alpha: Number((plan.alphaPerRule * rules).toPrecision(12)),
    alphaPerRule: plan.alphaPerRule,
    cells: sequentialDecisions(modules, reporting).filter((d) => d.rules.length > 0),
  }
}

/** The sequential gate's verdict: broken rules as the fixed-n gate words them, plus baseline rules broken. */
export interface SequentialVerdict {
  decisions: CellDecision[]
  broken: BrokenRule[]
  /** One line per broken baseline rule. */
  brokenBaseline: string[]
}

/**
 * The sequential gate's verdict on a finished run (see replay-gate.ts `sequentialBroken`).
 * @example sequentialVerdict(modules, records, rules, reporting).broken.length // 0
 */
export function sequentialVerdict(
  modules: ReadonlyArray<TestModule>,
  records: readonly CaseRecord[],
  rules: readonly GateRule[],
  reporting: SequentialReporting,
): SequentialVerdict {
  const { plan } = reporting
  const decisions = sequentialDecisions(modules, reporting)
  const { cells } = summarize(records, { byTask: needsTasks(rules) })
  const broken = sequentialBroken(
    decisions,
    evaluateGate(rules, cells, summarizeSweeps(records)),
    rules,
    cells,
  )
  const brokenBaseline = [
    ...decisions.flatMap((d) =>
      d.rules
        .filter((r) => r.pass === false && plan.paired.some((p) => p.text === r.rule))
        .map(
          (r) => `gate: rule "${r.rule}" is broken: ${d.cell} regressed significantly against the baseline`,
        ),
    ),
    ...plan.paired
      .filter((p) => !decisions.some((d) => d.rules.some((r) => r.rule === p.text)))
      .map((p) => `gate: rule "${p.text}" is broken: no cell matches it (did that cell run?)`),
  ]
  return { decisions, broken, brokenBaseline }
}

/**
 * The header line of the sequential gate's report.
 * @example sequentialHeader(plan) // 'gate (sequential, α=0.05 split over 1 rule(s)):'
 */
export function sequentialHeader(plan: SequentialPlan): string {
  const rules = plan.sequential.length + plan.paired.length
  return `gate (sequential, α=${Number((plan.alphaPerRule * Math.max(1, rules)).toPrecision(3))} split over ${rules} rule(s)):`
}

/**
 * The Markdown summary's sequential gate section: the decisions per cell, then broken baseline rules.
 * @example text += sequentialMarkdown(verdict, reporting)
 */
export function sequentialMarkdown(verdict: SequentialVerdict, reporting: SequentialReporting): string {
  const escapePipes = (text: string) => text.replaceAll('|', '\\|')
  const lines = [
    '',
    `**${escapePipes(sequentialHeader(reporting.plan).replace(/:$/, ''))}**`,
    '',
    ...verdict.decisions.filter((d) => d.rules.length > 0).map((d) => `- ${escapePipes(formatDecision(d))}`),
    ...fixedRuleNotes(reporting.plan.rules, reporting.plan).map((note) => `- ${escapePipes(note)}`),
  ]
  return `${lines.join('\n')}\n`
}
