/**
 * Python `int` arithmetic on bigint: floor division and modulo that follow the divisor's sign,
 * correctly rounded true division (CPython rounds `a / b` once, even for huge ints), conversion to
 * float with Python's OverflowError, and `**` refused before computing when the result would pass
 * MAX_INT_BITS.
 *
 * Reference: CPython Objects/longobject.c (long_true_divide, l_divmod).
 */
import { calcError } from './calculator-error.ts'
import { MAX_INT_BITS } from './limits.ts'
import type { WorkMeter } from './work-meter.ts'
import { bitLength, charge } from './work-meter.ts'

const TWO_53 = 1n << 53n

/**
 * Refuses an int with more than MAX_INT_BITS bits.
 * @example checkIntSize(2n ** 100n) // returns 2n ** 100n
 */
export function checkIntSize(x: bigint, bits = bitLength(x)): bigint {
  if (bits > MAX_INT_BITS) tooLarge(bits)
  return x
}

/** Throws the size-limit error for a result of about `bits` bits. */
export function tooLarge(bits: number): never {
  const digits = Math.floor(bits * Math.log10(2)) + 1
  const size = !Number.isFinite(digits)
    ? 'more digits than a float can count'
    : digits < 1e15
      ? `${digits} digits`
      : `${digits.toExponential(2)} digits`
  return calcError(
    'LimitError',
    `integer result too large: about ${size} (limit ${MAX_INT_BITS} bits, about ${Math.floor(MAX_INT_BITS * Math.log10(2))} digits)`,
  )
}

/**
 * Python's `float(int)`: round-to-nearest-even, OverflowError past the float range.
 * @example intToFloat(2n ** 53n + 1n) // 9007199254740992
 */
export function intToFloat(x: bigint): number {
  const f = Number(x)
  if (!Number.isFinite(f)) calcError('OverflowError', 'int too large to convert to float')
  return f
}

/**
 * Python `a // b` on ints (rounds toward negative infinity).
 * @example floorDivInt(-7n, 2n) // -4n
 */
export function floorDivInt(a: bigint, b: bigint): bigint {
  if (b === 0n) calcError('ZeroDivisionError', 'integer division or modulo by zero')
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

/**
 * Python `a % b` on ints (the result takes the divisor's sign).
 * @example modInt(-7n, 3n) // 2n
 */
export function modInt(a: bigint, b: bigint): bigint {
  if (b === 0n) calcError('ZeroDivisionError', 'integer modulo by zero')
  const r = a % b
  return r !== 0n && r < 0n !== b < 0n ? r + b : r
}

/** `x * 2**n` without overflowing or underflowing the intermediate steps. */
function ldexp(x: number, n: number): number {
  while (n > 1000) {
    x *= 2 ** 1000
    n -= 1000
  }
  while (n < -1000) {
    x *= 2 ** -1000
    n += 1000
  }
  return x * 2 ** n
}

/** Rounds p/q (both > 0) to the nearest integer, ties to even. */
function roundHalfEven(p: bigint, q: bigint): bigint {
  const quotient = p / q
  const twice = (p % q) * 2n
  if (twice > q || (twice === q && (quotient & 1n) === 1n)) return quotient + 1n
  return quotient
}

/**
 * Python `a / b` on ints: the exact quotient rounded once to the nearest float.
 * @example intTrueDiv(10n ** 30n, 7n) // 1.4285714285714285e+29
 */
export function intTrueDiv(a: bigint, b: bigint): number {
  if (b === 0n) calcError('ZeroDivisionError', 'division by zero')
  const neg = a < 0n !== b < 0n
  if (a < 0n) a = -a
  if (b < 0n) b = -b
  if (a <= TWO_53 && b <= TWO_53) return (neg ? -Number(a) : Number(a)) / Number(b)
  if (a === 0n) return neg ? -0 : 0
  const diff = bitLength(a) - bitLength(b)
  // The quotient lies in [2^(diff-1), 2^(diff+1)).
  if (diff > 1025) calcError('OverflowError', 'integer division result too large for a float')
  let result: number
  if (diff < -1080) {
    result = 0
  } else if (diff <= -1022) {
    // Subnormal range: round a/b to a multiple of 2^-1074 directly, so there is one rounding.
    result = Number(roundHalfEven(a << 1074n, b)) * 2 ** -1074
  } else {
    // 56–57 significant bits plus a sticky bit: Number() then rounds once, correctly.
    const k = 55 - diff
    const [num, den] = k >= 0 ? [a << BigInt(k), b] : [a, b << BigInt(-k)]
    const q = num / den
    const sticky = num % den === 0n ? 0n : 1n
    result = ldexp(Number((q << 1n) | sticky), -(k + 1))
  }
  if (!Number.isFinite(result)) calcError('OverflowError', 'integer division result too large for a float')
  return neg ? -result : result
}

/**
 * `log2|x|` as a float, accurate for any size (Number(x) would overflow past 2^1024).
 * @example log2Int(1n << 2000n) // 2000
 */
export function log2Int(x: bigint): number {
  const f = Number(x)
  if (Number.isFinite(f)) return Math.log2(Math.abs(f))
  const shift = bitLength(x) - 64
  return Math.log2(Number((x < 0n ? -x : x) >> BigInt(shift))) + shift
}

/**
 * Python `a ** b` for ints with b ≥ 0, refused before computing if the result would pass
 * MAX_INT_BITS (so `9**9**9**9` fails at once).
 * @example powInt(2n, 10n, createWorkMeter()) // 1024n
 */
export function powInt(a: bigint, b: bigint, meter: WorkMeter): bigint {
  if (b === 0n || a === 1n) return 1n
  if (a === 0n) return 0n
  if (a === -1n) return (b & 1n) === 0n ? 1n : -1n
  // b*log2|a| underestimates the size by less than one bit; the check after catches the rest.
  const estimate = Number(b) * log2Int(a)
  if (estimate > MAX_INT_BITS + 1) tooLarge(estimate)
  // Repeated squaring: the last squaring dominates, and the earlier ones sum to less than it.
  const resultWords = 1 + estimate / 64
  charge(meter, 2 * resultWords * resultWords)
  return checkIntSize(a ** b)
}
