/**
 * Python's integer `math` functions (gcd, lcm, isqrt, factorial, comb, perm) and three-argument
 * `pow`, each refused before the work starts when its result or cost would pass the calculator's
 * bounds: sizes come from a float estimate of log2 of the result, costs are charged to the meter.
 *
 * Reference: CPython Modules/mathmodule.c (error texts), Objects/longobject.c (long_pow).
 */
import { calcError } from './calculator-error.ts'
import { checkIntSize, log2Int, modInt, tooLarge } from './int-ops.ts'
import { MAX_INT_BITS } from './limits.ts'
import type { WorkMeter } from './work-meter.ts'
import { bitLength, charge, words } from './work-meter.ts'

const abs = (x: bigint) => (x < 0n ? -x : x)

/**
 * Python `math.gcd` of two ints (Euclid; each step costs one word-sized pass per word).
 * @example gcd2(12n, 18n, meter) // 6n
 */
export function gcd2(a: bigint, b: bigint, meter: WorkMeter): bigint {
  a = abs(a)
  b = abs(b)
  // Euclid takes ~0.6 steps per bit, each a pass over the words: measured ~200 units per w².
  charge(meter, 200 * words(a) * words(b))
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

/**
 * Python `math.lcm` of two ints.
 * @example lcm2(4n, 6n, meter) // 12n
 */
export function lcm2(a: bigint, b: bigint, meter: WorkMeter): bigint {
  if (a === 0n || b === 0n) return 0n
  const g = gcd2(a, b, meter)
  if (bitLength(a) + bitLength(b) - bitLength(g) - 1 > MAX_INT_BITS)
    tooLarge(bitLength(a) + bitLength(b) - bitLength(g))
  return checkIntSize(abs((a / g) * b))
}

/**
 * Python `math.isqrt` (Newton's method from an upper bound).
 * @example isqrt(99n, meter) // 9n
 */
export function isqrt(n: bigint, meter: WorkMeter): bigint {
  if (n < 0n) calcError('ValueError', 'isqrt() argument must be nonnegative')
  if (n < 2n) return n
  charge(meter, 16 * words(n) * words(n))
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2))
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** lo·(lo+1)·…·(hi-1) by binary splitting, so the big multiplies are balanced (fast in V8). */
function rangeProduct(lo: bigint, hi: bigint): bigint {
  if (hi - lo <= 8n) {
    let product = 1n
    for (let i = lo; i < hi; i++) product *= i
    return product
  }
  const mid = (lo + hi) >> 1n
  return rangeProduct(lo, mid) * rangeProduct(mid, hi)
}

/** Python's `perm(n, k)` = n·(n-1)·…·(n-k+1), after a size estimate. */
function fallingProduct(n: bigint, k: bigint, meter: WorkMeter): bigint {
  if (k > n) return 0n
  // Each factor is at least 2 except possibly the last, so k factors give ≥ k-1 bits.
  if (k > BigInt(MAX_INT_BITS + 2)) tooLarge(Number(k))
  let estimate = 0
  for (let i = 0n; i < k && estimate <= MAX_INT_BITS + 1; i++) estimate += log2Int(n - i)
  if (estimate > MAX_INT_BITS + 1) tooLarge(estimate)
  charge(meter, 4 * Number(k) + 8 * (1 + estimate / 64) ** 2)
  return checkIntSize(rangeProduct(n - k + 1n, n + 1n))
}

const nonNegative = (x: bigint, what: string): bigint =>
  x < 0n ? calcError('ValueError', `${what} must be a non-negative integer`) : x

/**
 * Python `math.factorial`.
 * @example factorial(5n, meter) // 120n
 */
export function factorial(n: bigint, meter: WorkMeter): bigint {
  if (n < 0n) calcError('ValueError', 'factorial() not defined for negative values')
  return fallingProduct(n, n, meter)
}

/**
 * Python `math.perm(n, k)`; `perm(n)` is `factorial(n)`.
 * @example perm(5n, 2n, meter) // 20n
 */
export function perm(n: bigint, k: bigint | undefined, meter: WorkMeter): bigint {
  if (k === undefined) return factorial(n, meter)
  return fallingProduct(nonNegative(n, 'n'), nonNegative(k, 'k'), meter)
}

/**
 * Python `math.comb(n, k)`.
 * @example comb(5n, 2n, meter) // 10n
 */
export function comb(n: bigint, k: bigint, meter: WorkMeter): bigint {
  nonNegative(n, 'n')
  nonNegative(k, 'k')
  if (k > n) return 0n
  if (n - k < k) k = n - k
  // For k ≤ n/2 the binomial is at least 2**k.
  if (k > BigInt(MAX_INT_BITS + 1)) tooLarge(Number(k))
  let estimate = 0
  // Partial products are binomials too (increasing for k ≤ n/2), so stopping early is safe.
  for (let i = 0n; i < k && estimate <= MAX_INT_BITS + 1; i++) estimate += log2Int(n - i) - log2Int(i + 1n)
  if (estimate > MAX_INT_BITS + 1) tooLarge(estimate)
  // n·…·(n-k+1) / k!: both products have about k·log2(n) bits; the division is exact.
  const numeratorWords = 1 + (Number(k) * log2Int(n)) / 64
  charge(meter, 4 * Number(k) + 4 * numeratorWords * (1 + estimate / 64))
  return checkIntSize(rangeProduct(n - k + 1n, n + 1n) / rangeProduct(1n, k + 1n))
}

/** Modular inverse of a modulo m (m > 0), or Python's ValueError. */
function inverse(a: bigint, m: bigint, meter: WorkMeter): bigint {
  charge(meter, 128 * words(m) * words(m))
  let [r0, r1] = [modInt(a, m), m]
  let [s0, s1] = [1n, 0n]
  while (r1 !== 0n) {
    const q = r0 / r1
    ;[r0, r1] = [r1, r0 - q * r1]
    ;[s0, s1] = [s1, s0 - q * s1]
  }
  if (r0 !== 1n) calcError('ValueError', 'base is not invertible for the given modulus')
  return modInt(s0, m)
}

/**
 * Python `pow(base, exp, mod)` on ints; the result takes the modulus's sign.
 * @example powMod(3n, 4n, 5n, meter) // 1n
 */
export function powMod(base: bigint, exp: bigint, mod: bigint, meter: WorkMeter): bigint {
  if (mod === 0n) calcError('ValueError', 'pow() 3rd argument cannot be 0')
  const m = abs(mod)
  if (exp < 0n) {
    base = inverse(base, m, meter)
    exp = -exp
  }
  // One squaring, one multiply and two reductions per exponent bit (measured ~8 units per w²).
  charge(meter, 8 * bitLength(exp) * words(m) * words(m))
  let result = 1n % m
  base = modInt(base, m)
  while (exp > 0n) {
    if ((exp & 1n) === 1n) result = (result * base) % m
    base = (base * base) % m
    exp >>= 1n
  }
  return mod < 0n && result !== 0n ? result + mod : result
}
