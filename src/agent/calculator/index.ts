/**
 * The agent's calculator: Python-semantics arithmetic on exact ints and floats with a small
 * function set, bounded in input size, integer size and work, and the `calculator` tool around it.
 */
export type { PyErrorType } from './calculator-error.ts'
export { CalculatorError } from './calculator-error.ts'
export { calculate, evaluate, formatResult } from './evaluate.ts'
export type { CalculatorFunction } from './functions.ts'
export { FUNCTIONS } from './functions.ts'
export {
  MAX_CALL_MS,
  MAX_DEPTH,
  MAX_EXPRESSION_CHARS,
  MAX_EXPRESSIONS,
  MAX_INT_BITS,
  MAX_PRINT_DIGITS,
  MAX_TOKENS,
  MAX_WORK,
} from './limits.ts'
export type { BinaryOp, Expr } from './parse.ts'
export { parse } from './parse.ts'
export type { CalculatorArguments } from './tool.ts'
export { calculatorTool, normalizeToolArguments, runCalculator, runCalculatorCall } from './tool.ts'
export { ALLOWED_SUMMARY, BUILTIN_FUNCTIONS, MATH_FUNCTIONS } from './vocabulary.ts'
export type { WorkMeter, WorkMeterOptions } from './work-meter.ts'
export { createWorkMeter } from './work-meter.ts'
