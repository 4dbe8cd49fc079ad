/**
 * Python `float` arithmetic where it differs from JavaScript: `//` and `%` follow the divisor's
 * sign (CPython's float_divmod), division by zero raises instead of giving Infinity, and `**`
 * follows CPython's float_pow (special cases for 0, 1, inf and nan; OverflowError on a finite
 * overflow; a negative base with a fractional exponent is complex in Python, an error here).
 *
 * Reference: CPython Objects/floatobject.c (float_rem, float_divmod, float_pow).
 */
import { calcError } from './calculator-error.ts'
import { intTrueDiv } from './int-ops.ts'
import type { BinaryOp } from './parse.ts'
import { decompose } from './rounding.ts'
import { bitLength } from './work-meter.ts'

/**
 * Python `a / b` on floats.
 * @example divFloat(1, 4) // 0.25
 */
export function divFloat(a: number, b: number): number {
  if (b === 0) calcError('ZeroDivisionError', 'float division by zero')
  return a / b
}

/**
 * Python `a % b` on floats (JavaScript `%` is C's fmod).
 * @example modFloat(-7.5, 2) // 0.5
 */
export function modFloat(a: number, b: number): number {
  if (b === 0) calcError('ZeroDivisionError', 'float modulo')
  let mod = a % b
  if (mod !== 0) {
    if (b < 0 !== mod < 0) mod += b
  } else {
    mod = b < 0 ? -0 : 0
  }
  return mod
}

/**
 * Python `a // b` on floats, following CPython's float_divmod step by step.
 * @example floorDivFloat(7.5, 2) // 3
 */
export function floorDivFloat(a: number, b: number): number {
  if (b === 0) calcError('ZeroDivisionError', 'float floor division by zero')
  let mod = a % b
  let div = (a - mod) / b
  if (mod !== 0) {
    if (b < 0 !== mod < 0) {
      mod += b
      div -= 1
    }
  }
  if (div === 0) return Math.sign(a / b) < 0 || Object.is(a / b, -0) ? -0 : 0
  let floordiv = Math.floor(div)
  if (div - floordiv > 0.5) floordiv += 1
  return floordiv
}

/** Largest exact power computed with bigints, in bits of the mantissa power (~5 µs). */
const EXACT_POWER_BITS = 4096

/**
 * a**b correctly rounded for a > 0 finite and integral b, via the exact power of a's mantissa,
 * or undefined when that is too big. JavaScript's `**` on floats is not correctly rounded, even
 * for integer exponents (`7**-2`), while CPython's (glibc) pow is.
 */
function exactIntegerPower(a: number, b: number): number | undefined {
  if (!Number.isInteger(b)) return undefined
  const estimate = b * Math.log2(a)
  if (estimate > 1100 || estimate < -1100) return undefined
  let { mantissa, exponent } = decompose(a)
  while ((mantissa & 1n) === 0n) {
    mantissa >>= 1n
    exponent++
  }
  if (Math.abs(b) * bitLength(mantissa) > EXACT_POWER_BITS) return undefined
  const power = mantissa ** BigInt(Math.abs(b))
  const shift = exponent * b
  // a**b = power**sign(b) * 2**shift, rounded once by intTrueDiv.
  const [num, den] = shift >= 0 ? [1n << BigInt(shift), 1n] : [1n, 1n << BigInt(-shift)]
  try {
    return b > 0 ? intTrueDiv(num * power, den) : intTrueDiv(num, den * power)
  } catch {
    return Number.POSITIVE_INFINITY // overflow; the caller raises Python's OverflowError
  }
}

const isOddInteger = (x: number) => Number.isInteger(x) && Math.abs(x % 2) === 1

/**
 * Python `a ** b` on floats.
 * @example powFloat(2, -1) // 0.5
 */
export function powFloat(a: number, b: number): number {
  if (b === 0) return 1
  if (Number.isNaN(a)) return a
  if (Number.isNaN(b)) return a === 1 ? 1 : b
  if (!Number.isFinite(b)) {
    const base = Math.abs(a)
    if (base === 1) return 1
    return b > 0 === base > 1 ? Math.abs(b) : 0
  }
  if (!Number.isFinite(a)) {
    const odd = isOddInteger(b)
    if (a > 0) return b > 0 ? a : 0
    return b > 0 ? (odd ? a : -a) : odd ? -0 : 0
  }
  if (a === 0) {
    if (b < 0) calcError('ZeroDivisionError', '0.0 cannot be raised to a negative power')
    return isOddInteger(b) ? a : 0
  }
  let negate = false
  if (a < 0) {
    if (!Number.isInteger(b)) {
      calcError(
        'ValueError',
        'negative number raised to a fractional power gives a complex number; complex numbers are not supported',
      )
    }
    negate = isOddInteger(b)
    a = -a
  }
  if (a === 1) return negate ? -1 : 1
  const result = b === 0.5 ? Math.sqrt(a) : (exactIntegerPower(a, b) ?? a ** b)
  if (!Number.isFinite(result)) calcError('OverflowError', "(34, 'Numerical result out of range')")
  return negate ? -result : result
}

/**
 * A Python binary operator on two floats, with Python's errors (`float division by zero`, …).
 * @example floatBinary('//', 7.5, 2) // 3
 */
export function floatBinary(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b
    case '-':
      return a - b
    case '*':
      return a * b
    case '/':
      return divFloat(a, b)
    case '//':
      return floorDivFloat(a, b)
    case '%':
      return modFloat(a, b)
    case '**':
      return powFloat(a, b)
  }
}
