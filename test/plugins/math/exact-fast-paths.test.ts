// The math functions compute on JS numbers where every value is provably below 2^53, and on
// bigints elsewhere. Each test here checks a fast path against plain bigint arithmetic written in
// the test, on inputs on both sides of the bound where it switches.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  divisorCount,
  factorize,
  gcd,
  isPrime,
  modPow,
  omega,
  sigma,
  smallestPrimeFactor,
  sumPairwiseGcd,
  totient,
  unitarySigma,
} from '../../../plugins/math/number-theory.ts'
import {
  CHECK_PRIME,
  derivative,
  divExact,
  evaluate,
  primitiveGcd,
  squareFreeEval,
  trimPoly,
} from '../../../plugins/math/polynomial.ts'
import { preprocessScalar, scalarInput } from '../../../plugins/math/preprocess.ts'
import { mathTask } from '../../../plugins/math/task.ts'
import { ntt } from '../../../plugins/math/transforms.ts'

const SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const around = (x: bigint): bigint[] => [x - 2n, x - 1n, x, x + 1n, x + 2n]
const signed = (xs: bigint[]): bigint[] => xs.flatMap((x) => [x, -x])

const bigGcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a
  b = b < 0n ? -b : b
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}
const bigModPow = (b: bigint, e: bigint, m: bigint): bigint => {
  let result = 1n % m
  b = ((b % m) + m) % m
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m
    b = (b * b) % m
  }
  return result
}
/** Across the 2^53 bound, plus small and random values. */
const wide = fc.oneof(
  fc.constantFrom(...signed([0n, 1n, 2n, 3n, 97n, ...around(SAFE), ...around(2n ** 64n)])),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.bigInt({ min: -1000n, max: 1000n }),
)

describe('number fast paths agree with bigint arithmetic', () => {
  it('gcd, on both sides of 2^53', () => {
    fc.assert(
      fc.property(wide, wide, (a, b) => {
        expect(gcd(a, b)).toBe(bigGcd(a, b))
      }),
      { seed: 3, numRuns: 2000 },
    )
    expect(gcd(SAFE * 6n, SAFE * 4n)).toBe(SAFE * 2n)
    expect(gcd(SAFE, SAFE - 1n)).toBe(1n)
  })

  it('modPow, for moduli on both sides of 2^26 and bases and exponents beyond 2^53', () => {
    const modulus = fc.oneof(
      fc.constantFrom(1n, 2n, 3n, ...around(2n ** 26n), 2n ** 61n - 1n),
      fc.bigInt({ min: 1n, max: 2n ** 27n }),
    )
    const exponent = fc.oneof(
      fc.bigInt({ min: 0n, max: 100n }),
      fc.constantFrom(...around(SAFE)),
      fc.bigInt({ min: 0n, max: 2n ** 60n }),
    )
    fc.assert(
      fc.property(wide, exponent, modulus, (b, e, m) => {
        expect(modPow(b, e, m)).toBe(bigModPow(b, e, m))
      }),
      { seed: 3, numRuns: 2000 },
    )
  })

  it('the divisor functions read off the table, up to its last entry, match their factorization', () => {
    const lastEntries = around(2n ** 22n - 3n)
    const n = fc.oneof(
      fc.constantFrom(1n, 2n, ...lastEntries, 4194301n),
      fc.bigInt({ min: 1n, max: 2n ** 22n - 1n }),
    )
    fc.assert(
      fc.property(n, (x) => {
        const pairs = factorize(x)
        const sumOfPowers = (k: bigint) =>
          pairs.reduce((acc, [p, e]) => {
            let sum = 0n
            for (let i = 0n; i <= BigInt(e); i++) sum += p ** (k * i)
            return acc * sum
          }, 1n)
        expect(divisorCount(x)).toBe(sumOfPowers(0n))
        expect(sigma(1n, x)).toBe(sumOfPowers(1n))
        expect(sigma(2n, x)).toBe(sumOfPowers(2n))
        expect(sigma(3n, x)).toBe(sumOfPowers(3n))
        expect(totient(x)).toBe(pairs.reduce((acc, [p, e]) => acc * (p - 1n) * p ** BigInt(e - 1), 1n))
        expect(unitarySigma(x)).toBe(pairs.reduce((acc, [p, e]) => acc * (1n + p ** BigInt(e)), 1n))
        expect(omega(x)).toBe(BigInt(pairs.length))
        if (x > 1n) expect(smallestPrimeFactor(x)).toBe(pairs[0]![0])
      }),
      { seed: 3, numRuns: 500 },
    )
  })

  it('the pairwise gcd sum, with elements on both sides of 2^32', () => {
    const element = fc.oneof(
      fc.bigInt({ min: -100n, max: 100n }),
      fc.constantFrom(...signed(around(2n ** 32n))),
      wide,
    )
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (a) => {
        let expected = 0n
        for (let i = 0; i < a.length; i++)
          for (let j = i + 1; j < a.length; j++) expected += bigGcd(a[i]!, a[j]!)
        expect(sumPairwiseGcd(a)).toBe(expected)
      }),
      { seed: 3, numRuns: 1000 },
    )
  })

  it('the NTT, modulo small and large primes, with negative and huge elements', () => {
    const direct = (a: bigint[], p: bigint, omega: bigint) =>
      a.map((_, j) =>
        a.reduce((acc, x, k) => (acc + (((x % p) + p) % p) * bigModPow(omega, BigInt(j * k), p)) % p, 0n),
      )
    // ω for N = 16: 3 is a primitive root of 17 and of 998244353 = 119·2^23 + 1.
    for (const p of [17n, 998244353n]) {
      const omega = bigModPow(3n, (p - 1n) / 16n, p)
      fc.assert(
        fc.property(fc.array(wide, { minLength: 16, maxLength: 16 }), (a) => {
          expect(ntt(a, p)).toEqual(direct(a, p, omega))
        }),
        { seed: 3, numRuns: 100 },
      )
    }
  })

  it('preprocessing a bigint on both sides of 2^53 is its signed remainder modulo 100', () => {
    fc.assert(
      fc.property(wide, (v) => {
        const mod = v < 0n ? -(-v % 100n) : v % 100n
        expect(preprocessScalar(v)).toBe(mod)
        expect(preprocessScalar(v, { abs: true })).toBe(mod < 0n ? -mod : mod)
      }),
      { seed: 3, numRuns: 2000 },
    )
  })
})

describe('square-free kernel', () => {
  /** S(x) through the gcd over ℤ, the route taken when the check modulo a prime proves nothing. */
  const viaGcd = (p: bigint[], x: bigint): bigint => {
    const t = trimPoly(p)
    if (t.length <= 1) return t[0] ?? 0n
    const g = primitiveGcd(t, derivative(t))
    return g[0]! * evaluate(divExact(t, g), x)
  }

  it('matches the gcd over ℤ on random, repeated-factor and huge-coefficient polynomials', () => {
    const coefficient = fc.oneof(fc.bigInt({ min: -99n, max: 99n }), wide)
    const poly = fc.array(coefficient, { minLength: 0, maxLength: 10 })
    fc.assert(
      fc.property(poly, fc.bigInt({ min: -5n, max: 5n }), (p, x) => {
        expect(squareFreeEval(p, x)).toBe(viaGcd(p, x))
        // p · (x − 1)² has a repeated factor whatever p is.
        const squared = [0n, ...p].map((c, i, all) => c - 2n * (all[i - 1] ?? 0n) + (all[i - 2] ?? 0n))
        const withSquare = [...squared, -2n * (p.at(-1) ?? 0n) + (p.at(-2) ?? 0n), p.at(-1) ?? 0n]
        expect(squareFreeEval(withSquare, x)).toBe(viaGcd(withSquare, x))
      }),
      { seed: 3, numRuns: 500 },
    )
  })

  it('finds a repeated factor where the check prime divides the leading coefficient or the discriminant', () => {
    expect(isPrime(BigInt(CHECK_PRIME))).toBe(true)
    const q = BigInt(CHECK_PRIME)
    // (q·x + 1)²: ≡ 1 modulo q, yet its kernel is q·(q·x + 1).
    expect(squareFreeEval([q * q, 2n * q, 1n], 2n)).toBe(q * (2n * q + 1n))
    // (x² − q)·(x − 1)²: ≡ x²·(x − 1)² modulo q; its kernel is (x² − q)·(x − 1).
    expect(squareFreeEval([1n, -2n, 1n - q, 2n * q, -q], 3n)).toBe((9n - q) * 2n)
  })
})

describe('answers kept per input', () => {
  const counted = () => {
    let solves = 0
    const template = mathTask({
      id: 'Squares',
      referenceName: 'SquaresTask',
      summary: 'n, n²',
      output: 'list',
      input: scalarInput(),
      answerPerInput: true,
      solve: (n) => {
        solves++
        return [n, n * n]
      },
      text: ({ out }) => out,
    })
    return { template, solves: () => solves }
  }

  it('solves each preprocessed input once and hands out a fresh list each time', () => {
    const { template, solves } = counted()
    const first = template.solve(7n, {}, 'scalar') as bigint[]
    first.push(0n)
    // 107 preprocesses to 7, the same input.
    expect(template.solve(107n, {}, 'scalar')).toEqual([7n, 49n])
    expect(template.solve(8n, {}, 'scalar')).toEqual([8n, 64n])
    expect(solves()).toBe(2)
  })

  it('is refused for a template that draws params or reads a list', () => {
    const spec = {
      id: 'Bad',
      referenceName: 'BadTask',
      summary: 'bad',
      output: 'scalar' as const,
      input: scalarInput(),
      answerPerInput: true,
      params: () => ({}),
      solve: (n: bigint) => n,
      text: () => '',
    }
    expect(() => mathTask(spec)).toThrow('mathTask Bad: answerPerInput needs a scalar input and no params')
  })
})
