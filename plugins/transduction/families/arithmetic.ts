/**
 * Arithmetic: each record is an addition/subtraction expression over `operands` integers from
 * 1 to 99 (difficulty 2, 4, 8 or 16 operands); the output repeats the expression, then `=` and
 * its value, e.g. `4+8-3+2=11`.
 * Reference: Long-Transduction paper, Appendix A "Arithmetic".
 */
import type { Rng } from '../../../src/rng.ts'
import type { LineRecord, LineTask } from './line-task.ts'

/**
 * The value of a `+`/`-` expression of decimal integers, exactly (bigint), or null when the text
 * is not such an expression.
 * @example evaluateSum('4+8-3+2') // 11n
 */
export function evaluateSum(expression: string): bigint | null {
  if (!/^-?\d+(?:[+-]\d+)*$/.test(expression)) return null
  let total = 0n
  for (const term of expression.match(/[+-]?\d+/g) ?? []) total += BigInt(term)
  return total
}

function drawRecord(rng: Rng, operands: number): LineRecord {
  let expression = String(rng.int(1, 99))
  let value = BigInt(expression)
  for (let i = 1; i < operands; i++) {
    const operand = rng.int(1, 99)
    const plus = rng.below(2) === 0
    expression += `${plus ? '+' : '-'}${operand}`
    value += plus ? BigInt(operand) : -BigInt(operand)
  }
  return { input: expression, output: `${expression}=${value}` }
}

/**
 * The arithmetic task with `operands` operands per record.
 * @example arithmeticTask(4).next(createRng(0)).output // e.g. '37+5-80+12=-26'
 */
export function arithmeticTask(operands: number): LineTask {
  return {
    instruction:
      'Each record is an expression that adds and subtracts whole numbers. Copy the expression exactly as given, then write "=" and its value (negative values with a leading "-"), with no spaces.',
    examples: [
      { input: '5+6', output: '5+6=11' },
      { input: '2+4-9', output: '2+4-9=-3' },
    ],
    exampleNote: '',
    preamble: '',
    next: (rng) => drawRecord(rng, operands),
  }
}
