/**
 * The CI gate: rules over report cells that a run must satisfy, written as
 * `ARBIGRAPH_GATE="chain/math.accuracy>=0.7,*.ci_low>=0.5"`. A rule is `<cell>.<metric><op><number>`:
 * the cell is `topology/category` (either part may be `*`), `*` for every topology × category
 * cell, or `topology/category/task` (either part `*`) for per-task cells; ops are >= > <= < ==.
 * Rates are in [0, 1], as everywhere in arbigraph, so `accuracy>=70` is rejected rather than
 * silently never holding. A rule whose cell pattern matches no cell is broken: a gate must not
 * pass because the cell it guards did not run. Rules on sweep curves start with `sweep:`
 * (`sweep:chain-length.breaking_point>=16`, `sweep:chain-length@32.accuracy>=0.5`; see
 * src/metrics/sweep/sweep-gate.ts). Rules on another benchmark's cells start with its name
 * (`transduction:arithmetic/4K.exact>=0.1`; see src/metrics/benchmark-gate.ts).
 */

import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { ArbigraphError } from '../errors.ts'
import {
  type BenchmarkGateSource,
  type BenchmarkGateTarget,
  benchmarkReadings,
  parseBenchmarkTarget,
} from './benchmark-gate.ts'
import type { CellSummary } from './summarize.ts'
import { parseSweepTarget, type SweepTarget, sweepReadings } from './sweep/sweep-gate.ts'

type Metric = { read: (cell: CellSummary) => number; rate: boolean }

const rateOf = (read: Metric['read']): Metric => ({ read, rate: true })
const countOf = (read: Metric['read']): Metric => ({ read, rate: false })

/** Every metric a gate rule can name. */
export const gateMetrics = {
  accuracy: rateOf((c) => c.accuracy),
  accuracy_all: rateOf((c) => c.accuracyAll),
  ci_low: rateOf((c) => c.ciLow),
  ci_high: rateOf((c) => c.ciHigh),
  exact: rateOf((c) => c.exact),
  case_mean: rateOf((c) => c.caseMean),
  all_epochs: rateOf((c) => c.allEpochs),
  context_exceeded_rate: rateOf((c) => c.contextExceededRate),
  tool_use_rate: rateOf((c) => c.toolUseRate),
  n: countOf((c) => c.n),
  trials: countOf((c) => c.trials),
  cases: countOf((c) => c.cases),
  correct: countOf((c) => c.correct),
  infra_errors: countOf((c) => c.infraErrors),
  context_exceeded: countOf((c) => c.contextExceeded),
  tokens_mean: countOf((c) => c.completionTokens.mean),
  tokens_median: countOf((c) => c.completionTokens.median),
  turns_mean: countOf((c) => c.turns.mean),
  tool_calls_mean: countOf((c) => c.toolCalls.mean),
  repairs: countOf((c) => c.repairs.tool + c.repairs.final + c.repairs.cutoff),
} satisfies Record<string, Metric>

export type GateMetric = keyof typeof gateMetrics
export type GateOp = '>=' | '>' | '<=' | '<' | '=='

/** One parsed rule; `text` is the rule as written, for messages. */
export interface GateRule {
  text: string
  /** The cell pattern split on "/": 1 part (`*`), 2 (topology/category) or 3 (… /task). */
  cell: string[]
  /** A metric of gateMetrics, or of a sweep curve or point when `sweep` is set. */
  metric: GateMetric
  op: GateOp
  threshold: number
  /** Set for a `sweep:` rule (src/metrics/sweep/sweep-gate.ts); `cell` is then empty. */
  sweep?: SweepTarget
  /** Set for a rule on another benchmark's cells (`<benchmark>:<cell>`); `cell` is then empty. */
  benchmark?: BenchmarkGateTarget
}

/** A rule that does not hold: for one cell (`actual` its value), or for no cell at all. */
export interface BrokenRule {
  rule: GateRule
  cell: string | null
  actual: number | null
}

const RULE = /^(.+)\.([A-Za-z_]+)\s*(>=|<=|==|>|<)\s*(.+)$/

function bad(source: string, text: string, problem: string): ArbigraphError {
  return new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${source} rule "${text}": ${problem}`)
}

function parseRule(text: string, source: string): GateRule {
  const match = RULE.exec(text)
  if (!match)
    throw bad(source, text, 'expected <cell>.<metric><op><number>, for example "chain/math.accuracy>=0.7"')
  const [, cellText, metric, op, number] = match as unknown as [string, string, string, GateOp, string]
  if (cellText.trim().startsWith('sweep:')) return parseSweepRule(text, source, cellText, metric, op, number)
  if (cellText.includes(':')) return parseBenchmarkRule(text, source, cellText, metric, op, number)
  const cell = cellText.trim().split('/')
  if (cell.some((part) => part === '') || cell.length > 3 || (cell.length === 1 && cell[0] !== '*'))
    throw bad(
      source,
      text,
      `bad cell "${cellText}": write topology/category, topology/*, */category, * or topology/category/task`,
    )
  if (!Object.hasOwn(gateMetrics, metric))
    throw bad(source, text, `unknown metric "${metric}" (metrics: ${Object.keys(gateMetrics).join(', ')})`)
  const threshold = parseThreshold(source, text, number, metric, gateMetrics[metric as GateMetric].rate)
  return { text, cell: cell.length === 1 ? ['*', '*'] : cell, metric: metric as GateMetric, op, threshold }
}

function parseThreshold(source: string, text: string, number: string, metric: string, rate: boolean): number {
  const threshold = Number(number.trim())
  if (number.trim() === '' || !Number.isFinite(threshold))
    throw bad(source, text, `"${number.trim()}" is not a number`)
  if (rate && (threshold < 0 || threshold > 1))
    throw bad(source, text, `${metric} is a rate in [0, 1]; write ${threshold / 100} for ${threshold}%`)
  return threshold
}

function parseSweepRule(
  text: string,
  source: string,
  target: string,
  metric: string,
  op: GateOp,
  number: string,
) {
  const parsed = parseSweepTarget(target, metric)
  if (!parsed.ok) throw bad(source, text, parsed.problem)
  const threshold = parseThreshold(source, text, number, metric, parsed.rate)
  return { text, cell: [], metric: metric as GateMetric, op, threshold, sweep: parsed.target }
}

function parseBenchmarkRule(
  text: string,
  source: string,
  target: string,
  metric: string,
  op: GateOp,
  number: string,
): GateRule {
  const parsed = parseBenchmarkTarget(target)
  if (!parsed.ok) throw bad(source, text, parsed.problem)
  // A benchmark's gate metrics are rates in [0, 1] by contract; which metrics it has is checked
  // when the rule meets the registered benchmarks (benchmarkReadings).
  const threshold = parseThreshold(source, text, number, metric, true)
  return { text, cell: [], metric: metric as GateMetric, op, threshold, benchmark: parsed.target }
}

/**
 * Parses a comma-separated list of gate rules; `source` names where they came from in messages.
 * @example parseGate('chain/math.accuracy>=0.7,*.ci_low>=0.5') // two rules
 */
export function parseGate(text: string, source = 'ARBIGRAPH_GATE'): GateRule[] {
  return text
    .split(',')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '')
    .map((rule) => parseRule(rule, source))
}

const holds = (actual: number, op: GateOp, threshold: number): boolean => {
  switch (op) {
    case '>=':
      return actual >= threshold
    case '>':
      return actual > threshold
    case '<=':
      return actual <= threshold
    case '<':
      return actual < threshold
    case '==':
      return actual === threshold
  }
}

const matches = (pattern: string[], cell: CellSummary): boolean => {
  const parts =
    cell.task === null ? [cell.topology, cell.category] : [cell.topology, cell.category, cell.task]
  return parts.length === pattern.length && pattern.every((p, i) => p === '*' || p === parts[i])
}

/**
 * Whether any rule needs per-task cells (a three-part cell pattern).
 * @example needsTasks(parseGate('chain/math/MulMod.accuracy>=0.5')) // true
 */
export const needsTasks = (rules: readonly GateRule[]): boolean => rules.some((r) => r.cell.length === 3)

/**
 * Checks every rule against every matching cell (a `sweep:` rule against `curves`, a
 * `<benchmark>:` rule against the cells of `benchmarks`, skipped when those are not given);
 * returns the broken ones (empty: the gate holds).
 * @example evaluateGate(parseGate('*.accuracy>=0.9'), summarize(records).cells)
 */
export function evaluateGate(
  rules: readonly GateRule[],
  cells: readonly CellSummary[],
  curves: readonly SweepCurve[] = [],
  benchmarks?: readonly BenchmarkGateSource[],
): BrokenRule[] {
  const broken: BrokenRule[] = []
  for (const rule of rules) {
    if (rule.benchmark) {
      // Without the run's benchmarks (a view of ArbiGraph's cells only) such a rule is not judged here.
      if (!benchmarks) continue
      const readings = benchmarkReadings(rule.benchmark, rule.metric, benchmarks, rule.text)
      if (readings.length === 0) broken.push({ rule, cell: null, actual: null })
      for (const r of readings)
        if (!holds(r.actual, rule.op, rule.threshold)) broken.push({ rule, cell: r.where, actual: r.actual })
      continue
    }
    if (rule.sweep) {
      const readings = sweepReadings(rule.sweep, rule.metric, curves)
      if (readings.length === 0) broken.push({ rule, cell: null, actual: null })
      for (const r of readings)
        if (!holds(r.actual, rule.op, rule.threshold)) broken.push({ rule, cell: r.where, actual: r.actual })
      continue
    }
    const matching = cells.filter((cell) => matches(rule.cell, cell))
    if (matching.length === 0) broken.push({ rule, cell: null, actual: null })
    for (const cell of matching) {
      const actual = gateMetrics[rule.metric].read(cell)
      if (!holds(actual, rule.op, rule.threshold)) broken.push({ rule, cell: cell.key, actual })
    }
  }
  return broken
}

/**
 * One line per broken rule, saying which cell broke it and by how much.
 * @example formatBroken(broken) // 'gate: rule "chain/math.accuracy>=0.7" is broken: chain/math has accuracy 0.6500'
 */
export function formatBroken(broken: BrokenRule): string {
  const where =
    broken.cell === null
      ? `no ${broken.rule.sweep ? 'sweep curve' : 'cell'} matches it (did that ${broken.rule.sweep ? 'sweep' : 'cell'} run?)`
      : `${broken.cell} has ${broken.rule.metric} ${Number.isFinite(broken.actual) ? Number(broken.actual!.toFixed(4)) : broken.actual === Number.POSITIVE_INFINITY ? 'beyond the range swept' : 'no value'}`
  return `gate: rule "${broken.rule.text}" is broken: ${where}`
}
