/**
 * The paired sign-flip (permutation) test of two runs' scores on the same cases: under "no
 * difference" each case's difference B − A is as likely to have come out with the other sign, so
 * the p-value is the share of the 2ⁿ sign patterns whose total difference is at least as far from
 * zero as the observed one (two-sided). It tests partial-credit scores (Long-Transduction's
 * per-document record accuracy) the way McNemar tests right/wrong outcomes — on 0/1 scores it *is*
 * the exact McNemar test, since only the discordant pairs can flip — and it is exact and
 * assumption-free, which matters on sweep points of two to twenty cases. Up to EXACT_LIMIT
 * non-zero differences every pattern is counted (a Gray-code walk, one update per pattern); beyond,
 * MONTE_CARLO patterns are drawn from a stream seeded by the caller's label, and p = (1 + hits) /
 * (1 + draws), a valid p-value that the same records always reproduce.
 * Reference: Fisher (1935), The Design of Experiments §21 (the randomisation test on paired
 * differences); Good (2005), Permutation, Parametric and Bootstrap Tests of Hypotheses, §3.1;
 * Phipson & Smyth (2010), "Permutation P-values should never be zero" (the (1 + hits) form).
 */
import { createRng } from '../rng.ts'

/** Non-zero differences counted exactly (2^20 patterns); more are sampled. */
export const EXACT_LIMIT = 20
/** Sign patterns drawn beyond EXACT_LIMIT. */
export const MONTE_CARLO = 100_000

/** The test's result: the mean difference B − A and its two-sided p-value. */
export interface SignFlipResult {
  /** Pairs (zero differences included). */
  n: number
  /** Mean of B − A over the pairs (0 when there are none). */
  meanDifference: number
  /** Two-sided p-value in (0, 1]; 1 when no pair differs. */
  p: number
  /** Whether every pattern was counted (else sampled). */
  exact: boolean
}

/**
 * The sign-flip test of the differences `b[i] − a[i]` (paired by index).
 * @example signFlipTest([1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], 'x').p // 0.03125 (= 2 / 2^6, as McNemar's)
 */
export function signFlipTest(a: readonly number[], b: readonly number[], label: string): SignFlipResult {
  const n = Math.min(a.length, b.length)
  const all = Array.from({ length: n }, (_, i) => b[i]! - a[i]!)
  const diffs = all.filter((d) => d !== 0).map(Math.abs)
  const observed = Math.abs(all.reduce((s, d) => s + d, 0))
  const meanDifference = n === 0 ? 0 : all.reduce((s, d) => s + d, 0) / n
  if (diffs.length === 0) return { n, meanDifference, p: 1, exact: true }
  // Sums of the same terms in another order may differ in the last bits: a tie must count as one.
  const total = diffs.reduce((s, d) => s + d, 0)
  const atLeast = observed - total * 1e-12
  if (diffs.length <= EXACT_LIMIT) {
    let sum = total // every sign +
    const signs = new Int8Array(diffs.length).fill(1)
    let hits = Math.abs(sum) >= atLeast ? 1 : 0
    const patterns = 2 ** diffs.length
    for (let k = 1; k < patterns; k++) {
      // Gray code: pattern k differs from k − 1 in the lowest set bit of k.
      const i = 31 - Math.clz32(k & -k)
      sum -= 2 * signs[i]! * diffs[i]!
      signs[i] = -signs[i]! as 1 | -1
      if (Math.abs(sum) >= atLeast) hits++
    }
    return { n, meanDifference, p: Math.min(1, hits / patterns), exact: true }
  }
  const rng = createRng(`sign-flip/${label}`)
  let hits = 0
  for (let r = 0; r < MONTE_CARLO; r++) {
    let sum = 0
    for (const d of diffs) sum += rng.uint32() & 1 ? d : -d
    if (Math.abs(sum) >= atLeast) hits++
  }
  return { n, meanDifference, p: (1 + hits) / (1 + MONTE_CARLO), exact: false }
}
