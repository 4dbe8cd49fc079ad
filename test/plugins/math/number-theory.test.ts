import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  binomial,
  divisorCount,
  factorize,
  gcd,
  isPrime,
  isqrt,
  legendre,
  modPow,
  multiplicativeOrder,
  nextPrime,
  nthPrime,
  omega,
  primeRange,
  primesUpTo,
  sigma,
  smallestPrimeFactor,
  totient,
  unitarySigma,
} from '../../../plugins/math/number-theory.ts'

// Brute-force definitions, written straight from the textbook, to check the fast paths against.
const divisorsOf = (n: bigint): bigint[] => {
  const out: bigint[] = []
  for (let d = 1n; d <= n; d++) if (n % d === 0n) out.push(d)
  return out
}
const bruteIsPrime = (n: bigint): boolean => {
  if (n < 2n) return false
  for (let d = 2n; d * d <= n; d++) if (n % d === 0n) return false
  return true
}
const small = fc.bigInt({ min: 1n, max: 3000n })

// The sieve covers numbers below 2^22; these exercise the bigint fallbacks above it.
const ABOVE_TABLE_PRIME = 4194319n
const ABOVE_TABLE_COMPOSITE = 4194305n // 5 · 397 · 2113

describe('factorize and divisor functions', () => {
  it('factorizes into ascending prime powers whose product is n, above the sieve too', () => {
    expect(factorize(1n)).toEqual([])
    expect(factorize(360n)).toEqual([
      [2n, 3],
      [3n, 2],
      [5n, 1],
    ])
    expect(factorize(ABOVE_TABLE_COMPOSITE)).toEqual([
      [5n, 1],
      [397n, 1],
      [2113n, 1],
    ])
    expect(factorize(2n ** 61n - 1n)).toEqual([[2n ** 61n - 1n, 1]])
    expect(factorize(2n ** 47n - 1n)).toEqual([
      [2351n, 1],
      [4513n, 1],
      [13264529n, 1],
    ])
    expect(factorize(ABOVE_TABLE_PRIME ** 2n * 7n)).toEqual([
      [7n, 1],
      [ABOVE_TABLE_PRIME, 2],
    ])
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 7n }), (n) => {
        const pairs = factorize(n)
        expect(pairs.reduce((acc, [p, e]) => acc * p ** BigInt(e), 1n)).toBe(n)
        for (const [p] of pairs) expect(bruteIsPrime(p)).toBe(true)
        for (let i = 1; i < pairs.length; i++) expect(pairs[i]![0] > pairs[i - 1]![0]).toBe(true)
      }),
      { seed: 1 },
    )
  })

  it('σ_k and d agree with summing over the divisors', () => {
    expect(sigma(1n, 12n)).toBe(28n)
    expect(sigma(2n, 6n)).toBe(50n)
    expect(sigma(0n, 36n)).toBe(9n)
    fc.assert(
      fc.property(small, fc.bigInt({ min: 0n, max: 3n }), (n, k) => {
        const divisors = divisorsOf(n)
        expect(sigma(k, n)).toBe(divisors.reduce((acc, d) => acc + d ** k, 0n))
        expect(divisorCount(n)).toBe(BigInt(divisors.length))
      }),
      { seed: 1 },
    )
  })

  it('σ_k, φ and the unitary σ are multiplicative on coprime pairs', () => {
    fc.assert(
      fc.property(small, small, fc.bigInt({ min: 0n, max: 2n }), (a, b, k) => {
        fc.pre(gcd(a, b) === 1n)
        expect(sigma(k, a * b)).toBe(sigma(k, a) * sigma(k, b))
        expect(totient(a * b)).toBe(totient(a) * totient(b))
        expect(unitarySigma(a * b)).toBe(unitarySigma(a) * unitarySigma(b))
      }),
      { seed: 1 },
    )
  })

  it('φ(n) counts the m in 1..n coprime to n', () => {
    expect(totient(1n)).toBe(1n)
    fc.assert(
      fc.property(small, (n) => {
        let coprime = 0n
        for (let m = 1n; m <= n; m++) if (gcd(m, n) === 1n) coprime++
        expect(totient(n)).toBe(coprime)
      }),
      { seed: 1 },
    )
  })

  it('the unitary σ sums the divisors d with gcd(d, n/d) = 1', () => {
    expect(unitarySigma(12n)).toBe(20n)
    fc.assert(
      fc.property(small, (n) => {
        const unitary = divisorsOf(n).filter((d) => gcd(d, n / d) === 1n)
        expect(unitarySigma(n)).toBe(unitary.reduce((acc, d) => acc + d, 0n))
      }),
      { seed: 1 },
    )
  })

  it('ω counts distinct primes and the least factor is the smallest prime divisor', () => {
    expect(omega(1n)).toBe(0n)
    expect(omega(360n)).toBe(3n)
    expect(smallestPrimeFactor(91n)).toBe(7n)
    expect(smallestPrimeFactor(ABOVE_TABLE_PRIME)).toBe(ABOVE_TABLE_PRIME)
    fc.assert(
      fc.property(fc.bigInt({ min: 2n, max: 3000n }), (n) => {
        expect(smallestPrimeFactor(n)).toBe(divisorsOf(n).find((d) => d > 1n))
        expect(omega(n)).toBe(BigInt(divisorsOf(n).filter(bruteIsPrime).length))
      }),
      { seed: 1 },
    )
  })

  it('rejects arguments outside the domain with a message naming the bound', () => {
    expect(() => factorize(0n)).toThrow(/factorize needs n ≥ 1, got 0/)
    expect(() => sigma(-1n, 4n)).toThrow(/sigma needs k ≥ 0/)
    expect(() => smallestPrimeFactor(1n)).toThrow(/needs n ≥ 2, got 1/)
    expect(() => isqrt(-4n)).toThrow(/isqrt of negative -4/)
  })
})

describe('primes', () => {
  it('numbers primes from p_1 = 2', () => {
    expect([1n, 2n, 3n, 25n, 100n, 1000n].map(nthPrime)).toEqual([2n, 3n, 5n, 97n, 541n, 7919n])
    expect(() => nthPrime(0n)).toThrow(/the 1st prime is 2/)
  })

  it('isPrime agrees with trial division, and with known values above the sieve', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -5n, max: 20_000n }), (n) => {
        expect(isPrime(n)).toBe(bruteIsPrime(n))
      }),
      { seed: 1 },
    )
    expect(isPrime(561n)).toBe(false) // Carmichael number
    expect(isPrime(ABOVE_TABLE_PRIME)).toBe(true)
    expect(isPrime(ABOVE_TABLE_COMPOSITE)).toBe(false)
    expect(isPrime(3215031751n)).toBe(false) // strong pseudoprime to bases 2, 3, 5 and 7
    expect(isPrime(2n ** 89n - 1n)).toBe(true)
  })

  it('primeRange is half-open [lo, hi) and matches a filter over the range', () => {
    expect(primeRange(10n, 20n)).toEqual([11n, 13n, 17n, 19n])
    expect(primeRange(11n, 11n)).toEqual([])
    expect(primesUpTo(13n)).toEqual([2n, 3n, 5n, 7n, 11n, 13n])
    expect(primeRange(ABOVE_TABLE_PRIME - 20n, ABOVE_TABLE_PRIME + 1n)).toEqual([4194301n, ABOVE_TABLE_PRIME])
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 5000n }), fc.bigInt({ min: 0n, max: 300n }), (lo, width) => {
        const expected: bigint[] = []
        for (let q = lo; q < lo + width; q++) if (bruteIsPrime(q)) expected.push(q)
        expect(primeRange(lo, lo + width)).toEqual(expected)
      }),
      { seed: 1 },
    )
  })

  it('nextPrime is strictly greater', () => {
    expect([-3n, 0n, 2n, 13n, 540n].map(nextPrime)).toEqual([2n, 2n, 3n, 17n, 541n])
    expect(nextPrime(ABOVE_TABLE_PRIME - 1n)).toBe(ABOVE_TABLE_PRIME)
  })
})

describe('modular arithmetic', () => {
  it('modPow matches repeated multiplication', () => {
    expect(modPow(2n, 10n, 1000n)).toBe(24n)
    expect(modPow(5n, 0n, 1n)).toBe(0n)
    expect(modPow(-2n, 3n, 7n)).toBe(6n)
    expect(() => modPow(2n, 3n, 0n)).toThrow(/m ≥ 1/)
  })

  it('the Legendre symbol says whether a is a square modulo p', () => {
    for (const p of primeRange(3n, 60n)) {
      const squares = new Set<bigint>()
      for (let x = 1n; x < p; x++) squares.add((x * x) % p)
      for (let a = 0n; a < 2n * p; a++) {
        const expected = a % p === 0n ? 0n : squares.has(a % p) ? 1n : -1n
        expect(legendre(a, p)).toBe(expected)
      }
    }
    expect(() => legendre(3n, 2n)).toThrow(/odd prime p, got 2/)
  })

  it('the multiplicative order is the least k with a^k ≡ 1', () => {
    expect(multiplicativeOrder(2n, 7n)).toBe(3n)
    expect(multiplicativeOrder(2n, 171n)).toBe(18n)
    expect(multiplicativeOrder(5n, 1n)).toBe(1n)
    fc.assert(
      fc.property(fc.bigInt({ min: 2n, max: 500n }), fc.bigInt({ min: 1n, max: 500n }), (m, a) => {
        fc.pre(gcd(a, m) === 1n)
        let k = 1n
        while (modPow(a, k, m) !== 1n) k++
        expect(multiplicativeOrder(a, m)).toBe(k)
      }),
      { seed: 1 },
    )
    expect(() => multiplicativeOrder(4n, 10n)).toThrow(/gcd\(a, m\) = 1, got a = 4, m = 10/)
    expect(() => multiplicativeOrder(2n, 0n)).toThrow(/modulus m ≥ 1/)
  })
})

describe('binomial', () => {
  it('follows Pascal’s rule and is 0 outside 0 ≤ k ≤ n', () => {
    expect(binomial(10n, 3n)).toBe(120n)
    expect(binomial(100n, 50n)).toBe(100891344545564193334812497256n)
    expect(binomial(5n, 6n)).toBe(0n)
    expect(binomial(5n, -1n)).toBe(0n)
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 200n }), fc.bigInt({ min: 1n, max: 200n }), (n, k) => {
        expect(binomial(n, k)).toBe(binomial(n - 1n, k - 1n) + binomial(n - 1n, k))
      }),
      { seed: 1 },
    )
    expect(() => binomial(-1n, 0n)).toThrow(/n ≥ 0, got -1/)
  })
})
