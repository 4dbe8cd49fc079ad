/**
 * Python's `round()`: ties go to the even neighbour, on the exact binary value of the float
 * (`round(2.675, 2)` is 2.67 because 2.675 is stored as 2.67499…). `round(x, n)` on a float is
 * computed exactly with bigints and rounded back to a float once, which is what CPython does with
 * its correctly rounded dtoa/strtod pair.
 *
 * Reference: CPython Objects/floatobject.c (double_round), Objects/longobject.c (long_round).
 */
import { calcError } from './calculator-error.ts'
import { intTrueDiv } from './int-ops.ts'

/**
 * `x = mantissa * 2**exponent` exactly, for finite x ≠ 0.
 * @example decompose(0.75) // { mantissa: 6755399441055744n, exponent: -53 }
 */
export function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const rawExp = Number((bits >> 52n) & 0x7ffn)
  let mantissa = bits & ((1n << 52n) - 1n)
  if (rawExp !== 0) mantissa |= 1n << 52n
  const exponent = (rawExp === 0 ? 1 : rawExp) - 1075
  return { mantissa: x < 0 ? -mantissa : mantissa, exponent }
}

/** Rounds p/q (q > 0) to the nearest integer, ties to even. */
function roundRatio(p: bigint, q: bigint): bigint {
  const neg = p < 0n
  const a = neg ? -p : p
  let r = a / q
  const twice = (a % q) * 2n
  if (twice > q || (twice === q && (r & 1n) === 1n)) r += 1n
  return neg ? -r : r
}

/**
 * Python `round(x)` for a float: the nearest int, ties to even.
 * @example roundFloatToInt(2.5) // 2n
 */
export function roundFloatToInt(x: number): bigint {
  if (Number.isNaN(x)) calcError('ValueError', 'cannot convert float NaN to integer')
  if (!Number.isFinite(x)) calcError('OverflowError', 'cannot convert float infinity to integer')
  const floor = Math.floor(x)
  const diff = x - floor // exact: floor(x) and x share a binade or x is integral
  const up = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0)
  return BigInt(floor) + (up ? 1n : 0n)
}

/**
 * Python `round(x, n)` for a float.
 * @example roundFloat(2.675, 2) // 2.67
 */
export function roundFloat(x: number, n: bigint): number {
  // CPython's bounds: past them the answer is x itself or a signed zero.
  if (n > 323n || !Number.isFinite(x) || x === 0) return x
  if (n < -308n) return 0 * x
  const { mantissa, exponent } = decompose(x)
  const digits = Number(n)
  const scale = 10n ** BigInt(Math.abs(digits))
  let num = exponent >= 0 ? mantissa << BigInt(exponent) : mantissa
  let den = exponent >= 0 ? 1n : 1n << BigInt(-exponent)
  if (digits >= 0) num *= scale
  else den *= scale
  const rounded = roundRatio(num, den)
  if (rounded === 0n) return x < 0 ? -0 : 0
  const result = digits >= 0 ? tryTrueDiv(rounded, scale) : Number(rounded * scale)
  if (!Number.isFinite(result)) calcError('OverflowError', 'rounded value too large to represent')
  return result
}

function tryTrueDiv(a: bigint, b: bigint): number {
  try {
    return intTrueDiv(a, b)
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * Python `round(x, n)` for an int: a multiple of 10**-n, ties to even; x itself when n ≥ 0.
 * @example roundInt(25n, -1n) // 20n
 */
export function roundInt(x: bigint, n: bigint): bigint {
  if (n >= 0n) return x
  const digits = (x < 0n ? -x : x).toString().length
  // |x| < 10**digits ≤ 10**-n / 10, so x rounds to 0; this also skips computing a huge 10**-n.
  if (-n > BigInt(digits)) return 0n
  const scale = 10n ** -n
  return roundRatio(x, scale) * scale
}
