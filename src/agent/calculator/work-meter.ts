/**
 * A work budget for one tool call. Each big-integer operation charges its cost estimate
 * (in 64-bit word products) BEFORE it runs, so an expression that would take too long is refused
 * up front instead of being interrupted; the evaluator stays synchronous and bounded by
 * construction, and the same expression is refused on any machine under any load. A wall-clock
 * deadline is kept only as a backstop against a cost estimate that is wrong: it is far above what
 * the budget allows on a slow machine, so it never decides a result in practice.
 */
import { calcError } from './calculator-error.ts'
import { MAX_CALL_MS, MAX_WORK } from './limits.ts'

export interface WorkMeter {
  /** Work done so far (charges accepted); never more than `limit`. */
  used: number
  /** The budget; `charge` refuses work that would pass it. */
  readonly limit: number
  /** The backstop: `now()` past `deadline` ends the call; `maxMs` is its length. */
  readonly deadline: number
  readonly maxMs: number
  readonly now: () => number
}

export interface WorkMeterOptions {
  /** @default MAX_WORK */
  limit?: number
  /** The wall-clock backstop per call, in ms. @default MAX_CALL_MS */
  maxMs?: number
  /** The clock the backstop reads (tests pass a counter). @default performance.now */
  now?: () => number
}

/**
 * A fresh meter.
 * @example const meter = createWorkMeter(); charge(meter, 10)
 */
export function createWorkMeter(options: WorkMeterOptions = {}): WorkMeter {
  const now = options.now ?? (() => performance.now())
  const maxMs = options.maxMs ?? MAX_CALL_MS
  return { used: 0, limit: options.limit ?? MAX_WORK, deadline: now() + maxMs, maxMs, now }
}

/**
 * Accounts for `units` of work about to be done, or throws a LimitError if that would pass the
 * budget (or the backstop deadline has passed).
 * @example charge(meter, words(a) * words(b))
 */
export function charge(meter: WorkMeter, units: number): void {
  if (meter.used + units > meter.limit) {
    calcError(
      'LimitError',
      'calculation needs too much work for one call; split it into smaller steps or use smaller numbers',
    )
  }
  meter.used += units
  if (meter.now() > meter.deadline) {
    calcError(
      'LimitError',
      `calculation took longer than ${meter.maxMs} ms of wall-clock time; split it into smaller steps`,
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
