/**
 * The calculator's functions: the builtins abs, round, min, max, pow, int and float, and the
 * `math` functions sqrt, floor, ceil, gcd, lcm, isqrt, factorial, comb and perm (callable with or
 * without `math.`). Each behaves as in Python 3.11, with Python's error texts, except that
 * min/max take two or more numbers (there are no lists) and integer results are size-bounded.
 * The reference calculator has no functions at all (reference spec §9.13); these exist because
 * the math tasks need them.
 *
 * Reference: Python 3.11 library reference, "Built-in Functions" and "math".
 */

import type { Scalar } from '../../values.ts'
import { calcError } from './calculator-error.ts'
import { comb, factorial, gcd2, isqrt, lcm2, perm, powMod } from './combinatorics.ts'
import { intToFloat } from './int-ops.ts'
import { roundFloat, roundFloatToInt, roundInt } from './rounding.ts'
import type { WorkMeter } from './work-meter.ts'

export interface CalculatorFunction {
  /** Fewest and most arguments accepted. */
  arity: [number, number]
  apply: (args: Scalar[], meter: WorkMeter, power: (a: Scalar, b: Scalar) => Scalar) => Scalar
}

/** Python's TypeError for a float where an int is required. */
const asInt = (x: Scalar): bigint =>
  typeof x === 'bigint' ? x : calcError('TypeError', "'float' object cannot be interpreted as an integer")

const asFloat = (x: Scalar): number => (typeof x === 'bigint' ? intToFloat(x) : x)

/** Python's `int(float)`: truncation toward zero, errors for inf and nan. */
function truncate(x: number): bigint {
  if (Number.isNaN(x)) calcError('ValueError', 'cannot convert float NaN to integer')
  if (!Number.isFinite(x)) calcError('OverflowError', 'cannot convert float infinity to integer')
  return BigInt(Math.trunc(x))
}

/** Compares an int with a float exactly: -1, 0 or 1, or NaN when f is NaN. */
function compareIntFloat(i: bigint, f: number): number {
  if (Number.isNaN(f)) return Number.NaN
  if (!Number.isFinite(f)) return f > 0 ? -1 : 1
  const floor = BigInt(Math.floor(f))
  if (i < floor) return -1
  if (i > floor) return 1 // i ≥ floor + 1 > f
  return Number.isInteger(f) ? 0 : -1
}

/**
 * Python's `a < b` across int and float, exact (the int is never rounded).
 * @example lessThan(2n ** 53n + 1n, 2 ** 53) // false
 */
export function lessThan(a: Scalar, b: Scalar): boolean {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b
  if (typeof a === 'number' && typeof b === 'number') return a < b
  if (typeof a === 'bigint') return compareIntFloat(a, b as number) < 0
  return compareIntFloat(b as bigint, a) > 0
}

/** Python's min/max loop: keep the first extreme, compare with `<`. */
function extreme(args: Scalar[], better: (candidate: Scalar, best: Scalar) => boolean): Scalar {
  let best = args[0]!
  for (const x of args.slice(1)) if (better(x, best)) best = x
  return best
}

const roundToward = (x: Scalar, toward: (f: number) => number): bigint =>
  typeof x === 'bigint' ? x : truncate(toward(x))

/**
 * Every function by name (the `math.` spellings are added by `functionNamed`).
 * @example FUNCTIONS.gcd!.apply([12n, 18n], meter, pow) // 6n
 */
export const FUNCTIONS: Record<string, CalculatorFunction> = {
  abs: { arity: [1, 1], apply: ([x]) => (typeof x === 'bigint' ? (x! < 0n ? -x! : x!) : Math.abs(x!)) },
  round: {
    arity: [1, 2],
    apply: ([x, n]) => {
      if (n === undefined) return typeof x === 'bigint' ? x : roundFloatToInt(x!)
      return typeof x === 'bigint' ? roundInt(x, asInt(n)) : roundFloat(x!, asInt(n))
    },
  },
  min: { arity: [2, 1000], apply: (args) => extreme(args, (x, best) => lessThan(x, best)) },
  max: { arity: [2, 1000], apply: (args) => extreme(args, (x, best) => lessThan(best, x)) },
  pow: {
    arity: [2, 3],
    apply: ([a, b, m], meter, power) => {
      if (m === undefined) return power(a!, b!)
      if (typeof a !== 'bigint' || typeof b !== 'bigint' || typeof m !== 'bigint') {
        return calcError('TypeError', 'pow() 3rd argument not allowed unless all arguments are integers')
      }
      return powMod(a, b, m, meter)
    },
  },
  int: { arity: [1, 1], apply: ([x]) => (typeof x === 'bigint' ? x : truncate(x!)) },
  float: { arity: [1, 1], apply: ([x]) => asFloat(x!) },
  sqrt: {
    arity: [1, 1],
    apply: ([x]) => {
      const f = asFloat(x!)
      return f < 0 ? calcError('ValueError', 'math domain error') : Math.sqrt(f)
    },
  },
  floor: { arity: [1, 1], apply: ([x]) => roundToward(x!, Math.floor) },
  ceil: { arity: [1, 1], apply: ([x]) => roundToward(x!, Math.ceil) },
  gcd: { arity: [0, 1000], apply: (args, meter) => args.map(asInt).reduce((g, x) => gcd2(g, x, meter), 0n) },
  lcm: { arity: [0, 1000], apply: (args, meter) => args.map(asInt).reduce((l, x) => lcm2(l, x, meter), 1n) },
  isqrt: { arity: [1, 1], apply: ([x], meter) => isqrt(asInt(x!), meter) },
  factorial: { arity: [1, 1], apply: ([x], meter) => factorial(asInt(x!), meter) },
  comb: { arity: [2, 2], apply: ([n, k], meter) => comb(asInt(n!), asInt(k!), meter) },
  perm: {
    arity: [1, 2],
    apply: ([n, k], meter) => perm(asInt(n!), k === undefined ? undefined : asInt(k), meter),
  },
}

/**
 * The function for a name such as `gcd` or `math.gcd`; checks the argument count.
 * @example functionNamed('math.gcd', 2).arity // [0, 1000]
 */
export function functionNamed(name: string, argCount: number): CalculatorFunction {
  const fn = FUNCTIONS[name.startsWith('math.') ? name.slice(5) : name]
  if (fn === undefined) return calcError('NameError', `unknown function '${name}'`)
  const [min, max] = fn.arity
  if (argCount < min || argCount > max) {
    const expected = min === max ? `exactly ${min}` : max >= 1000 ? `at least ${min}` : `${min} to ${max}`
    calcError('TypeError', `${name}() takes ${expected} argument${max === 1 ? '' : 's'} (${argCount} given)`)
  }
  return fn
}
