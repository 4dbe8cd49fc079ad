/**
 * Python's binary and unary operators on int (bigint) and float (number): two ints stay exact
 * (except `/`, which is true division, and `**` with a negative exponent), anything with a float
 * converts the int first (OverflowError past the float range). Every int operation charges its
 * cost to the work meter and is size-checked before it runs.
 *
 * Reference: Python language reference §6.7 (binary arithmetic), arbigraph-reference-harness.md §1.4.
 */

import type { Scalar } from '../../values.ts'
import { calcError } from './calculator-error.ts'
import { floatBinary, powFloat } from './float-ops.ts'
import { checkIntSize, floorDivInt, intToFloat, intTrueDiv, modInt, powInt, tooLarge } from './int-ops.ts'
import { MAX_INT_BITS } from './limits.ts'
import type { BinaryOp } from './parse.ts'
import type { WorkMeter } from './work-meter.ts'
import { bitLength, charge, wordsOf } from './work-meter.ts'

/** Fixed cost per operation (allocation, dispatch), in word products. */
const OP_OVERHEAD = 16

function intOp(op: BinaryOp, a: bigint, b: bigint, meter: WorkMeter): Scalar {
  const [ba, bb] = [bitLength(a), bitLength(b)]
  const [wa, wb] = [wordsOf(ba), wordsOf(bb)]
  // Division costs (quotient words + 1) × divisor words; true division keeps ~1 quotient word.
  const divisionCost = (Math.max(wa - wb, 0) + 1) * wb + wa
  charge(meter, OP_OVERHEAD)
  switch (op) {
    case '+':
    case '-': {
      charge(meter, Math.max(wa, wb))
      const result = op === '+' ? a + b : a - b
      return Math.max(ba, bb) >= MAX_INT_BITS ? checkIntSize(result) : result
    }
    case '*':
      if (ba + bb - 1 > MAX_INT_BITS) tooLarge(ba + bb - 1)
      charge(meter, wa * wb)
      return ba + bb > MAX_INT_BITS ? checkIntSize(a * b) : a * b
    case '/':
      charge(meter, 2 * (wa + wb))
      return intTrueDiv(a, b)
    case '//':
      charge(meter, divisionCost)
      return floorDivInt(a, b)
    case '%':
      charge(meter, divisionCost)
      return modInt(a, b)
    case '**':
      if (b < 0n) {
        if (a === 0n) calcError('ZeroDivisionError', '0.0 cannot be raised to a negative power')
        return powFloat(intToFloat(a), intToFloat(b))
      }
      return powInt(a, b, meter)
  }
}

/**
 * Applies a Python binary operator.
 * @example binary('//', -7n, 2n, createWorkMeter()) // -4n
 */
export function binary(op: BinaryOp, a: Scalar, b: Scalar, meter: WorkMeter): Scalar {
  if (typeof a === 'bigint' && typeof b === 'bigint') return intOp(op, a, b, meter)
  charge(meter, OP_OVERHEAD)
  const x = typeof a === 'bigint' ? intToFloat(a) : a
  const y = typeof b === 'bigint' ? intToFloat(b) : b
  return floatBinary(op, x, y)
}

/**
 * Applies unary `-` or `+`.
 * @example unary('-', 5n) // -5n
 */
export const unary = (op: '+' | '-', x: Scalar): Scalar => (op === '+' ? x : -x)
