/**
 * The confidence sequence a sequential gate reports beside its verdict: the candidate rates not
 * rejected by the betting tests after the trials seen so far, found on a grid of 1,001 points
 * as the paper computes it. The lower end is the smallest rate the upward bet (K⁺) has not
 * rejected, the upper end the largest the downward bet (K⁻) has not; each is a one-sided
 * (1 − α) bound at every time at once, so the interval holds the cell's rate with probability at
 * least 1 − 2α uniformly over time. It is clipped to what counting alone allows
 * (`[S/N, (S + N − n)/N]`), and a gate's verdict is whether its threshold was rejected, which is
 * the same test at a single point. Ends are multiples of 1/1000, floored and ceiled outward.
 * Reference: Waudby-Smith & Ramdas, arXiv:2010.09686, §4 and §6 (grid computation of the CS).
 */
import { observe, startBettingTest } from './betting-test.ts'

/** An interval of rates. */
export interface RateInterval {
  low: number
  high: number
}

const BREAKS = 1000

/**
 * The interval after the 0/1 `outcomes` (in their random order) of a cell of `population` trials.
 * @example rateInterval([1, 1, 0, 1], 640, 0.05) // { low: 0.006, high: 0.998 } (few trials: wide)
 */
export function rateInterval(outcomes: readonly number[], population: number, alpha: number): RateInterval {
  const bar = Math.log(1 / alpha)
  let low = 1
  let high = 0
  for (let i = 0; i <= BREAKS; i++) {
    const m = i / BREAKS
    const test = startBettingTest({ threshold: m, op: '>=', population, alpha })
    for (const x of outcomes) observe(test, x)
    if (test.logUp < bar && m < low) low = m
    if (test.logDown < bar) high = m
  }
  const sum = outcomes.reduce((a, b) => a + b, 0)
  const n = outcomes.length
  const countLow = population === Number.POSITIVE_INFINITY ? 0 : sum / population
  const countHigh = population === Number.POSITIVE_INFINITY ? 1 : (sum + population - n) / population
  // No grid point left (a cell seen whole, or nearly): counting alone pins the rate.
  if (low > high) return { low: countLow, high: countHigh }
  return {
    low: Math.min(Math.max(low - 1 / BREAKS, countLow), countHigh),
    high: Math.max(Math.min(high + 1 / BREAKS, countHigh), countLow),
  }
}
