/**
 * Exact number theory on bigint: gcd, divisor counts and sums, primes, totients. Inputs in this
 * benchmark stay small (n ≤ ~10^4 after preprocessing), so trial division and sieves suffice.
 */

export const abs = (x: bigint): bigint => (x < 0n ? -x : x)

/** gcd(a, b) ≥ 0, with gcd(0, 0) = 0. */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a)
  b = abs(b)
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

/** Integer square root: the largest r with r² ≤ n (n ≥ 0). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError(`isqrt of negative ${n}`)
  if (n < 2n) return n
  let x = BigInt(Math.floor(Math.sqrt(Number(n))))
  while (x * x > n) x--
  while ((x + 1n) * (x + 1n) <= n) x++
  return x
}

/** Prime factorization as [prime, exponent] pairs in ascending order (n ≥ 1). */
export function factorize(n: bigint): [bigint, number][] {
  if (n < 1n) throw new RangeError(`factorize needs n ≥ 1, got ${n}`)
  const out: [bigint, number][] = []
  for (let p = 2n; p * p <= n; p += p === 2n ? 1n : 2n) {
    let e = 0
    while (n % p === 0n) {
      n /= p
      e++
    }
    if (e > 0) out.push([p, e])
  }
  if (n > 1n) out.push([n, 1])
  return out
}

/** Number of positive divisors d(n) for n ≥ 1. */
export const divisorCount = (n: bigint): bigint => factorize(n).reduce((acc, [, e]) => acc * BigInt(e + 1), 1n)
