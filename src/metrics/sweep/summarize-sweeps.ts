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
import type { SweepCurve } from '../../contracts/sweep-curve.ts'
import { ArbigraphError } from '../../errors.ts'
import type { PointCases } from './bootstrap-fit.ts'
import { type CurveTrial, curveOfTrials, type Outcome, trialCases, trialsByPoint } from './curve-of-trials.ts'

export interface SweepSummaryOptions {
  /** Bootstrap replicates per curve. @default 1000 */
  replicates?: number
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

/** A record as a trial of the curve that `read` reads. */
const trialOf =
  (read: ReadOutcome) =>
  (r: CaseRecord): CurveTrial => ({ caseId: r.caseId, model: r.model, point: r.sweep!, outcome: read(r) })

/**
 * Per point, each case's correct and total graded trials (the bootstrap's resampling unit).
 * @example pointCases(recordsOfOnePoint).cases.length // cases at that point
 */
export const pointCases = (records: readonly CaseRecord[], read = inGraphOutcome): PointCases =>
  trialCases(records.map(trialOf(read)))

/**
 * The curves of one sweep and category: in-graph, then each condition some record ran. Their
 * keys are `<sweep>/<category>` for in-graph (as without conditions) and
 * `<sweep>/<category>:<condition>` for the others.
 */
function curvesOf(key: string, records: CaseRecord[], replicates: number): SweepCurve[] {
  const first = records[0]!
  const ran = new Set(records.flatMap((r) => r.conditions?.ran ?? []))
  const conditions = CONDITIONS.filter((c) => c === 'in-graph' || ran.has(c))
  return conditions.map((condition) => {
    const curveKey = condition === 'in-graph' ? key : `${key}:${condition}`
    const read = OUTCOMES[condition]
    // A condition's curve holds the trials that ran it, and the infrastructure errors (which
    // ran nothing): a record that skipped the condition is no trial of it.
    const trials = records
      .filter((r) => condition === 'in-graph' || read(r) !== null || inGraphOutcome(r) === null)
      .map(trialOf(read))
    const label = {
      key: curveKey,
      name: first.sweep!.name,
      topology: first.topology,
      category: first.category,
      condition,
    }
    return curveOfTrials(label, trialsByPoint(key, trials), replicates)
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
