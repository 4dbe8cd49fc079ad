/**
 * From case records to sweep curves: the records carrying a sweep point are grouped by sweep and
 * category, then by point; each point gets its accuracy with the Wilson 95% interval (graded
 * trials only, infrastructure errors counted apart, as in cells) and its mean prompt tokens, and
 * each curve its logistic fit on log₂(size) with bootstrap intervals. Pure, so every report agrees.
 */
import type { CaseRecord } from '../../contracts/case-record.ts'
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

const graded = (r: CaseRecord) => r.infraError === null && r.grade !== null

function summarizePoint(records: readonly CaseRecord[]): SweepPointSummary {
  const point = records[0]!.sweep!
  const ok = records.filter(graded)
  const correct = ok.filter((r) => r.grade!.correct).length
  const interval = wilson95(correct, ok.length)
  return {
    value: point.value,
    size: point.size,
    trials: records.length,
    n: ok.length,
    cases: new Set(ok.map((r) => r.caseId)).size,
    correct,
    accuracy: interval.estimate,
    ciLow: interval.lower,
    ciHigh: interval.upper,
    promptTokensMean: mean(ok.map((r) => r.tokens.prompt)),
    infraErrors: records.length - ok.length,
  }
}

/**
 * Per point, each case's correct and total graded trials (the bootstrap's resampling unit).
 * @example pointCases(recordsOfOnePoint).cases.length // cases at that point
 */
export function pointCases(records: readonly CaseRecord[]): PointCases {
  const byCase = new Map<string, { k: number; n: number }>()
  for (const r of records.filter(graded)) {
    const c = byCase.get(r.caseId) ?? { k: 0, n: 0 }
    c.n++
    if (r.grade!.correct) c.k++
    byCase.set(r.caseId, c)
  }
  return { x: Math.log2(records[0]!.sweep!.size), cases: [...byCase.values()] }
}

function fitCurve(key: string, byPoint: CaseRecord[][], replicates: number): SweepCurve['fit'] {
  const points = byPoint.map(pointCases).filter((p) => p.cases.length > 0)
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

function curveOf(key: string, records: CaseRecord[], replicates: number): SweepCurve {
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
  const byPoint = [...byValue.entries()].sort(([a], [b]) => a - b).map(([, list]) => list)
  return {
    key,
    name: first.sweep!.name,
    topology: first.topology,
    category: first.category,
    axis: first.sweep!.axis,
    models: [...new Set(records.map((r) => r.model))].sort(),
    points: byPoint.map(summarizePoint),
    fit: fitCurve(key, byPoint, replicates),
  }
}

/**
 * The curves of every sweep in `records`, sorted by key (`<sweep>/<category>`); records without a
 * sweep point are ignored.
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
  return [...groups.keys()].sort().map((key) => curveOf(key, groups.get(key)!, options.replicates ?? 1000))
}
