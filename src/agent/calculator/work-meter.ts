/**
 * A work budget for one tool call. Each big-integer operation charges its cost estimate
 * (in 64-bit word products) BEFORE it runs, so an expression that would take too long is refused
 * up front instead of being interrupted; the evaluator stays synchronous and bounded by
 * construction.
 */
import { calcError } from './calculator-error.ts'
import { MAX_WORK } from './limits.ts'

export interface WorkMeter {
  /** Work charged so far. */
  used: number
  /** The budget; `charge` throws once `used` would pass it. */
  readonly limit: number
}

/**
 * A fresh meter.
 * @example const meter = createWorkMeter(); charge(meter, 10)
 */
export const createWorkMeter = (limit = MAX_WORK): WorkMeter => ({ used: 0, limit })

/**
 * Adds `units` of work, or throws a LimitError if that passes the budget.
 * @example charge(meter, words(a) * words(b))
 */
export function charge(meter: WorkMeter, units: number): void {
  meter.used += units
  if (meter.used > meter.limit) {
    calcError(
      'LimitError',
      'calculation needs too much work for one call; split it into smaller steps or use smaller numbers',
    )
  }
}

/**
 * The bit length of |x| (0 for 0), like Python's `int.bit_length()`.
 * @example bitLength(255n) // 8
 */
export function bitLength(x: bigint): number {
  if (x < 0n) x = -x
  if (x === 0n) return 0
  const f = Number(x)
  if (f < 2 ** 1000) {
    // Fast path (no string): Number(x) may round up to the next power of two, so verify.
    const bits = Math.floor(Math.log2(f)) + 1
    return bits > 1 && x >> BigInt(bits - 1) === 0n ? bits - 1 : bits
  }
  const hex = x.toString(16)
  return (hex.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(hex[0]!, 16)))
}

/**
 * Size of |x| in 64-bit words, at least 1: the unit of the cost model.
 * @example words(1n << 64n) // 2
 */
export const words = (x: bigint): number => wordsOf(bitLength(x))

/** Words for a bit length. */
export const wordsOf = (bits: number): number => 1 + (bits >> 6)
