/**
 * One sweep curve from its trials, whatever benchmark produced them: the trials are grouped by
 * point (smallest value first), each point gets its accuracy with the Wilson 95% interval
 * (graded trials only, infrastructure errors counted apart, as in cells) and its mean prompt
 * tokens, and the curve its logistic fit on log₂(size) with bootstrap intervals (cases resampled
 * within points) — none when the curve has no signal (accuracy ≤ 0.05 at its smallest size,
 * src/metrics/sweep/sweep-signal.ts). ArbiGraph's case records (src/metrics/sweep/summarize-sweeps.ts) and other
 * benchmarks' records (src/metrics/sweep/benchmark-sweeps.ts) both come here as trials.
 */
import type { Condition } from '../../contracts/conditions.ts'
import type { SweepCurve, SweepPointSummary } from '../../contracts/sweep-curve.ts'
import type { SweepPoint } from '../../contracts/sweep-point.ts'
import { ArbigraphError } from '../../errors.ts'
import { mean } from '../median.ts'
import { wilson95 } from '../wilson.ts'
import { bootstrapFit, type PointCases } from './bootstrap-fit.ts'
import { breakingPoint } from './breaking-point.ts'
import { fitLogistic } from './logistic-fit.ts'
import { noSignalPoint } from './sweep-signal.ts'

/** A graded trial: right or wrong, and its prompt tokens. */
export interface Outcome {
  correct: boolean
  promptTokens: number
  /** Partial credit in [0, 1], when the benchmark gives one: what a comparison tests (compare-benchmark-sweeps.ts). */
  score?: number
}

/** One trial of a curve; `outcome` is null for an infrastructure error. */
export interface CurveTrial {
  caseId: string
  model: string
  point: SweepPoint
  outcome: Outcome | null
}

/** What names a curve besides its points. */
export interface CurveLabel {
  key: string
  name: string
  /** The topology, or the benchmark for a benchmark's sweep. */
  topology: string
  category: string
  condition?: Condition
}

/**
 * Per point, each case's correct and total graded trials (the bootstrap's resampling unit).
 * @example trialCases(trialsOfOnePoint).cases.length // cases at that point
 */
export function trialCases(trials: readonly CurveTrial[]): PointCases {
  const byCase = new Map<string, { k: number; n: number }>()
  for (const t of trials) {
    if (!t.outcome) continue
    const c = byCase.get(t.caseId) ?? { k: 0, n: 0 }
    c.n++
    if (t.outcome.correct) c.k++
    byCase.set(t.caseId, c)
  }
  return { x: Math.log2(trials[0]!.point.size), cases: [...byCase.values()] }
}

/**
 * The trials of one curve by point, smallest value first; trials that disagree on a point's axis
 * or size are bad input naming the case.
 */
export function trialsByPoint(key: string, trials: readonly CurveTrial[]): CurveTrial[][] {
  const first = trials[0]!.point
  const byValue = new Map<number, CurveTrial[]>()
  for (const t of trials) {
    const { axis, size, value } = t.point
    const sameValue = byValue.get(value)
    const other = sameValue?.[0]?.point
    if (axis !== first.axis || (other && other.size !== size))
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `sweep "${key}": case "${t.caseId}" has ${axis}=${value} size ${size}, but other records of the sweep have ${first.axis}=${other?.value ?? first.value} size ${other?.size ?? first.size}`,
      )
    if (sameValue) sameValue.push(t)
    else byValue.set(value, [t])
  }
  return [...byValue.entries()].sort(([a], [b]) => a - b).map(([, list]) => list)
}

/** `{ scoreMean }` when the graded trials carry scores (another benchmark's partial credit), else `{}`. */
function scoreMean(graded: readonly CurveTrial[]): { scoreMean?: number } {
  const scores = graded.flatMap((t) => (t.outcome!.score === undefined ? [] : [t.outcome!.score]))
  if (graded.length === 0 || scores.length < graded.length) return {}
  return { scoreMean: scores.reduce((s, x) => s + x, 0) / scores.length }
}

function summarizePoint(trials: readonly CurveTrial[]): SweepPointSummary {
  const { value, size } = trials[0]!.point
  const ok = trials.filter((t) => t.outcome !== null)
  const correct = ok.filter((t) => t.outcome!.correct).length
  const interval = wilson95(correct, ok.length)
  return {
    value,
    size,
    trials: trials.length,
    n: ok.length,
    cases: new Set(ok.map((t) => t.caseId)).size,
    correct,
    accuracy: interval.estimate,
    ciLow: interval.lower,
    ciHigh: interval.upper,
    promptTokensMean: mean(ok.map((t) => t.outcome!.promptTokens)),
    infraErrors: trials.length - ok.length,
    ...scoreMean(ok),
  }
}

const sum = (cases: { k: number; n: number }[], field: 'k' | 'n') => cases.reduce((s, c) => s + c[field], 0)

function fitCurve(key: string, byPoint: CurveTrial[][], replicates: number): SweepCurve['fit'] {
  const points = byPoint.map(trialCases).filter((p) => p.cases.length > 0)
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

/**
 * The curve of `trials` (already grouped by point, see `trialsByPoint`).
 * @example curveOfTrials({ key: 'chain-length/math', … }, trialsByPoint(key, trials), 1000).fit?.breakingPoint
 */
export function curveOfTrials(label: CurveLabel, byPoint: CurveTrial[][], replicates: number): SweepCurve {
  const all = byPoint.flat()
  const points = byPoint.map(summarizePoint)
  return {
    ...label,
    axis: all[0]!.point.axis,
    models: [...new Set(all.map((t) => t.model))].sort(),
    points,
    // Nothing to fall from: a fit would read a flat line as "never fell to half" (sweep-signal.ts).
    fit: noSignalPoint({ points }) ? null : fitCurve(label.key, byPoint, replicates),
  }
}
