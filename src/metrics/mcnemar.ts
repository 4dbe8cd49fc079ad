/**
 * The exact (binomial) McNemar test for paired binary outcomes: two runs answered the same
 * cases, and only the discordant pairs carry information about a difference — `b` cases right in
 * the first run and wrong in the second, `c` the other way round. Under "no difference" each
 * discordant pair falls either way with probability 1/2, so `b ~ Binomial(b + c, 1/2)` and the
 * two-sided p-value is `min(1, 2 · P(X ≤ min(b, c)))`. The exact form is used instead of the
 * chi-squared approximation because benchmark cells are small (a handful of discordant pairs).
 * The binomial tail is summed in log space: `2^-n` underflows a double once n > 1074.
 * Reference: McNemar (1947); Fagerland, Lydersen & Laake (2013), "The McNemar test for binary
 * matched-pairs data: mid-p and asymptotic are better than exact conditional" (the exact form).
 */
import { ArbigraphError } from '../errors.ts'

/** The paired counts and the test's verdict. */
export interface McNemarResult {
  /** Pairs right in the first run, wrong in the second. */
  b: number
  /** Pairs wrong in the first run, right in the second. */
  c: number
  /** Two-sided exact p-value, in [0, 1]. */
  p: number
}

const logAddExp = (x: number, y: number): number => {
  if (x === Number.NEGATIVE_INFINITY) return y
  const high = Math.max(x, y)
  return high + Math.log(Math.exp(x - high) + Math.exp(y - high))
}

/**
 * P(X ≤ k) for X ~ Binomial(n, 1/2), summed in log space.
 * @example binomialHalfCdf(1, 3) // 0.5
 */
export function binomialHalfCdf(k: number, n: number): number {
  if (k >= n) return 1
  let logTerm = -n * Math.LN2 // log(C(n, 0) / 2^n)
  let logSum = logTerm
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i)
    logSum = logAddExp(logSum, logTerm)
  }
  return Math.min(1, Math.exp(logSum))
}

/**
 * The exact two-sided McNemar test on discordant counts `b` and `c`.
 * @example mcnemarExact(10, 0).p // 0.001953125 (= 2 / 2^10)
 */
export function mcnemarExact(b: number, c: number): McNemarResult {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `mcnemarExact: need integer counts >= 0, got b=${b}, c=${c}`,
    )
  }
  const n = b + c
  if (n === 0) return { b, c, p: 1 }
  return { b, c, p: Math.min(1, 2 * binomialHalfCdf(Math.min(b, c), n)) }
}
