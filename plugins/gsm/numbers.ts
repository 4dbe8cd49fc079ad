/**
 * Numbers of GSM template expressions: Python's numeric tower in two modes. In `exact` mode
 * (what we generate with) every non-integer is an exact rational, so `n * p / 100` never drifts;
 * in `python` mode (what checking reference records needs) ints stay ints, `/` and float
 * literals give IEEE doubles and `Fraction` gives rationals, exactly as the reference's `eval`
 * computes — one released ground truth is `55.00000000000001` because of that.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (evaluation).
 */
import { floatBinary } from '../../src/agent/calculator/float-ops.ts'
import type { BinaryOp } from '../../src/agent/calculator/parse.ts'

/** An exact rational, always normalized: d > 0, gcd(n, d) = 1. */
export interface Rat {
  readonly kind: 'rat'
  readonly n: bigint
  readonly d: bigint
}

/** bigint = Python int, number = Python float, Rat = `fractions.Fraction`. */
export type Num = bigint | number | Rat

export type NumericMode = 'exact' | 'python'

const babs = (x: bigint) => (x < 0n ? -x : x)

export function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [babs(a), babs(b)]
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/**
 * A normalized rational n/d.
 * @example rat(6n, -4n) // { kind: 'rat', n: -3n, d: 2n }
 */
export function rat(n: bigint, d = 1n): Rat {
  if (d === 0n) throw new RangeError('division by zero')
  if (d < 0n) [n, d] = [-n, -d]
  const g = gcd(n, d) || 1n
  return { kind: 'rat', n: n / g, d: d / g }
}

export const isRat = (x: unknown): x is Rat =>
  typeof x === 'object' && x !== null && (x as Rat).kind === 'rat'

/** The exact rational value of a finite double (every double is a dyadic rational). */
export function ratOfFloat(x: number): Rat {
  if (!Number.isFinite(x)) throw new RangeError(`cannot convert ${x} to a fraction`)
  let d = 1n
  let y = x
  while (!Number.isInteger(y)) {
    y *= 2
    d *= 2n
  }
  return rat(BigInt(y), d)
}

/**
 * The exact rational a decimal literal denotes: `'0.1'` is 1/10, not the nearest double.
 * @example ratOfDecimal('2.75') // 11/4
 */
export function ratOfDecimal(text: string): Rat {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim())
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new SyntaxError(`not a number: "${text}"`)
  const frac = m[3] ?? ''
  let n = BigInt(`${m[2]}${frac}` || '0')
  let d = 10n ** BigInt(frac.length)
  const e = Number(m[4] ?? 0)
  if (e >= 0) n *= 10n ** BigInt(e)
  else d *= 10n ** BigInt(-e)
  return rat(m[1] === '-' ? -n : n, d)
}

export const toRat = (x: Num): Rat =>
  typeof x === 'bigint' ? rat(x) : typeof x === 'number' ? ratOfFloat(x) : x

/** Nearest double (Python `float(Fraction)` is correctly rounded; this is within an ulp). */
export function toFloat(x: Num): number {
  if (typeof x === 'number') return x
  if (typeof x === 'bigint') return Number(x)
  const safe = 2n ** 53n
  if (babs(x.n) < safe && x.d < safe) return Number(x.n) / Number(x.d)
  return Number((x.n * 10n ** 30n) / x.d) / 1e30
}

/** Python floor division and modulo on bigints (results take the divisor's sign). */
export function floorDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('integer division or modulo by zero')
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

const ratOp = (op: string, a: Rat, b: Rat): Num => {
  switch (op) {
    case '+':
      return rat(a.n * b.d + b.n * a.d, a.d * b.d)
    case '-':
      return rat(a.n * b.d - b.n * a.d, a.d * b.d)
    case '*':
      return rat(a.n * b.n, a.d * b.d)
    case '/':
      if (b.n === 0n) throw new RangeError('division by zero')
      return rat(a.n * b.d, a.d * b.n)
    case '//':
      return floorDiv(a.n * b.d, a.d * b.n)
    case '%': {
      const q = floorDiv(a.n * b.d, a.d * b.n)
      return rat(a.n * b.d - q * b.n * a.d, a.d * b.d)
    }
  }
  throw new SyntaxError(`unsupported operator ${op}`)
}

const FLOAT_OPS = new Set(['+', '-', '*', '/', '//', '%'])

/** Python's float operators: the calculator's exact Python versions. */
const floatOp = (op: string, a: number, b: number): number => {
  if (!FLOAT_OPS.has(op)) throw new SyntaxError(`unsupported operator ${op}`)
  return floatBinary(op as BinaryOp, a, b)
}

const intOp = (op: string, a: bigint, b: bigint, mode: NumericMode): Num => {
  switch (op) {
    case '+':
      return a + b
    case '-':
      return a - b
    case '*':
      return a * b
    case '//':
      return floorDiv(a, b)
    case '%':
      return a - floorDiv(a, b) * b
    case '/':
      if (b === 0n) throw new RangeError('division by zero')
      // Python's int / int is correctly rounded; both operands of a template are small.
      return mode === 'python' ? Number(a) / Number(b) : rat(a, b)
  }
  throw new SyntaxError(`unsupported operator ${op}`)
}

const MAX_EXPONENT = 4096n

function power(a: Num, b: Num, mode: NumericMode): Num {
  if (typeof b === 'bigint' && typeof a !== 'number') {
    // A bounded exponent: templates square things; they never need huge powers.
    if (babs(b) > MAX_EXPONENT) throw new RangeError(`exponent ${b} is too large`)
    const r = toRat(a)
    const e = babs(b)
    const p = rat(r.n ** e, r.d ** e)
    const v = b < 0n ? ratOp('/', rat(1n), p) : p
    if (typeof a === 'bigint' && b >= 0n) return (v as Rat).n
    return typeof a === 'bigint' && mode === 'python' ? toFloat(v) : v
  }
  if (isRat(b) && mode === 'exact' && b.d === 2n && typeof a !== 'number') {
    const root = ratSqrt(toRat(a))
    if (root) return power(root, b.n, mode)
  }
  return toFloat(a) ** toFloat(b)
}

/** Exact square root of a perfect-square rational, else undefined. */
function ratSqrt(r: Rat): Rat | undefined {
  if (r.n < 0n) return undefined
  const s = (x: bigint) => {
    let y = BigInt(Math.floor(Math.sqrt(Number(x))))
    while (y * y > x) y--
    while ((y + 1n) * (y + 1n) <= x) y++
    return y * y === x ? y : undefined
  }
  const n = s(r.n)
  const d = s(r.d)
  return n !== undefined && d !== undefined ? rat(n, d) : undefined
}

/**
 * Python's binary arithmetic on the tower: int∘int → int (`/` → float, or a rational in exact
 * mode), anything with a float → float, otherwise rational.
 * @example binary('/', 7n, 2n, 'exact') // 7/2; binary('/', 7n, 2n, 'python') // 3.5
 */
export function binary(op: string, a: Num, b: Num, mode: NumericMode): Num {
  if (op === '**') return power(a, b, mode)
  if (typeof a === 'bigint' && typeof b === 'bigint') return intOp(op, a, b, mode)
  if (typeof a === 'number' || typeof b === 'number') return floatOp(op, toFloat(a), toFloat(b))
  return ratOp(op, toRat(a), toRat(b))
}

/** Exact three-way comparison across the tower (Python compares int, float and Fraction exactly). */
export function compare(a: Num, b: Num): number {
  if (typeof a === 'number' && Number.isNaN(a)) return Number.NaN
  if (typeof b === 'number' && Number.isNaN(b)) return Number.NaN
  if (typeof a === 'number' && !Number.isFinite(a))
    return typeof b === 'number' && a === b ? 0 : a > 0 ? 1 : -1
  if (typeof b === 'number' && !Number.isFinite(b)) return b > 0 ? -1 : 1
  const x = toRat(a)
  const y = toRat(b)
  const diff = x.n * y.d - y.n * x.d
  return diff === 0n ? 0 : diff > 0n ? 1 : -1
}

/** True when the value is a whole number (int, integral float, or Fraction with denominator 1). */
export const isWhole = (x: Num): boolean =>
  typeof x === 'bigint' ? true : typeof x === 'number' ? Number.isInteger(x) : x.d === 1n

/** Python `int(x)`: truncation toward zero. */
export function truncate(x: Num): bigint {
  if (typeof x === 'bigint') return x
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new RangeError(`cannot convert ${x} to an integer`)
    return BigInt(Math.trunc(x))
  }
  return x.n / x.d
}

/** Round half to even of an exact rational, to an integer. */
export function roundHalfEven(r: Rat): bigint {
  const q = floorDiv(r.n, r.d)
  const twice = 2n * (r.n - q * r.d)
  if (twice > r.d) return q + 1n
  if (twice < r.d) return q
  return q % 2n === 0n ? q : q + 1n
}

/**
 * Python `round(x)` / `round(x, nd)`: banker's rounding of the exact value. `round(float, nd)`
 * stays a float; `round(Fraction, nd)` stays a Fraction; `round(x)` is an int.
 */
export function pyRound(x: Num, ndigits?: bigint): Num {
  if (ndigits === undefined) return typeof x === 'bigint' ? x : roundHalfEven(toRat(x))
  if (typeof x === 'bigint' && ndigits >= 0n) return x
  const scale = 10n ** babs(ndigits)
  const r = toRat(x)
  const scaled = ndigits >= 0n ? rat(r.n * scale, r.d) : rat(r.n, r.d * scale)
  const k = roundHalfEven(scaled)
  const back = ndigits >= 0n ? rat(k, scale) : rat(k * scale)
  if (typeof x === 'bigint') return back.n
  return typeof x === 'number' ? toFloat(back) : back
}

/** Unary minus and abs across the tower. */
export const negate = (x: Num): Num =>
  typeof x === 'bigint' ? -x : typeof x === 'number' ? -x : rat(-x.n, x.d)
export const absolute = (x: Num): Num => (compare(x, 0n) < 0 ? negate(x) : x)
