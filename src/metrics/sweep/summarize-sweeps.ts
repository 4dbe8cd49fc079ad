/**
 * From case records to sweep curves: the records carrying a sweep point are grouped by sweep and
 * category, then by point; each point gets its accuracy with the Wilson 95% interval (graded
 * trials only, infrastructure errors counted apart, as in cells) and its mean prompt tokens, and
 * each curve its logistic fit on log₂(size) with bootstrap intervals. Pure, so every report agrees.
 *
 * When the records ran the context conditions (src/conditions/), a sweep and category gives one
 * curve per condition. In-graph is the record's grade. Isolated and chained are judged per case
 * by the same rule as the grade's `correct`: a trial is correct in a condition when every target
 * node is correct in it (a chained node left unchained counts as wrong, as in context loss);
 * src/metrics/context-loss.ts counts nodes instead, which a case-level curve cannot mix with the
 * in-graph one. Every curve's prompt tokens are the in-graph trial's: the x of the tokens plot is
 * the instance's context, the same for the three conditions (a condition's own usage would not
 * do: a chained prompt equal to its isolated one is reused, not sent, and counts 0).
 */
import type { CaseRecord } from '../../contracts/case-record.ts'
import { CONDITIONS, type Condition } from '../../contracts/conditions.ts'
import type { SweepCurve, SweepPointSummary } from '../../contracts/sweep-curve.ts'
import { ArbigraphError } from '../../errors.ts'
import { mean } from '../median.ts'
import { wilson95 } from '../wilson.ts'
import { bootstrapFit, type PointCases } from './bootstrap-fit.ts'
import { breakingPoint } from './breaking-point.ts'
import { fitLogistic } from './logistic-fit.ts'

export interface SweepSummaryOptions {
  /** Bootstrap replicates per curve. @default 1000 */
  replicates?: number
}

/** A graded trial in one condition: right or wrong, and the prompt tokens of its in-graph trial. */
interface Outcome {
  correct: boolean
  promptTokens: number
}

/** How a curve reads a record: its outcome, or null when it has none (an infrastructure error). */
export type ReadOutcome = (record: CaseRecord) => Outcome | null

/** In-graph: the record's own grade. */
export const inGraphOutcome: ReadOutcome = (r) =>
  r.infraError === null && r.grade !== null
    ? { correct: r.grade.correct, promptTokens: r.tokens.prompt }
    : null

/**
 * Isolated or chained, at the case level: correct when every target node is correct in the
 * condition. A record that ran the condition without a verdict for a target is bad input.
 */
function conditionOutcome(condition: Exclude<Condition, 'in-graph'>): ReadOutcome {
  return (r) => {
    if (r.infraError !== null || r.grade === null || !r.conditions?.ran.includes(condition)) return null
    const verdicts = new Map(r.conditions.nodes.map((n) => [n.node, n[condition]?.verdict]))
    const correct = r.grade.nodes
      .filter((n) => n.target)
      .every((n) => {
        const verdict = verdicts.get(n.node)
        if (verdict === undefined)
          throw new ArbigraphError(
            'ARBIGRAPH_BAD_INPUT',
            `case "${r.caseId}" ran the ${condition} condition but has no ${condition} verdict for its target "${n.node}"`,
          )
        return verdict === 'correct'
      })
    return { correct, promptTokens: r.tokens.prompt }
  }
}

const OUTCOMES: Record<Condition, ReadOutcome> = {
  'in-graph': inGraphOutcome,
  isolated: conditionOutcome('isolated'),
  chained: conditionOutcome('chained'),
}

function summarizePoint(records: readonly CaseRecord[], read: ReadOutcome): SweepPointSummary {
  const point = records[0]!.sweep!
  const ok = records.flatMap((r) => {
    const outcome = read(r)
    return outcome ? [{ caseId: r.caseId, ...outcome }] : []
  })
  const correct = ok.filter((o) => o.correct).length
  const interval = wilson95(correct, ok.length)
  return {
    value: point.value,
    size: point.size,
    trials: records.length,
    n: ok.length,
    cases: new Set(ok.map((o) => o.caseId)).size,
    correct,
    accuracy: interval.estimate,
    ciLow: interval.lower,
    ciHigh: interval.upper,
    promptTokensMean: mean(ok.map((o) => o.promptTokens)),
    infraErrors: records.length - ok.length,
  }
}

/**
 * Per point, each case's correct and total graded trials (the bootstrap's resampling unit).
 * @example pointCases(recordsOfOnePoint).cases.length // cases at that point
 */
export function pointCases(records: readonly CaseRecord[], read = inGraphOutcome): PointCases {
  const byCase = new Map<string, { k: number; n: number }>()
  for (const r of records) {
    const outcome = read(r)
    if (!outcome) continue
    const c = byCase.get(r.caseId) ?? { k: 0, n: 0 }
    c.n++
    if (outcome.correct) c.k++
    byCase.set(r.caseId, c)
  }
  return { x: Math.log2(records[0]!.sweep!.size), cases: [...byCase.values()] }
}

function fitCurve(
  key: string,
  byPoint: CaseRecord[][],
  read: ReadOutcome,
  replicates: number,
): SweepCurve['fit'] {
  const points = byPoint.map((records) => pointCases(records, read)).filter((p) => p.cases.length > 0)
  const fit = fitLogistic(points.map(({ x, cases }) => ({ x, n: sum(cases, 'n'), k: sum(cases, 'k') })))
  if (!fit) return null
  const xs = points.map((p) => p.x)
  const intervals = bootstrapFit(points, key, replicates)
  return {
    intercept: fit.intercept,
    slope: fit.slope,
    slopeCi: intervals.slope,
    converged: fit.converged,
    breakingPoint: breakingPoint(fit, Math.min(...xs), Math.max(...xs)),
    breakingPointCi: intervals.breakingPoint,
    replicates: intervals.replicates,
  }
}

const sum = (cases: { k: number; n: number }[], field: 'k' | 'n') => cases.reduce((s, c) => s + c[field], 0)

/** The records of one sweep and category, by point (smallest value first). */
function pointsOf(key: string, records: CaseRecord[]): CaseRecord[][] {
  const first = records[0]!
  const byValue = new Map<number, CaseRecord[]>()
  for (const r of records) {
    const { axis, size, value } = r.sweep!
    const sameValue = byValue.get(value)
    const other = sameValue?.[0]?.sweep
    if (axis !== first.sweep!.axis || (other && other.size !== size))
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `sweep "${key}": case "${r.caseId}" has ${axis}=${value} size ${size}, but other records of the sweep have ${first.sweep!.axis}=${other?.value ?? first.sweep!.value} size ${other?.size ?? first.sweep!.size}`,
      )
    if (sameValue) sameValue.push(r)
    else byValue.set(value, [r])
  }
  return [...byValue.entries()].sort(([a], [b]) => a - b).map(([, list]) => list)
}

/**
 * The curves of one sweep and category: in-graph, then each condition some record ran. Their
 * keys are `<sweep>/<category>` for in-graph (as without conditions) and
 * `<sweep>/<category>:<condition>` for the others.
 */
function curvesOf(key: string, records: CaseRecord[], replicates: number): SweepCurve[] {
  const first = records[0]!
  const byPoint = pointsOf(key, records)
  const ran = new Set(records.flatMap((r) => r.conditions?.ran ?? []))
  const conditions = CONDITIONS.filter((c) => c === 'in-graph' || ran.has(c))
  return conditions.map((condition) => {
    const curveKey = condition === 'in-graph' ? key : `${key}:${condition}`
    const read = OUTCOMES[condition]
    // A condition's curve holds the trials that ran it, and the infrastructure errors (which
    // ran nothing): a record that skipped the condition is no trial of it.
    const points = byPoint
      .map((list) =>
        list.filter((r) => condition === 'in-graph' || read(r) !== null || inGraphOutcome(r) === null),
      )
      .filter((list) => list.length > 0)
    return {
      key: curveKey,
      name: first.sweep!.name,
      topology: first.topology,
      category: first.category,
      condition,
      axis: first.sweep!.axis,
      models: [...new Set(records.map((r) => r.model))].sort(),
      points: points.map((list) => summarizePoint(list, read)),
      fit: fitCurve(curveKey, points, read, replicates),
    }
  })
}

/**
 * The curves of every sweep in `records`, sorted by `<sweep>/<category>` and then in condition
 * order (in-graph, isolated, chained); records without a sweep point are ignored.
 * @example summarizeSweeps(records)[0].fit?.breakingPoint // { status: 'inside', size: 14.2 }
 */
export function summarizeSweeps(
  records: readonly CaseRecord[],
  options: SweepSummaryOptions = {},
): SweepCurve[] {
  const groups = new Map<string, CaseRecord[]>()
  for (const r of records) {
    if (!r.sweep) continue
    const key = `${r.sweep.name}/${r.category}`
    const list = groups.get(key)
    if (list) list.push(r)
    else groups.set(key, [r])
  }
  return [...groups.keys()]
    .sort()
    .flatMap((key) => curvesOf(key, groups.get(key)!, options.replicates ?? 1000))
}
