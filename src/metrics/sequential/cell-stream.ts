/**
 * The sequential gate's state for one stream of cases: a report cell (topology × category of
 * one suite, or one target task inside it) whose cases run in a seeded random order
 * (case-order.ts). Each gate rule on a rate of that cell (`accuracy`, `exact`) holds one betting
 * test (betting-test.ts) at its share of α. Outcomes arrive in whatever order cases finish, but a
 * test only ever sees the stream's prefix, in the random order: finishing order can depend on
 * the outcome (a wrong answer often takes more turns), and a test fed in finishing order would
 * no longer be looking at a random sample. The stream is decided when every rule on it is; a
 * stream that a non-rate rule (tokens, turns, ci_low, …) or a `sweep:` rule also reads, or that
 * saw an infrastructure error before it was decided, stays fixed-n and says why.
 *
 * Another benchmark's cells stream the same way when it declares `gate.stream`
 * (src/contracts/benchmark.ts): a stream is then one of its gate cells (Long-Transduction's
 * `arithmetic/4K`), and a rule `<benchmark>:<cell>.<metric>` tests the mean of the metric's
 * values in [0, 1] over the cell's cases (a document's record accuracy, its exact completion as
 * 0 or 1) — a bounded mean, which the betting test bounds as it does a rate.
 */
import type { GateRule } from '../gate.ts'
import {
  type BettingTest,
  observe,
  type RateOp,
  startBettingTest,
  type TestVerdict,
  verdictOf,
} from './betting-test.ts'
import { observePair, type PairedRule, type PairedTest, startPairedTest } from './paired-rule.ts'

/** A graded ArbiGraph trial's rates, now and (for baseline rules) in the baseline run. */
export interface Graded {
  correct: boolean
  exact: boolean
  /** The baseline run's same trial; undefined when it has none (or no baseline was given). */
  baseline?: { correct: boolean; exact: boolean }
}

/** Another benchmark's scored trial: its value of each gate metric, in [0, 1] by contract. */
export interface Valued {
  values: { [metric: string]: number }
}

/** A trial's outcome as the sequential gate reads it; null for an infrastructure error. */
export type TrialOutcome = Graded | Valued | null

/** The metrics a sequential rule can read: rates of graded trials. */
export const SEQUENTIAL_METRICS = ['accuracy', 'exact'] as const

const rightIn = (g: { correct: boolean; exact: boolean }, metric: 'accuracy' | 'exact'): boolean =>
  metric === 'accuracy' ? g.correct : g.exact

/**
 * A scored trial's value of `metric` as a test observes it: 1 or 0 for an ArbiGraph trial right
 * or wrong, the benchmark's value (NaN when it gave none) for another benchmark's.
 * @example valueIn({ values: { accuracy: 0.75 } }, 'accuracy') // 0.75
 */
export function valueIn(outcome: Graded | Valued, metric: string): number {
  if ('values' in outcome) return outcome.values[metric] ?? Number.NaN
  return rightIn(outcome, metric as 'accuracy' | 'exact') ? 1 : 0
}

const inUnitRange = (x: number): boolean => x >= 0 && x <= 1

/** Where an ArbiGraph stream sits among the report's cells. */
export interface ArbiGraphStreamCell {
  topology: string
  category: string
  /** The target task, for a per-task stream; null for the whole cell. */
  task: string | null
  /** The suite's variant text ('' for a suite at its defaults), as cells are grouped. */
  suite: string
}

/** One gate cell of another benchmark (its `gate.cell` key, e.g. `arithmetic/4K`). */
export interface BenchmarkStreamCell {
  benchmark: string
  cell: string
}

/** Where a stream sits: an ArbiGraph cell, or another benchmark's gate cell. */
export type StreamCell = ArbiGraphStreamCell | BenchmarkStreamCell

/**
 * Whether a stream is another benchmark's gate cell.
 * @example isBenchmarkCell({ benchmark: 'transduction', cell: 'arithmetic/4K' }) // true
 */
export const isBenchmarkCell = (cell: StreamCell): cell is BenchmarkStreamCell => 'benchmark' in cell

/**
 * A benchmark cell's name in reports and broken-rule lines, as the fixed-n gate writes it.
 * @example benchmarkCellName({ benchmark: 'transduction', cell: 'arithmetic/4K' }) // 'transduction:arithmetic/4K'
 */
export const benchmarkCellName = (cell: BenchmarkStreamCell): string => `${cell.benchmark}:${cell.cell}`

/** One rule's test on one stream. */
export interface RuleTest {
  rule: GateRule
  /** `accuracy` or `exact` on an ArbiGraph cell; any gate metric of another benchmark's. */
  metric: string
  test: BettingTest
  verdict: TestVerdict
  /** Trials seen when the verdict came; null while undecided. */
  decidedAfter: number | null
}

/** One stream's state. */
export interface CellStream {
  key: string
  cell: StreamCell
  /** Trials in the stream (the cell's N). */
  population: number
  /** Outcomes by position in the random order; undefined until that trial finished. */
  outcomes: (TrialOutcome | undefined)[]
  /** Length of the prefix fed to the tests. */
  fed: number
  tests: RuleTest[]
  /** One test per baseline rule on the stream (paired-rule.ts). */
  paired: PairedTest[]
  /** Why the stream runs to the end (fixed-n), or null when its rules may stop it. */
  fixedReason: string | null
}

/**
 * The key of a stream: its cell's parts as JSON (two parts for a benchmark cell, four for ArbiGraph's).
 * @example streamKey({ topology: 'chain', category: 'math', task: null, suite: '' }) // '["chain","math",null,""]'
 */
export const streamKey = (cell: StreamCell): string =>
  isBenchmarkCell(cell)
    ? JSON.stringify([cell.benchmark, cell.cell])
    : JSON.stringify([cell.topology, cell.category, cell.task, cell.suite])

const patternMatches = (pattern: readonly string[], parts: readonly string[]): boolean =>
  parts.length === pattern.length && pattern.every((p, i) => p === '*' || p === parts[i])

const ruleMatches = (
  rule: Pick<GateRule, 'cell'> & { benchmark?: GateRule['benchmark'] },
  cell: StreamCell,
): boolean => {
  if (isBenchmarkCell(cell)) {
    const target = rule.benchmark
    if (target?.benchmark !== cell.benchmark) return false
    // `transduction:*` matches every cell of the benchmark, as in src/metrics/benchmark-gate.ts.
    return (
      (target.cell.length === 1 && target.cell[0] === '*') ||
      patternMatches(target.cell, cell.cell.split('/'))
    )
  }
  if (rule.benchmark !== undefined) return false
  const parts =
    cell.task === null ? [cell.topology, cell.category] : [cell.topology, cell.category, cell.task]
  return patternMatches(rule.cell, parts)
}

/**
 * Whether a rule can be decided sequentially: a rate metric compared by an inequality — on
 * ArbiGraph's cells `accuracy` or `exact`; on another benchmark's cells any of its gate metrics
 * (means of values in [0, 1] by contract) when the benchmark streams them (`streaming` names it).
 * @example isSequentialRule(parseGate('*.accuracy>=0.5')[0]) // true
 */
export const isSequentialRule = (rule: GateRule, streaming: readonly string[] = []): boolean =>
  rule.sweep === undefined &&
  rule.op !== '==' &&
  (rule.benchmark !== undefined
    ? streaming.includes(rule.benchmark.benchmark)
    : (SEQUENTIAL_METRICS as readonly string[]).includes(rule.metric))

/** The rules of a gate, split into those decided sequentially and the rest, with each one's α. */
export interface SequentialPlan {
  rules: readonly GateRule[]
  sequential: readonly GateRule[]
  /** Baseline rules (`<cell>.accuracy>=baseline`), all sequential. */
  paired: readonly PairedRule[]
  /** α per sequential rule: the gate's α over their number (Bonferroni). */
  alphaPerRule: number
  /** The benchmarks whose gate cells stream (they declare `gate.stream`), besides ArbiGraph. */
  streaming: readonly string[]
}

/**
 * Splits `rules` and α (Bonferroni: each sequential rule gets α / their number, so the chance
 * that any rule's verdict on a cell is wrong is at most α).
 * @example planSequentialGate(parseGate('*.accuracy>=0.5,*.tokens_mean<=900'), 0.05).alphaPerRule // 0.05
 */
export function planSequentialGate(
  rules: readonly GateRule[],
  alpha: number,
  paired: readonly PairedRule[] = [],
  streaming: readonly string[] = [],
): SequentialPlan {
  const sequential = rules.filter((rule) => isSequentialRule(rule, streaming))
  const count = sequential.length + paired.length
  return { rules, sequential, paired, alphaPerRule: alpha / Math.max(1, count), streaming }
}

/**
 * A fresh stream of `population` trials in `cell`, with a test per sequential rule on it.
 * @example openStream(plan, { topology: 'chain', category: 'math', task: null, suite: '' }, 640)
 */
export function openStream(plan: SequentialPlan, cell: StreamCell, population: number): CellStream {
  const touching = plan.rules.filter((rule) => rule.sweep === undefined && ruleMatches(rule, cell))
  const pairedRules = plan.paired.filter((rule) => ruleMatches(rule, cell))
  const fixedRule = touching.find((rule) => !plan.sequential.includes(rule))
  const sweep = plan.rules.find((rule) => rule.sweep !== undefined)
  const fixedReason = sweep
    ? `fixed-n: the sweep rule "${sweep.text}" reads whole curves`
    : fixedRule
      ? `fixed-n: rule "${fixedRule.text}" is not on a rate (sequential rules read ${isBenchmarkCell(cell) ? `${cell.benchmark}'s gate metrics` : 'accuracy or exact'} with >=, >, <= or <)`
      : touching.length === 0 && pairedRules.length === 0
        ? 'fixed-n: no gate rule reads this cell'
        : null
  const tests = touching
    .filter((rule) => plan.sequential.includes(rule))
    .map(
      (rule): RuleTest => ({
        rule,
        metric: rule.metric,
        test: startBettingTest({
          threshold: rule.threshold,
          op: rule.op as RateOp,
          population,
          alpha: plan.alphaPerRule,
        }),
        verdict: { decided: false },
        decidedAfter: null,
      }),
    )
  const paired = pairedRules.map((rule) => startPairedTest(rule, plan.alphaPerRule))
  return { key: streamKey(cell), cell, population, outcomes: [], fed: 0, tests, paired, fixedReason }
}

/**
 * Records the outcome of the trial at `position` and feeds every newly complete prefix trial to
 * the undecided tests. An infrastructure error in the prefix of an undecided stream makes it
 * fixed-n: the population the tests were counting on lost a member they cannot account for.
 * @example recordTrial(stream, 3, { correct: true, exact: false })
 */
export function recordTrial(stream: CellStream, position: number, outcome: TrialOutcome): void {
  if (position < 0 || position >= stream.population || stream.outcomes[position] !== undefined) return
  stream.outcomes[position] = outcome
  while (stream.fed < stream.population && stream.outcomes[stream.fed] !== undefined) {
    const next = stream.outcomes[stream.fed]!
    stream.fed += 1
    // Once decided, or once fixed-n, later trials are recorded but change nothing.
    if (isStreamDecided(stream) || stream.fixedReason !== null) continue
    if (next === null) {
      stream.fixedReason = `fixed-n: an infrastructure error at case ${stream.fed} of ${stream.population}`
      continue
    }
    const bad = stream.tests.find((t) => !t.verdict.decided && !inUnitRange(valueIn(next, t.metric)))
    if (bad) {
      // A value outside [0, 1] breaks the bets' guarantee: the cell is judged on all its cases instead.
      stream.fixedReason = `fixed-n: case ${stream.fed} of ${stream.population} has ${bad.metric} ${valueIn(next, bad.metric)}, not a value in [0, 1]`
      continue
    }
    for (const t of stream.tests) {
      if (t.verdict.decided) continue
      observe(t.test, valueIn(next, t.metric))
      t.verdict = verdictOf(t.test)
      if (t.verdict.decided) t.decidedAfter = stream.fed
    }
    if ('values' in next) continue
    for (const t of stream.paired)
      observePair(
        t,
        rightIn(next, t.rule.metric),
        next.baseline && rightIn(next.baseline, t.rule.metric),
        stream.fed,
      )
  }
}

/**
 * Whether every rule on the stream is decided, so its remaining cases need not run.
 * @example isStreamDecided(stream) // false while a rule is open
 */
export function isStreamDecided(stream: CellStream): boolean {
  if (stream.fixedReason !== null || stream.tests.length + stream.paired.length === 0) return false
  return [...stream.tests, ...stream.paired].every((t) => t.verdict.decided)
}

/**
 * Trials after which the stream was decided (the last of its rules), or null.
 * @example decidedAfter(stream) // 212
 */
export function decidedAfter(stream: CellStream): number | null {
  if (!isStreamDecided(stream)) return null
  return Math.max(...[...stream.tests, ...stream.paired].map((t) => t.decidedAfter!))
}
