/**
 * Bootstrap intervals for a sweep's slope and breaking point: each replicate resamples the cases
 * of every point with replacement (a case brings all its epochs, so correlated repetitions stay
 * together), refits the curve and reads off its breaking point; the 95% interval is the 2.5th and
 * 97.5th percentile of the replicates (nearest rank). A replicate whose breaking point is beyond
 * the range counts as +∞, so an upper bound beyond the range is reported as such (null), never as
 * a number. The RNG is seeded from the curve's key: the same records give the same interval.
 * Reference: Efron & Tibshirani (1993), "An Introduction to the Bootstrap", ch. 13 (percentile interval).
 */
import { createRng } from '../../rng.ts'
import { breakingPoint } from './breaking-point.ts'
import type { BinomialGroup } from './logistic-fit.ts'
import { fitLogistic } from './logistic-fit.ts'

/** One point's cases: for each case, its correct trials and its trials. */
export interface PointCases {
  x: number
  cases: { k: number; n: number }[]
}

/** Percentile intervals over the replicates; a bound is null when it lies beyond the range. */
export interface BootstrapIntervals {
  replicates: number
  slope: [number | null, number | null]
  breakingPoint: [number | null, number | null]
}

/** The nearest-rank quantile of sorted values. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!

const finite = (v: number) => (Number.isFinite(v) ? v : null)

/** Every replicate's slope and breaking point (+∞ when beyond the range), in replicate order. */
export interface BootstrapReplicates {
  slopes: number[]
  sizes: number[]
}

/**
 * The bootstrap replicates of the curve of `points` (x = log₂ size), seeded by `key`.
 * @example bootstrapReplicates(points, 'chain-length/math', 1000).sizes.length // 1000
 */
export function bootstrapReplicates(
  points: readonly PointCases[],
  key: string,
  replicates = 1000,
): BootstrapReplicates {
  const rng = createRng(`sweep-bootstrap/${key}`)
  const xs = points.map((p) => p.x)
  const xMin = Math.min(...xs)
  const xMax = Math.max(...xs)
  const slopes: number[] = []
  const sizes: number[] = []
  for (let r = 0; r < replicates; r++) {
    const groups: BinomialGroup[] = points.map(({ x, cases }) => {
      let k = 0
      let n = 0
      for (let i = 0; i < cases.length; i++) {
        const drawn = cases[rng.below(cases.length)]!
        k += drawn.k
        n += drawn.n
      }
      return { x, n, k }
    })
    const fit = fitLogistic(groups)
    if (!fit) continue
    slopes.push(fit.slope)
    const point = breakingPoint(fit, xMin, xMax)
    sizes.push(point.status === 'inside' ? point.size : Number.POSITIVE_INFINITY)
  }
  return { slopes, sizes }
}

/**
 * The 95% percentile interval of `values` (NaN left out); an infinite bound is null.
 * @example percentileInterval([1, 2, Infinity]) // [1, null]
 */
export function percentileInterval(values: readonly number[]): [number | null, number | null] {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return [null, null]
  return [finite(quantile(sorted, 0.025)), finite(quantile(sorted, 0.975))]
}

/**
 * Bootstrap intervals for the curve of `points` (x = log₂ size), `replicates` resamples seeded by `key`.
 * @example bootstrapFit(points, 'chain-length/math').breakingPoint // [11.2, 27.9]
 */
export function bootstrapFit(
  points: readonly PointCases[],
  key: string,
  replicates = 1000,
): BootstrapIntervals {
  const { slopes, sizes } = bootstrapReplicates(points, key, replicates)
  return {
    replicates: slopes.length,
    slope: percentileInterval(slopes),
    breakingPoint: percentileInterval(sizes),
  }
}
