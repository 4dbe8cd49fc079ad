/**
 * A logistic model of correctness on x = log₂(size): P(correct | x) = σ(a + b·x), fitted to
 * grouped binomial counts (k correct of n trials at each x) by Newton's method on the likelihood
 * with Firth's penalty (½·log det of the Fisher information, i.e. the Jeffreys prior). Plain
 * maximum likelihood has no finite answer exactly where sweeps are most informative — a model
 * right at every point (oracle), or right up to a size and wrong after it — and the penalty gives
 * a finite estimate there while changing a well-determined fit by O(1/n). With the Fisher
 * information as the Newton matrix this is IRLS; steps are halved until the penalized
 * likelihood does not fall, so the iteration cannot diverge.
 * Reference: Firth (1993), "Bias reduction of maximum likelihood estimates", Biometrika 80(1);
 * Heinze & Schemper (2002), "A solution to the problem of separation in logistic regression".
 */

/** One group of trials at one x. */
export interface BinomialGroup {
  x: number
  /** Trials. */
  n: number
  /** Correct trials, 0 ≤ k ≤ n. */
  k: number
}

/** The fitted line on the logit scale. */
export interface LogisticFit {
  intercept: number
  slope: number
  iterations: number
  converged: boolean
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)))

/** log σ(z) and log(1 − σ(z)) without overflow. */
const logSigmoid = (z: number) => (z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z)))

/** Fisher information [[i00, i01], [i01, i11]] and the per-group weights at (a, b). */
function information(groups: readonly BinomialGroup[], a: number, b: number) {
  let i00 = 0
  let i01 = 0
  let i11 = 0
  for (const g of groups) {
    const p = sigmoid(a + b * g.x)
    const w = g.n * p * (1 - p)
    i00 += w
    i01 += w * g.x
    i11 += w * g.x * g.x
  }
  return { i00, i01, i11, det: i00 * i11 - i01 * i01 }
}

function penalizedLogLikelihood(groups: readonly BinomialGroup[], a: number, b: number): number {
  let ll = 0
  for (const g of groups) {
    const z = a + b * g.x
    ll += g.k * logSigmoid(z) + (g.n - g.k) * logSigmoid(-z)
  }
  const { det } = information(groups, a, b)
  return det > 0 ? ll + 0.5 * Math.log(det) : Number.NEGATIVE_INFINITY
}

/**
 * Fits σ(a + b·x) to the groups (at least two distinct x with trials); null when the data cannot
 * determine a line (fewer than two distinct x carry trials).
 * @example fitLogistic([{ x: 0, n: 10, k: 9 }, { x: 3, n: 10, k: 2 }])!.slope // < 0
 */
export function fitLogistic(groups: readonly BinomialGroup[], maxIterations = 100): LogisticFit | null {
  const used = groups.filter((g) => g.n > 0)
  if (new Set(used.map((g) => g.x)).size < 2) return null
  let a = 0
  let b = 0
  let current = penalizedLogLikelihood(used, a, b)
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const { i00, i01, i11, det } = information(used, a, b)
    if (!(det > 0)) return { intercept: a, slope: b, iterations: iteration, converged: false }
    // Firth's modified score: each group's residual gains h·(½ − p), h its leverage.
    let u0 = 0
    let u1 = 0
    for (const g of used) {
      const p = sigmoid(a + b * g.x)
      const w = g.n * p * (1 - p)
      const h = (w * (i11 - 2 * i01 * g.x + i00 * g.x * g.x)) / det
      const r = g.k - g.n * p + h * (0.5 - p)
      u0 += r
      u1 += r * g.x
    }
    let da = (i11 * u0 - i01 * u1) / det
    let db = (i00 * u1 - i01 * u0) / det
    let next = penalizedLogLikelihood(used, a + da, b + db)
    for (let halvings = 0; next < current && halvings < 30; halvings++) {
      da /= 2
      db /= 2
      next = penalizedLogLikelihood(used, a + da, b + db)
    }
    a += da
    b += db
    current = next
    if (Math.max(Math.abs(da), Math.abs(db)) < 1e-10)
      return { intercept: a, slope: b, iterations: iteration, converged: true }
  }
  return { intercept: a, slope: b, iterations: maxIterations, converged: false }
}

/**
 * The fitted accuracy at x.
 * @example fittedAccuracy({ intercept: 0, slope: -1, iterations: 5, converged: true }, 0) // 0.5
 */
export const fittedAccuracy = (fit: LogisticFit, x: number): number => sigmoid(fit.intercept + fit.slope * x)
