/**
 * The sequential gate's verdicts recomputed from a finished run: each trial's place in its
 * suite's order (test meta `arbigraphOrder`) and its record are fed to fresh streams in that
 * order, exactly as the desk fed them during the run, so the reporters — and a
 * `--merge-reports` run, which never had a desk — print the decisions the run acted on. A rule
 * on a cell decided by its test takes the test's verdict; on a cell left fixed-n it takes the
 * fixed-n verdict of the trials recorded (src/metrics/gate.ts). What the unsent cases would have
 * cost is estimated from the cases sent: their mean model calls (turns) and tokens per trial.
 * Another benchmark's trials (its `gate.stream`, src/contracts/benchmark.ts) replay the same
 * way, from their metric values and cost instead of an ArbiGraph record; a mean of float values
 * is summed in the stream's order, live and here alike, so the replayed decision is the live one.
 */
import type { CaseRecord } from '../../contracts/case-record.ts'
import { type BenchmarkGateSource, benchmarkReadings } from '../benchmark-gate.ts'
import type { BrokenRule, GateRule } from '../gate.ts'
import { gateMetrics } from '../gate.ts'
import type { CellSummary } from '../summarize.ts'
import { cellKey } from '../summarize.ts'
import {
  benchmarkCellName,
  type CellStream,
  decidedAfter,
  isBenchmarkCell,
  isStreamDecided,
  openStream,
  recordTrial,
  type SequentialPlan,
  type StreamCell,
  streamKey,
  type TrialOutcome,
  valueIn,
} from './cell-stream.ts'
import { type RateInterval, rateInterval } from './confidence-sequence.ts'

/** One test of the run as the replay reads it. */
export interface SequencedTrial {
  /** The suite it belongs to (its file), to find a cell two suites share. */
  suite: string
  /** Its place in its suite's sequential order. */
  order: number
  /** The streams it belongs to (src/vitest/sequential-case.ts `streamCells`). */
  cells: StreamCell[]
  /** Its suite's label among suites of the same topology and category ('' when alone). */
  label: string
  /** Its ArbiGraph record; undefined when it did not run (not sent, or filtered out) or is another benchmark's. */
  record: CaseRecord | undefined
  /**
   * Another benchmark's trial that ran: its gate metric values (null for an infrastructure
   * error) and what it cost. Absent for ArbiGraph's and for a trial that did not run.
   */
  scored?: { values: { [metric: string]: number } | null; cost: TrialCost }
  /** True when the sequential gate did not send it. */
  notRun: boolean
  /** Why its suite keeps its cells fixed-n (test meta `arbigraphFixed`: a sweep's); absent otherwise. */
  fixed?: string
}

/** What one trial cost: model calls and tokens (prompt + completion). */
export interface TrialCost {
  calls: number
  tokens: number
}

/** One rule's decision on one cell. */
export interface RuleDecision {
  rule: string
  /** null while undecided (then the fixed-n verdict of what ran stands). */
  pass: boolean | null
  by: 'count' | 'betting' | null
  decidedAfter: number | null
  /** The confidence sequence after the trials the test saw (rate rules only). */
  interval: RateInterval | null
}

/** What the sequential gate did in one cell. */
export interface CellDecision {
  /** The report's cell key (`chain/math`, `chain/math/MulMod`, with the suite label when two suites share it). */
  cell: string
  population: number
  /** Trials fed to the tests (the complete prefix of the random order). */
  seen: number
  /** Trials recorded (the prefix plus those in flight when it was decided). */
  recorded: number
  notRun: number
  decidedAfter: number | null
  fixedReason: string | null
  rules: RuleDecision[]
  /** Estimated model calls and tokens (prompt + completion) the unsent cases would have used. */
  saved: { calls: number; tokens: number }
  /** α per rule. */
  alpha: number
}

const keyOf = (cell: StreamCell, label: string) =>
  isBenchmarkCell(cell) ? benchmarkCellName(cell) : cellKey({ ...cell, ...(label ? { suite: label } : {}) })

const outcomeOf = (
  record: CaseRecord,
  baseline?: Map<string, { correct: boolean; exact: boolean }>,
): TrialOutcome => {
  if (!record.grade) return null
  const before = baseline?.get(`${record.caseId}#${record.epoch}`)
  return { correct: record.grade.correct, exact: record.grade.exact, ...(before ? { baseline: before } : {}) }
}

/** A trial's outcome, or undefined when it did not run. */
const trialOutcome = (
  trial: SequencedTrial,
  baseline?: Map<string, { correct: boolean; exact: boolean }>,
): TrialOutcome | undefined =>
  trial.scored
    ? trial.scored.values && { values: trial.scored.values }
    : trial.record && outcomeOf(trial.record, baseline)

/** A trial's cost, or undefined when it did not run. */
const trialCost = (trial: SequencedTrial): TrialCost | undefined =>
  trial.scored
    ? trial.scored.cost
    : trial.record && {
        calls: trial.record.turns,
        tokens: trial.record.tokens.prompt + trial.record.tokens.completion,
      }

/**
 * The decisions per cell, replayed from the run's trials.
 * @example replaySequentialGate(plan, trials, { tasks: false }).map((d) => d.decidedAfter)
 */
export function replaySequentialGate(
  plan: SequentialPlan,
  trials: readonly SequencedTrial[],
  options: { tasks: boolean; baseline?: Map<string, { correct: boolean; exact: boolean }> },
): CellDecision[] {
  const groups = new Map<
    string,
    { cell: StreamCell; label: string; suites: Set<string>; trials: SequencedTrial[] }
  >()
  for (const trial of trials)
    for (const cell of trial.cells) {
      if (!isBenchmarkCell(cell) && cell.task !== null && !options.tasks) continue
      const key = streamKey(cell)
      const group = groups.get(key) ?? { cell, label: trial.label, suites: new Set(), trials: [] }
      group.suites.add(trial.suite)
      group.trials.push(trial)
      groups.set(key, group)
    }
  const decisions: CellDecision[] = []
  for (const group of groups.values()) {
    const ordered = [...group.trials].sort((a, b) => a.order - b.order)
    const stream: CellStream = openStream(plan, group.cell, ordered.length)
    const orders = new Set(ordered.map((t) => t.order))
    if (group.suites.size > 1 || orders.size < ordered.length)
      stream.fixedReason = 'fixed-n: its cases come from more than one suite'
    else stream.fixedReason = ordered.find((t) => t.fixed)?.fixed ?? stream.fixedReason
    ordered.forEach((t, position) => {
      const outcome = trialOutcome(t, options.baseline)
      if (outcome !== undefined) recordTrial(stream, position, outcome)
    })
    decisions.push(describe(stream, ordered, keyOf(group.cell, group.label), plan.alphaPerRule))
  }
  return decisions.sort((a, b) => (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0))
}

function describe(
  stream: CellStream,
  ordered: readonly SequencedTrial[],
  cell: string,
  alpha: number,
): CellDecision {
  const ran = ordered.flatMap((t) => {
    const cost = trialCost(t)
    return cost ? [cost] : []
  })
  const notRun = ordered.filter((t) => t.notRun).length
  // Integer sums times the unsent count, divided and rounded once: counts never pass through a mean.
  const unsent = (read: (c: TrialCost) => number) =>
    ran.length === 0 ? 0 : Math.round((notRun * ran.reduce((sum, c) => sum + read(c), 0)) / ran.length)
  const prefix = ordered.slice(0, stream.fed).flatMap((t) => {
    const outcome = trialOutcome(t)
    return outcome ? [outcome] : []
  })
  const rules: RuleDecision[] = [
    ...stream.tests.map((t) => {
      const seen = prefix.slice(0, t.test.n).map((o) => valueIn(o, t.metric))
      return {
        rule: t.rule.text,
        pass: t.verdict.decided ? t.verdict.pass : null,
        by: t.verdict.decided ? t.verdict.by : null,
        decidedAfter: t.decidedAfter,
        interval: rateInterval(seen, stream.population, alpha),
      }
    }),
    ...stream.paired.map((t) => ({
      rule: t.rule.text,
      pass: t.verdict.decided ? t.verdict.pass : null,
      by: t.verdict.decided ? t.verdict.by : null,
      decidedAfter: t.decidedAfter,
      interval: null,
    })),
  ]
  return {
    cell,
    population: stream.population,
    seen: stream.fed,
    recorded: ran.length,
    notRun,
    decidedAfter: decidedAfter(stream),
    fixedReason: isStreamDecided(stream) ? null : stream.fixedReason,
    rules,
    saved: {
      calls: unsent((c) => c.calls),
      tokens: unsent((c) => c.tokens),
    },
    alpha,
  }
}

/**
 * The gate's broken rules in sequential mode: the fixed-n verdicts (`fixedBroken`, from
 * evaluateGate over the recorded trials) with each rule decided on a cell replaced by its
 * sequential verdict, and each baseline rule that failed added. Rules on another benchmark's
 * cells read that benchmark's records in `sources` (their fixed-n value goes in the line).
 * @example sequentialBroken(decisions, evaluateGate(rules, cells), cells)
 */
export function sequentialBroken(
  decisions: readonly CellDecision[],
  fixedBroken: readonly BrokenRule[],
  rules: readonly GateRule[],
  cells: readonly CellSummary[],
  sources: readonly BenchmarkGateSource[] = [],
): BrokenRule[] {
  const decided = new Map<string, boolean>()
  for (const d of decisions)
    for (const r of d.rules) if (r.pass !== null) decided.set(JSON.stringify([r.rule, d.cell]), r.pass)
  const broken = fixedBroken.filter(
    (b) => b.cell === null || decided.get(JSON.stringify([b.rule.text, b.cell])) !== true,
  )
  for (const rule of rules) {
    const readings = rule.benchmark
      ? sources.some((s) => s.bench.name === rule.benchmark!.benchmark)
        ? benchmarkReadings(rule.benchmark, rule.metric, sources, rule.text)
        : []
      : cells.map((cell) => ({ where: cell.key, actual: gateMetrics[rule.metric].read(cell) }))
    for (const { where, actual } of readings) {
      const key = JSON.stringify([rule.text, where])
      if (decided.get(key) !== false || broken.some((b) => b.rule === rule && b.cell === where)) continue
      broken.push({ rule, cell: where, actual })
    }
  }
  return broken
}
