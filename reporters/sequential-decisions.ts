/**
 * The sequential gate's decisions for a finished run, as every reporter shows them: the run's
 * tests that carry a sequential order (test meta `arbigraphOrder`) — ArbiGraph's, and those of
 * each benchmark that streams its gate cells (`gate.stream`, e.g. Long-Transduction's) —
 * replayed through src/metrics/sequential/replay-gate.ts, once per run (cached on the modules
 * array, which every reporter receives). Lines for the terminal and Markdown say, per cell,
 * "decided after n of N cases (pass|fail at α)", the confidence sequence's interval and the
 * calls and tokens saved.
 */
import type { TestModule } from 'vitest/node'
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import type { Results } from '../src/contracts/results.ts'
import type { BrokenRule, GateRule } from '../src/metrics/gate.ts'
import { evaluateGate, needsTasks } from '../src/metrics/gate.ts'
import type { SequentialPlan } from '../src/metrics/sequential/cell-stream.ts'
import type { CellDecision, SequencedTrial } from '../src/metrics/sequential/replay-gate.ts'
import { replaySequentialGate, sequentialBroken } from '../src/metrics/sequential/replay-gate.ts'
import { suiteLabeller } from '../src/metrics/suite-label.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { benchmarkSweepCurves } from '../src/metrics/sweep/benchmark-sweeps.ts'
import { summarizeSweeps } from '../src/metrics/sweep/summarize-sweeps.ts'
import { formatDecision } from '../src/report/format-sequential.ts'
import { caseStreamCells, NOT_RUN_GATE_DECIDED, streamCells } from '../src/vitest/sequential-case.ts'
import type { CaseIdentity } from '../src/vitest/task-meta.ts'
import { benchmarkOfTest, benchmarksInRun, collectBenchmarkRecords, recordOfTest } from './collect-records.ts'

/** What the reporters need to replay the gate. */
export interface SequentialReporting {
  plan: SequentialPlan
  /** The baseline's trials by `caseId#epoch`, for baseline rules. */
  baseline: Map<string, { correct: boolean; exact: boolean }>
  /** The run's registered benchmarks besides ArbiGraph (rules on their cells read their records). @default none */
  benchmarks?: readonly AnyBenchmark[]
}

const cache = new WeakMap<ReadonlyArray<TestModule>, Map<string, CellDecision[]>>()

/** The sequenced tests of one benchmark in a run, as the replay reads them. */
function sequencedTests(modules: ReadonlyArray<TestModule>, bench: AnyBenchmark) {
  const tests: {
    suite: string
    order: number
    identity: object
    test: Parameters<typeof recordOfTest>[1]
  }[] = []
  for (const module of modules)
    for (const test of module.children.allTests()) {
      const meta = test.meta()
      if (benchmarkOfTest(test) !== bench.name || meta.arbigraphOrder === undefined || !meta.arbigraphCase)
        continue
      tests.push({
        suite: `${module.moduleId} › ${test.parent.type === 'suite' ? test.parent.fullName : ''}`,
        order: meta.arbigraphOrder,
        identity: meta.arbigraphCase,
        test,
      })
    }
  return tests
}

/** ArbiGraph's trials: its records, cells labelled by suite where two suites share one. */
function arbigraphTrials(modules: ReadonlyArray<TestModule>): SequencedTrial[] {
  const tests = sequencedTests(modules, arbigraphBenchmark)
  const label = suiteLabeller(tests.map((t) => t.identity as CaseIdentity))
  return tests.map((t) => ({
    suite: t.suite,
    order: t.order,
    cells: streamCells(t.identity),
    label: label(t.identity as CaseIdentity),
    record: recordOfTest(arbigraphBenchmark, t.test) as CaseRecord | undefined,
    notRun: t.test.meta().arbigraphGate === NOT_RUN_GATE_DECIDED,
    ...fixedOf(t.test),
  }))
}

/** A streaming benchmark's trials: each record's gate values and cost. */
function benchmarkTrials(modules: ReadonlyArray<TestModule>, bench: AnyBenchmark): SequencedTrial[] {
  const gate = bench.gate!
  const cellsOf = caseStreamCells(bench)
  return sequencedTests(modules, bench).map((t) => {
    const record = recordOfTest(bench, t.test)
    return {
      suite: t.suite,
      order: t.order,
      cells: cellsOf(t.identity),
      label: '',
      record: undefined,
      ...(record === undefined
        ? {}
        : {
            scored: {
              values: bench.records.infraReason(record) === null ? gate.values(record) : null,
              cost: gate.stream!.cost(record),
            },
          }),
      notRun: t.test.meta().arbigraphGate === NOT_RUN_GATE_DECIDED,
      ...fixedOf(t.test),
    }
  })
}

/** The reason a test's suite keeps its cells fixed-n, as a trial field (a sweep's). */
const fixedOf = (test: Parameters<typeof recordOfTest>[1]): { fixed?: string } => {
  const fixed = test.meta().arbigraphFixed
  return fixed ? { fixed } : {}
}

/**
 * The decisions of the sequential gate in a finished run (empty when no test was sequenced):
 * ArbiGraph's cells, then each streaming benchmark's; `only` keeps one benchmark's.
 * @example sequentialDecisions(modules, reporting)[0].decidedAfter // 212
 */
export function sequentialDecisions(
  modules: ReadonlyArray<TestModule>,
  reporting: SequentialReporting,
  only?: string,
): CellDecision[] {
  let byBenchmark = cache.get(modules)
  if (!byBenchmark) {
    byBenchmark = new Map()
    const { plan } = reporting
    const tasks = needsTasks(plan.rules) || plan.paired.some((p) => p.cell.length === 3)
    const replay = (trials: SequencedTrial[]) =>
      trials.length === 0 ? [] : replaySequentialGate(plan, trials, { tasks, baseline: reporting.baseline })
    byBenchmark.set(arbigraphBenchmark.name, replay(arbigraphTrials(modules)))
    for (const bench of reporting.benchmarks ?? [])
      if (bench.gate?.stream && plan.streaming.includes(bench.name))
        byBenchmark.set(bench.name, replay(benchmarkTrials(modules, bench)))
    cache.set(modules, byBenchmark)
  }
  return only === undefined ? [...byBenchmark.values()].flat() : (byBenchmark.get(only) ?? [])
}

/** The rules of a gate that the sequential gate leaves fixed-n, with why. */
export function fixedRuleNotes(rules: readonly GateRule[], plan: SequentialPlan): string[] {
  return rules
    .filter((r) => !plan.sequential.includes(r))
    .map((r) =>
      r.benchmark && r.op !== '==' && !plan.streaming.includes(r.benchmark.benchmark)
        ? `"${r.text}" is checked fixed-n on the cases run (${r.benchmark.benchmark} declares no gate stream)`
        : `"${r.text}" is checked fixed-n on the cases run (only accuracy and exact with >=, >, <=, < are sequential${plan.streaming.length > 0 ? `, and ${plan.streaming.join(', ')}'s gate metrics` : ''})`,
    )
}

/**
 * The results file's `sequentialGate` block (`only`: one benchmark's cells, for its own file).
 * @example results.sequentialGate = sequentialGateField(modules, reporting)
 */
export function sequentialGateField(
  modules: ReadonlyArray<TestModule>,
  reporting: SequentialReporting,
  only?: string,
): NonNullable<Results['sequentialGate']> {
  const { plan } = reporting
  const rules = Math.max(1, plan.sequential.length + plan.paired.length)
  return {
    alpha: Number((plan.alphaPerRule * rules).toPrecision(12)),
    alphaPerRule: plan.alphaPerRule,
    cells: sequentialDecisions(modules, reporting, only).filter((d) => d.rules.length > 0),
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
 * The sequential gate's verdict on a finished run (see replay-gate.ts `sequentialBroken`);
 * rules on another benchmark's cells read its records (`only` keeps one benchmark's decisions).
 * @example sequentialVerdict(modules, records, rules, reporting).broken.length // 0
 */
export function sequentialVerdict(
  modules: ReadonlyArray<TestModule>,
  records: readonly CaseRecord[],
  rules: readonly GateRule[],
  reporting: SequentialReporting,
  only?: string,
): SequentialVerdict {
  const { plan } = reporting
  const decisions = sequentialDecisions(modules, reporting, only)
  const { cells } = summarize(records, { byTask: needsTasks(rules) })
  // Rules on another benchmark's cells read its records (none when it did not run: no cell matches).
  const inRun = benchmarksInRun(modules)
  const sources = reporting.benchmarks?.map((bench) => ({
    bench,
    records: inRun.has(bench.name) ? collectBenchmarkRecords(modules, bench) : [],
  }))
  // `sweep:` rules read other benchmarks' curves too, as the fixed-n gate reporter's do.
  const curves = [
    ...summarizeSweeps(records),
    ...(sources ?? []).flatMap(({ bench, records }) => benchmarkSweepCurves(bench, records)),
  ]
  const broken = sequentialBroken(
    decisions,
    evaluateGate(rules, cells, curves, sources),
    rules,
    cells,
    sources,
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
  return decisionsMarkdown(verdict.decisions, reporting, reporting.plan.rules)
}

/**
 * A Markdown section of sequential decisions: the gate's header, a line per decided cell, and a
 * note per rule among `rules` that stays fixed-n.
 * @example markdown += decisionsMarkdown(sequentialDecisions(modules, reporting, 'transduction'), reporting, [])
 */
export function decisionsMarkdown(
  decisions: readonly CellDecision[],
  reporting: SequentialReporting,
  rules: readonly GateRule[],
): string {
  const escapePipes = (text: string) => text.replaceAll('|', '\\|')
  const lines = [
    '',
    `**${escapePipes(sequentialHeader(reporting.plan).replace(/:$/, ''))}**`,
    '',
    ...decisions.filter((d) => d.rules.length > 0).map((d) => `- ${escapePipes(formatDecision(d))}`),
    ...fixedRuleNotes(rules, reporting.plan).map((note) => `- ${escapePipes(note)}`),
  ]
  return `${lines.join('\n')}\n`
}
