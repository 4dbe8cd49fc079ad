/**
 * Gate rules on sweep curves, the `sweep:` form of ARBIGRAPH_GATE (src/metrics/gate.ts):
 * `sweep:<name>[/<category>].<metric><op><number>` for a curve and
 * `sweep:<name>[/<category>]@<value>.<metric><op><number>` for one point, e.g.
 * `sweep:chain-length.breaking_point>=16` or `sweep:chain-length@32.accuracy>=0.5`. A rule reads
 * the in-graph curves unless it names a context condition after the category or name:
 * `sweep:chain-length:isolated.breaking_point>=16`. A breaking
 * point beyond the range counts as +∞ (it holds for every `>=`), as does an interval bound beyond
 * it. As for cells, a rule that matches no curve (or no point) is broken: the sweep did not run.
 */
import { CONDITIONS, type Condition } from '../../contracts/conditions.ts'
import type { SweepCurve, SweepPointSummary } from '../../contracts/sweep-curve.ts'

type CurveMetric = 'breaking_point' | 'breaking_point_ci_low' | 'breaking_point_ci_high' | 'slope'
type PointMetric = 'accuracy' | 'ci_low' | 'ci_high' | 'n' | 'prompt_tokens_mean' | 'score'

const beyond = (v: number | null | undefined) => v ?? Number.POSITIVE_INFINITY

const curveMetrics: Record<CurveMetric, (c: SweepCurve) => number> = {
  breaking_point: (c) =>
    c.fit?.breakingPoint.status === 'inside'
      ? c.fit.breakingPoint.size
      : c.fit
        ? Number.POSITIVE_INFINITY
        : Number.NaN,
  breaking_point_ci_low: (c) => (c.fit ? beyond(c.fit.breakingPointCi[0]) : Number.NaN),
  breaking_point_ci_high: (c) => (c.fit ? beyond(c.fit.breakingPointCi[1]) : Number.NaN),
  slope: (c) => c.fit?.slope ?? Number.NaN,
}

const pointMetrics: Record<PointMetric, { read: (p: SweepPointSummary) => number; rate: boolean }> = {
  accuracy: { read: (p) => p.accuracy, rate: true },
  ci_low: { read: (p) => p.ciLow, rate: true },
  ci_high: { read: (p) => p.ciHigh, rate: true },
  n: { read: (p) => p.n, rate: false },
  prompt_tokens_mean: { read: (p) => p.promptTokensMean, rate: false },
  // A benchmark's partial credit (Long-Transduction: record accuracy); no value where it gives none.
  score: { read: (p) => p.scoreMean ?? Number.NaN, rate: true },
}

/** Which curves (and point) a sweep rule reads. */
export interface SweepTarget {
  name: string
  category: string | null
  /** The curve's context condition. @default 'in-graph' */
  condition?: Condition
  value: number | null
}

/** A sweep rule's target and metric, or the problem with it (for the gate's message). */
export type ParsedSweepTarget =
  | { ok: true; target: SweepTarget; metric: string; rate: boolean }
  | { ok: false; problem: string }

/**
 * Reads the `sweep:<name>[/<category>][@<value>]` part and the metric of a rule.
 * @example parseSweepTarget('sweep:chain-length@32', 'accuracy') // { ok: true, target: { name: 'chain-length', category: null, value: 32 }, metric: 'accuracy', rate: true }
 */
export function parseSweepTarget(text: string, metric: string): ParsedSweepTarget {
  const match = /^sweep:([A-Za-z0-9][\w.-]*?)(?:\/([^@/:]+))?(?::([^@/:]+))?(?:@(\d+))?$/.exec(text.trim())
  if (!match)
    return {
      ok: false,
      problem: `bad sweep "${text}": write sweep:<name>, sweep:<name>/<category>, sweep:<name>:<condition> or sweep:<name>@<value>`,
    }
  const [, name, category, condition, value] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
    string | undefined,
  ]
  if (condition !== undefined && !(CONDITIONS as readonly string[]).includes(condition))
    return {
      ok: false,
      problem: `unknown condition "${condition}" in "${text}" (expected one of ${CONDITIONS.join(', ')})`,
    }
  const target: SweepTarget = {
    name,
    category: category ?? null,
    ...(condition ? { condition: condition as Condition } : {}),
    value: value === undefined ? null : Number(value),
  }
  if (target.value === null) {
    if (!Object.hasOwn(curveMetrics, metric))
      return {
        ok: false,
        problem: `unknown sweep metric "${metric}" (curve: ${Object.keys(curveMetrics).join(', ')}; point, after @<value>: ${Object.keys(pointMetrics).join(', ')})`,
      }
    return { ok: true, target, metric, rate: false }
  }
  if (!Object.hasOwn(pointMetrics, metric))
    return {
      ok: false,
      problem: `unknown sweep point metric "${metric}" (${Object.keys(pointMetrics).join(', ')})`,
    }
  return { ok: true, target, metric, rate: pointMetrics[metric as PointMetric].rate }
}

/** One value a sweep rule checks: where it was read and what it is. */
export interface SweepReading {
  where: string
  actual: number
}

/**
 * The values a rule reads from `curves`: one per matching curve (or its point); empty when none
 * matches. A point that is not in a matching curve is read as NaN, so the rule breaks.
 * @example sweepReadings({ name: 'chain-length', category: null, value: 32 }, 'accuracy', curves) // [{ where: 'sweep:chain-length/math@32', actual: 0.55 }]
 */
export function sweepReadings(
  target: SweepTarget,
  metric: string,
  curves: readonly SweepCurve[],
): SweepReading[] {
  const condition = target.condition ?? 'in-graph'
  const matching = curves.filter(
    (c) =>
      c.name === target.name &&
      (target.category === null || c.category === target.category) &&
      (c.condition ?? 'in-graph') === condition,
  )
  return matching.map((curve) => {
    if (target.value === null)
      return { where: `sweep:${curve.key}`, actual: curveMetrics[metric as CurveMetric](curve) }
    const point = curve.points.find((p) => p.value === target.value)
    return {
      where: `sweep:${curve.key}@${target.value}${point ? '' : ' (no such point)'}`,
      actual: point ? pointMetrics[metric as PointMetric].read(point) : Number.NaN,
    }
  })
}
