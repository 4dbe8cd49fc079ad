/**
 * An anytime-valid test of a cell's rate against a gate threshold, by betting: two one-sided
 * capital processes at the threshold `m`, one betting that the rate is above `m` (K⁺), one
 * that it is below (K⁻). Each is a nonnegative supermartingale with initial value 1 under its
 * null (rate ≤ m for K⁺, rate ≥ m for K⁻), so by Ville's inequality it ever reaches 1/α with
 * probability at most α, whenever one looks and however often: reaching it rejects the null,
 * which is what lets a gate stop early without the optional-stopping error of a peeked
 * fixed-n interval.
 *
 * The cases of a cell are a finite population sampled without replacement in a random order
 * (src/metrics/sequential/case-order.ts), and what the gate asks about is the rate of the
 * whole cell — the number a full run would report. So the processes are the paper's
 * without-replacement ones: observation t is centred on `μₜ(m) = (N·m − S_{t−1}) / (N − t + 1)`,
 * the mean of the cases not yet drawn if the cell's rate were m, and bets are truncated at
 * `c/μₜ(m)` and `c/(1 − μₜ(m))` with c = 1/2 (the paper's hedged-capital truncation). The bet
 * size is the paper's predictable plug-in `λₜ = √(2·log(1/α) / (σ̂²_{t−1} · t · log(1 + t)))`
 * with the regularised mean and variance `μ̂ₜ = (1/2 + Σxᵢ)/(t + 1)`,
 * `σ̂²ₜ = (1/4 + Σ(xᵢ − μ̂ᵢ)²)/(t + 1)`. Every bet uses only earlier observations, which is all
 * the validity proof needs; the plug-in only decides how fast a true difference is found.
 *
 * Besides the bets, a finite cell can be decided by counting: once the successes so far already
 * reach the threshold whatever the rest do, or cannot reach it even if all the rest succeed,
 * the full run's verdict is known. After the last case this is always so, so a sequential gate
 * that runs to the end reaches exactly the fixed-n verdict. Observations need not be 0 or 1: any
 * value in [0, 1] (a document's share of records right) is a bounded mean the same bets bound.
 * Their float sum then carries rounding, and the fixed-n gate sums them in another order, so
 * counting decides such a test only with a margin beyond that rounding; within it the test stays
 * undecided and the fixed-n verdict of the cases run stands.
 *
 * Reference: I. Waudby-Smith and A. Ramdas, "Estimating means of bounded random variables by
 * betting", JRSS-B 86(1), 2024, arXiv:2010.09686 — §4 (hedged capital process, predictable
 * plug-in bets), §6 (sampling without replacement); Ville's inequality (Ville 1939).
 */

/** Which way a rule points: `>=`/`>` want the rate high, `<=`/`<` want it low. */
export type RateOp = '>=' | '>' | '<=' | '<'

/** The running state of one test; change it only through `observe`. */
export interface BettingTest {
  readonly threshold: number
  readonly op: RateOp
  /** Cases in the cell (the population); Infinity tests an i.i.d. stream (with replacement). */
  readonly population: number
  readonly alpha: number
  /** Observations so far. */
  n: number
  /** Their sum (successes, for 0/1 outcomes). */
  sum: number
  /** 1/4 + Σ (xᵢ − μ̂ᵢ)²: the regularised variance's numerator. */
  squares: number
  /** log K⁺ₙ(threshold) and log K⁻ₙ(threshold). */
  logUp: number
  logDown: number
  /** True while every observation was 0 or 1: `sum` is then an exact integer. */
  integral: boolean
}

/** The paper's truncation scale c for bets (hedged capital process, §4). */
export const BET_TRUNCATION = 0.5

/**
 * A fresh test of `rate op threshold` over a cell of `population` cases at error level `alpha`.
 * @example startBettingTest({ threshold: 0.7, op: '>=', population: 640, alpha: 0.05 })
 */
export function startBettingTest(options: {
  threshold: number
  op: RateOp
  population: number
  alpha: number
}): BettingTest {
  return { ...options, n: 0, sum: 0, squares: 0.25, logUp: 0, logDown: 0, integral: true }
}

/**
 * The predictable plug-in bet for observation `t` (1-based), from the first t − 1 observations.
 * @example plugInBet(1, 0.25, 0.05) // ≈ 5.9 (truncated where it is used)
 */
export function plugInBet(t: number, variance: number, alpha: number): number {
  return Math.sqrt((2 * Math.log(1 / alpha)) / (variance * t * Math.log(1 + t)))
}

/**
 * The mean the remaining cases would have if the population's were `m` (the without-replacement
 * centring); `m` itself for an infinite population.
 * @example remainingMean(0.5, 10, 4, 6) // (5 − 4) / 4 = 0.25
 */
export function remainingMean(m: number, population: number, sum: number, n: number): number {
  return population === Number.POSITIVE_INFINITY ? m : (population * m - sum) / (population - n)
}

/**
 * One capital factor pair at candidate mean `m`: log(1 + λ⁺(x − μ)) and log(1 − λ⁻(x − μ)).
 * A centring outside [0, 1] means m is impossible given what was seen: infinite capital.
 */
export function logFactors(
  x: number,
  m: number,
  test: Pick<BettingTest, 'population' | 'sum' | 'n' | 'squares' | 'alpha'>,
): [number, number] {
  const mu = remainingMean(m, test.population, test.sum, test.n)
  if (mu < 0 || mu > 1) return [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
  const bet = plugInBet(test.n + 1, test.squares / (test.n + 1), test.alpha)
  const up = Math.min(bet, BET_TRUNCATION / mu)
  const down = Math.min(bet, BET_TRUNCATION / (1 - mu))
  return [Math.log1p(up * (x - mu)), Math.log1p(-down * (x - mu))]
}

/**
 * Adds one observation `x` in [0, 1] (1 = the case is right) to the test, in place.
 * @example observe(test, 1)
 */
export function observe(test: BettingTest, x: number): BettingTest {
  if (test.n >= test.population) return test
  const [up, down] = logFactors(x, test.threshold, test)
  test.logUp += up
  test.logDown += down
  test.sum += x
  test.n += 1
  if (x !== 0 && x !== 1) test.integral = false
  const mean = (0.5 + test.sum) / (test.n + 1)
  test.squares += (x - mean) * (x - mean)
  return test
}

const holds = (rate: number, op: RateOp, threshold: number): boolean =>
  op === '>='
    ? rate >= threshold
    : op === '>'
      ? rate > threshold
      : op === '<='
        ? rate <= threshold
        : rate < threshold

/**
 * How far a float sum of the observations may be from their exact sum, in either direction:
 * none for 0/1 observations (an integer sum is exact), else a bound on the rounding of n
 * additions of values in [0, 1] (each adds at most sum·ε), doubled for the fixed-n gate's own
 * sum in another order.
 */
const roundingSlack = (test: Pick<BettingTest, 'integral' | 'n'>): number =>
  test.integral ? 0 : 2 * (test.n + 1) * (test.n + 1) * Number.EPSILON

/** How a test was decided: by counting (certain) or by the capital crossing 1/α. */
export type DecidedBy = 'count' | 'betting'

/** A test's verdict so far: undecided, or pass/fail and how. */
export type TestVerdict = { decided: false } | { decided: true; pass: boolean; by: DecidedBy }

/**
 * The verdict the observations so far support; a finite population of 0/1 outcomes is always
 * decided once all of it was observed, with the full run's verdict (`sum / population op
 * threshold`, computed as the fixed-n gate computes it); one of other values in [0, 1] too,
 * unless its mean is within float rounding of the threshold (then the fixed-n verdict stands).
 * @example verdictOf(test) // { decided: true, pass: true, by: 'betting' }
 */
export function verdictOf(test: BettingTest): TestVerdict {
  if (test.population !== Number.POSITIVE_INFINITY) {
    const slack = roundingSlack(test)
    const low = holds((test.sum - slack) / test.population, test.op, test.threshold)
    // The cases left, an exact integer, added once: no rounding of its own besides the sum's.
    const high = holds(
      (test.sum + slack + (test.population - test.n)) / test.population,
      test.op,
      test.threshold,
    )
    // The rule is monotone in the rate: agreeing at both ends of what the rate can still be, it agrees everywhere.
    if (low === high) return { decided: true, pass: low, by: 'count' }
  }
  const bar = Math.log(1 / test.alpha)
  const wantsHigh = test.op === '>=' || test.op === '>'
  // K⁺ crossing rejects "rate ≤ m": evidence the rate is above the threshold.
  if (test.logUp >= bar) return { decided: true, pass: wantsHigh, by: 'betting' }
  if (test.logDown >= bar) return { decided: true, pass: !wantsHigh, by: 'betting' }
  return { decided: false }
}
