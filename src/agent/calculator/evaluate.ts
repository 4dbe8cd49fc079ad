/**
 * Evaluates calculator expressions with Python 3 semantics and formats the result as Python's
 * `str()` would: ints in full, floats as their shortest repr (`50.0`, `3.3333333333333335`).
 * `calculate` is the never-throwing entry point: any failure becomes `Error: <message>`, the text
 * the model sees. Evaluation is synchronous and bounded by construction: the parser caps length,
 * tokens and depth, and every big-integer step is size-checked and charged to a work meter first.
 *
 * Reference: arbigraph-reference-harness.md §1.4 (safe_calc, result format), §9.12 (limits).
 */

import type { Scalar } from '../../values.ts'
import { pyFloatRepr } from '../../values.ts'
import { binary, unary } from './arithmetic.ts'
import { CalculatorError, calcError } from './calculator-error.ts'
import { functionNamed } from './functions.ts'
import { checkIntSize } from './int-ops.ts'
import { MAX_INT_BITS, MAX_PRINT_DIGITS } from './limits.ts'
import type { Expr } from './parse.ts'
import { parse } from './parse.ts'
import type { WorkMeter } from './work-meter.ts'
import { charge, createWorkMeter, words } from './work-meter.ts'

const PRINT_LIMIT = 10n ** BigInt(MAX_PRINT_DIGITS)

function literal(node: Expr & { type: 'int' | 'float' }, meter: WorkMeter): Scalar {
  if (node.type === 'float') return Number(node.text)
  // Decimal literals are capped at MAX_PRINT_DIGITS by the tokenizer; hex/octal/binary by bits.
  charge(meter, 4 * (1 + node.text.length / 16) ** 2)
  const value = BigInt(node.text)
  if (/^0[xob]/i.test(node.text)) checkIntSize(value)
  return value
}

function evaluateNode(node: Expr, meter: WorkMeter): Scalar {
  switch (node.type) {
    case 'int':
    case 'float':
      return literal(node, meter)
    case 'unary':
      return unary(node.op, evaluateNode(node.operand, meter))
    case 'power':
      return binary('**', evaluateNode(node.base, meter), evaluateNode(node.exponent, meter), meter)
    case 'chain': {
      let acc = evaluateNode(node.first, meter)
      for (const { op, operand } of node.rest) acc = binary(op, acc, evaluateNode(operand, meter), meter)
      return acc
    }
    case 'call': {
      const fn = functionNamed(node.name, node.args.length)
      const args = node.args.map((arg) => evaluateNode(arg, meter))
      return fn.apply(args, meter, (a, b) => binary('**', a, b, meter))
    }
  }
}

/**
 * Evaluates an expression to a Python int (bigint) or float (number); throws `CalculatorError`.
 * @example evaluate('-7 // 2') // -4n
 */
export function evaluate(text: string, meter: WorkMeter = createWorkMeter()): Scalar {
  return evaluateNode(parse(text), meter)
}

/**
 * Python's `str()` of a calculator result; ints past MAX_PRINT_DIGITS digits are refused as in
 * Python 3.11+.
 * @example formatResult(10n ** 3n) // '1000'; formatResult(1e3) // '1000.0'
 */
export function formatResult(value: Scalar, meter: WorkMeter = createWorkMeter()): string {
  if (typeof value === 'number') return pyFloatRepr(value)
  if ((value < 0n ? -value : value) >= PRINT_LIMIT) {
    calcError(
      'ValueError',
      `integer result has more than ${MAX_PRINT_DIGITS} digits, the most that can be printed ` +
        '(as in Python); reduce it first, e.g. with % or //',
    )
  }
  charge(meter, 4 * words(value) ** 2)
  return value.toString()
}

/**
 * Evaluates and formats one expression; never throws. Failures come back as `Error: <message>`.
 * @example calculate('10/3') // '3.3333333333333335'; calculate('1/0') // 'Error: division by zero'
 */
export function calculate(text: string, meter: WorkMeter = createWorkMeter()): string {
  try {
    return formatResult(evaluate(text, meter), meter)
  } catch (error) {
    if (error instanceof CalculatorError) return `Error: ${error.message}`
    // Engine limits (stack, memory) should be unreachable under the caps; report, don't throw.
    const message = error instanceof Error ? error.message : String(error)
    return `Error: internal calculator failure (${message}); integers are limited to ${MAX_INT_BITS} bits`
  }
}
