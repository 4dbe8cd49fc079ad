/**
 * The breaking point of a fitted curve: the size at which fitted accuracy falls to half of its
 * value at the smallest size swept. It is only ever read off inside the swept range: a curve
 * that does not fall that far by the largest size (or does not fall at all) has its breaking
 * point `beyond` the range, and no number is extrapolated for it.
 */
import type { LogisticFit } from './logistic-fit.ts'
import { fittedAccuracy } from './logistic-fit.ts'

/** Where the breaking point is: a size inside the range, or beyond the largest size swept. */
export type BreakingPoint = { status: 'inside'; size: number } | { status: 'beyond' }

const logit = (p: number) => Math.log(p / (1 - p))

/**
 * The breaking point of `fit` on the x range [xMin, xMax] (x = log₂ size).
 * @example breakingPoint({ intercept: 2, slope: -1, iterations: 6, converged: true }, 0, 5) // { status: 'inside', size: 2 ** x }
 */
export function breakingPoint(fit: LogisticFit, xMin: number, xMax: number): BreakingPoint {
  if (!(fit.slope < 0)) return { status: 'beyond' }
  const half = fittedAccuracy(fit, xMin) / 2
  const x = (logit(half) - fit.intercept) / fit.slope
  return Number.isFinite(x) && x <= xMax
    ? { status: 'inside', size: 2 ** Math.max(x, xMin) }
    : { status: 'beyond' }
}
