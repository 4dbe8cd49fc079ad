/**
 * Wilson score interval for a binomial proportion: the 95% confidence interval the paper reports
 * around accuracy. Unlike the normal approximation it stays inside [0, 1] and is informative at
 * 0/n and n/n. With no trials there is no information: the interval is all of [0, 1] and the
 * estimate is 0 by convention (accuracy over an empty run, as the reference divides by all samples).
 * Reference: docs/research/arbigraph-reference-harness.md §5 (Wilson 95% CI).
 */
import { ArbigraphError } from '../errors.ts'

/** The 97.5% standard normal quantile (1.95996398454005423…), for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054

/** A proportion with its interval; all three in [0, 1]. */
export interface WilsonInterval {
  estimate: number
  lower: number
  upper: number
}

/**
 * The Wilson interval of `successes` out of `trials`.
 * @example wilson95(8, 10) // { estimate: 0.8, lower: 0.4902…, upper: 0.9433… }
 */
export function wilson95(successes: number, trials: number, z = Z_95): WilsonInterval {
  if (
    !Number.isInteger(trials) ||
    trials < 0 ||
    !Number.isInteger(successes) ||
    successes < 0 ||
    successes > trials
  ) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `wilson95: need integers 0 <= successes <= trials, got ${successes}/${trials}`,
    )
  }
  if (trials === 0) return { estimate: 0, lower: 0, upper: 1 }
  const p = successes / trials
  const z2n = (z * z) / trials
  const center = (p + z2n / 2) / (1 + z2n)
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials))) / (1 + z2n)
  // At 0/n and n/n the bound is exact in theory; clamp the rounding residue.
  return {
    estimate: p,
    lower: successes === 0 ? 0 : Math.max(0, center - half),
    upper: successes === trials ? 1 : Math.min(1, center + half),
  }
}
