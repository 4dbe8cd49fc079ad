/**
 * Exact polynomials with integer coefficients, written highest degree first (the order the math
 * tasks print them): `[3n, 0n, -1n]` is 3x² − 1. The empty array and `[0n]` are both the zero
 * polynomial; results are always trimmed, so the zero polynomial comes back as `[]` and callers
 * that print coefficients write it `[0]` (`coefficientList`).
 *
 * Everything stays in ℤ[x]: division is by monic divisors or exact, and the gcd over ℚ is
 * computed as a primitive gcd over ℤ (Gauss's lemma), so no rationals are needed.
 *
 * Reference: Knuth, TAOCP vol. 2 §4.6.1 (pseudo-division, primitive polynomial remainder sequence).
 */
import { ArbigraphError } from '../../src/errors.ts'
import { abs, gcd, isSafe } from './number-theory.ts'

/**
 * Integer coefficients, highest degree first.
 * @example const p: Poly = [1n, 0n, -2n] // x² − 2
 */
export type Poly = bigint[]

/**
 * Drops leading zero coefficients; the zero polynomial becomes `[]`.
 * @example trimPoly([0n, 0n, 2n, 1n]) // [2n, 1n]
 */
export function trimPoly(p: readonly bigint[]): Poly {
  let i = 0
  while (i < p.length && p[i] === 0n) i++
  return p.slice(i)
}

/**
 * Degree, ignoring leading zeros; −1 for the zero polynomial.
 * @example degree([0n, 3n, 1n]) // 1
 */
export const degree = (p: readonly bigint[]): number => trimPoly(p).length - 1

/**
 * The coefficient list a task prints: highest degree first, leading zeros dropped, zero as `[0]`.
 * @example coefficientList([0n, 0n]) // [0n]
 */
export function coefficientList(p: readonly bigint[]): bigint[] {
  const t = trimPoly(p)
  return t.length === 0 ? [0n] : t
}

/**
 * Quotient and remainder of `p` divided by a monic `divisor` (exact over ℤ because the divisor is
 * monic). Both results are trimmed.
 * @example divModMonic([1n, 0n, 0n], [1n, 1n, 1n]) // { quotient: [1n], remainder: [-1n, -1n] }
 */
export function divModMonic(
  p: readonly bigint[],
  divisor: readonly bigint[],
): { quotient: Poly; remainder: Poly } {
  const d = trimPoly(divisor)
  if (d[0] !== 1n)
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `polynomial divisor must be monic, got [${d.join(', ')}]`)
  const r = trimPoly(p)
  const qLen = r.length - d.length + 1
  if (qLen <= 0) return { quotient: [], remainder: r }
  const quotient: bigint[] = []
  for (let i = 0; i < qLen; i++) {
    const c = r[i]!
    quotient.push(c)
    if (c !== 0n) for (let j = 1; j < d.length; j++) r[i + j]! -= c * d[j]!
  }
  return { quotient: trimPoly(quotient), remainder: trimPoly(r.slice(qLen)) }
}

/**
 * Exact division over ℤ; throws if `divisor` does not divide `p`.
 * @example divExact([2n, 4n, 2n], [1n, 1n]) // [2n, 2n]
 */
export function divExact(p: readonly bigint[], divisor: readonly bigint[]): Poly {
  const d = trimPoly(divisor)
  if (d.length === 0) throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', 'polynomial division by zero')
  const r = trimPoly(p)
  const qLen = r.length - d.length + 1
  const quotient: bigint[] = []
  for (let i = 0; i < qLen; i++) {
    if (r[i]! % d[0]! !== 0n)
      throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', 'polynomial division is not exact')
    const c = r[i]! / d[0]!
    quotient.push(c)
    for (let j = 0; j < d.length; j++) r[i + j]! -= c * d[j]!
  }
  if (r.some((c) => c !== 0n))
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', 'polynomial division is not exact')
  return trimPoly(quotient)
}

/**
 * Formal derivative.
 * @example derivative([1n, 0n, 5n]) // [2n, 0n]
 */
export function derivative(p: readonly bigint[]): Poly {
  const t = trimPoly(p)
  const n = t.length - 1
  return trimPoly(t.slice(0, -1).map((c, i) => c * BigInt(n - i)))
}

/**
 * Horner evaluation at an integer point.
 * @example evaluate([1n, 0n, -2n], 3n) // 7n
 */
export function evaluate(p: readonly bigint[], x: bigint): bigint {
  let acc = 0n
  for (let i = 0; i < p.length; i++) acc = acc * x + p[i]!
  return acc
}

/** Content (gcd of the coefficients, ≥ 0) and the primitive part with a positive leading coefficient. */
function primitivePart(p: readonly bigint[]): Poly {
  const t = trimPoly(p)
  if (t.length === 0) return t
  let content = 0n
  for (let i = 0; i < t.length && content !== 1n; i++) content = gcd(content, t[i]!)
  if (t[0]! < 0n) content = -content
  if (content !== 1n) for (let i = 0; i < t.length; i++) t[i] = t[i]! / content
  return t
}

/** Pseudo-remainder: lc(b)^(deg a − deg b + 1) · a mod b, computed in ℤ[x]. */
function pseudoRemainder(a: readonly bigint[], b: readonly bigint[]): Poly {
  const r = trimPoly(a)
  const lead = b[0]!
  while (r.length >= b.length && r.length > 0) {
    const c = r[0]!
    for (let i = 0; i < r.length; i++) r[i]! *= lead
    for (let j = 0; j < b.length; j++) r[j]! -= c * b[j]!
    r.shift()
    while (r.length > 0 && r[0] === 0n) r.shift()
  }
  return r
}

/**
 * The gcd of two integer polynomials as a primitive polynomial with positive leading coefficient.
 * Over ℚ it is this times any nonzero constant, so the monic gcd is it divided by its leading
 * coefficient.
 * @example primitiveGcd([1n, 0n, -1n], [1n, -2n, 1n]) // [1n, -1n]
 */
export function primitiveGcd(p: readonly bigint[], q: readonly bigint[]): Poly {
  let a = primitivePart(p)
  let b = primitivePart(q)
  if (a.length < b.length) [a, b] = [b, a]
  while (b.length > 0) {
    const r = primitivePart(pseudoRemainder(a, b))
    a = b
    b = r
  }
  return a
}

/**
 * Resultant of p and x² + x + 1. The divisor is monic of degree 2 with roots ω, ω̄ (primitive cube
 * roots of unity), so Res = p(ω)·p(ω̄) = r0² − r0·r1 + r1², where r1·x + r0 = p mod (x² + x + 1).
 * @example resultantWithCyclotomic3([1n]) // 1n
 */
export function resultantWithCyclotomic3(p: readonly bigint[]): bigint {
  if (trimPoly(p).length === 0) return 0n
  const { remainder } = divModMonic(p, [1n, 1n, 1n])
  const r0 = remainder.at(-1) ?? 0n
  const r1 = remainder.length === 2 ? remainder[0]! : 0n
  return r0 * r0 - r0 * r1 + r1 * r1
}

/**
 * The prime the square-free check works modulo: below 2^15, so a product of two residues stays
 * below 2^30 and every step is exact small-integer arithmetic (no float remainder). It misses a
 * square-free P only when it divides P's discriminant or leading coefficient, about 1 in 30,000.
 */
export const CHECK_PRIME = 32749

/** x^(−1) modulo CHECK_PRIME for 0 < x < CHECK_PRIME, by the extended Euclidean algorithm. */
function inverseModPrime(x: number): number {
  let r0 = CHECK_PRIME
  let r1 = x
  let t0 = 0
  let t1 = 1
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1)
    const r2 = r0 - q * r1
    r0 = r1
    r1 = r2
    const t2 = t0 - q * t1
    t0 = t1
    t1 = t2
  }
  return t0 < 0 ? t0 + CHECK_PRIME : t0
}

/** a mod b over GF(CHECK_PRIME), both highest degree first with b[0] ≠ 0; the result is trimmed. */
function remainderModPrime(a: number[], b: readonly number[]): number[] {
  const inverse = inverseModPrime(b[0]!)
  const steps = a.length - b.length + 1
  for (let i = 0; i < steps; i++) {
    const q = (a[i]! * inverse) % CHECK_PRIME
    if (q === 0) continue
    for (let j = 1; j < b.length; j++)
      a[i + j] = (a[i + j]! - ((q * b[j]!) % CHECK_PRIME) + CHECK_PRIME) % CHECK_PRIME
  }
  let start = Math.max(steps, 0)
  while (start < a.length && a[start] === 0) start++
  return a.slice(start)
}

/**
 * True when gcd(P, P′) over ℚ is proven constant: the gcd modulo the prime q = CHECK_PRIME is a
 * constant while q does not divide lc(P). The primitive gcd G divides P in ℤ[x], so lc(G) | lc(P)
 * and G mod q keeps G's degree, and it divides gcd(P mod q, P′ mod q). False means "not proven"
 * (a repeated factor, or q unlucky): the caller then computes the gcd over ℤ.
 * `t` is trimmed with degree ≥ 1.
 */
function coprimeToDerivativeModPrime(t: readonly bigint[]): boolean {
  const n = t.length - 1
  if (n >= CHECK_PRIME) return false
  let a: number[] = []
  let b: number[] = []
  for (let i = 0; i <= n; i++) {
    const c = t[i]!
    if (!isSafe(c)) return false
    let r = Number(c) % CHECK_PRIME
    if (r < 0) r += CHECK_PRIME
    a.push(r)
    if (i < n) b.push((r * (n - i)) % CHECK_PRIME)
  }
  if (a[0] === 0) return false
  let start = 0
  while (start < b.length && b[start] === 0) start++
  b = b.slice(start)
  while (b.length > 0) {
    const r = remainderModPrime(a, b)
    a = b
    b = r
  }
  return a.length === 1
}

/**
 * Square-free kernel S = P / gcd(P, P′) with the gcd made monic over ℚ, evaluated at x. With
 * G = g / lc(g) for the primitive gcd g, S = lc(g) · (P / g), an integer polynomial by Gauss's
 * lemma, so S(x) is computed exactly (never as P(x)/G(x), which fails where G(x) = 0).
 * Zero gives 0 and a nonzero constant c gives c.
 * @example squareFreeEval([1n, -2n, 1n], 2n) // 1n  (S = x − 1)
 */
export function squareFreeEval(p: readonly bigint[], x: bigint): bigint {
  const t = trimPoly(p)
  if (t.length <= 1) return t[0] ?? 0n
  // Then g = 1 and S = P. Almost every P a task meets is square-free, and proving it modulo one
  // prime costs a fraction of the remainder sequence over ℤ, whose coefficients grow.
  if (coprimeToDerivativeModPrime(t)) return evaluate(t, x)
  const g = primitiveGcd(t, derivative(t))
  return g[0]! * evaluate(divExact(t, g), x)
}

/**
 * Prints a polynomial the way SymPy writes an expression with integer coefficients: descending
 * powers, zero terms omitted, `x**e` (or `x`), `|c|*` unless |c| = 1, signs as ` + ` / ` - `.
 * @example formatPolynomial([1n, 4n, 0n, -1n]) // 'x**3 + 4*x**2 - 1'
 */
export function formatPolynomial(p: readonly bigint[]): string {
  const t = trimPoly(p)
  const terms: string[] = []
  t.forEach((c, i) => {
    if (c === 0n) return
    const e = t.length - 1 - i
    const power = e === 0 ? '' : e === 1 ? 'x' : `x**${e}`
    const size = abs(c)
    const body = e === 0 ? `${size}` : size === 1n ? power : `${size}*${power}`
    if (terms.length === 0) terms.push(c < 0n ? `-${body}` : body)
    else terms.push(c < 0n ? ` - ${body}` : ` + ${body}`)
  })
  return terms.length === 0 ? '0' : terms.join('')
}

/**
 * Value at x of the unique polynomial of degree < L through (i, ys[i]) for i = 0..L−1, by Newton's
 * forward differences: Σ_k Δ^k y_0 · C(x, k). C(x, k) is an integer for every integer x (a
 * product of k consecutive integers is divisible by k!), so the sum is exact in bigint.
 * @example interpolateAt([1n, 4n, 9n], 5n) // 36n  (x + 1)²
 */
export function interpolateAt(ys: readonly bigint[], x: bigint): bigint {
  // Differences in place: after step k, diffs[k + 1..] hold Δ^(k+1) y_0, Δ^(k+1) y_1, …
  const diffs = ys.slice()
  let total = 0n
  let binom = 1n // C(x, k)
  for (let k = 0; k < diffs.length; k++) {
    total += diffs[k]! * binom
    binom = (binom * (x - BigInt(k))) / BigInt(k + 1)
    for (let i = diffs.length - 1; i > k; i--) diffs[i] = diffs[i]! - diffs[i - 1]!
  }
  return total
}
