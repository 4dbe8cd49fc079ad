/**
 * An error inside the calculator, shown to the model as `Error: <message>`. The message copies
 * Python's own text where Python would raise the same error (`division by zero`), so results stay
 * comparable with the reference; `pyType` keeps Python's exception class for tests and logs.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §1.4 (errors come back as text).
 */
import { ArbigraphError } from '../../errors.ts'

export type PyErrorType =
  | 'SyntaxError'
  | 'NameError'
  | 'TypeError'
  | 'ValueError'
  | 'ZeroDivisionError'
  | 'OverflowError'
  | 'LimitError'

/**
 * A calculator failure; its message is the text after `Error: `.
 * @example new CalculatorError('ZeroDivisionError', 'division by zero')
 */
export class CalculatorError extends ArbigraphError {
  readonly pyType: PyErrorType

  constructor(pyType: PyErrorType, message: string) {
    super('ARBIGRAPH_BAD_INPUT', message)
    this.name = 'CalculatorError'
    this.pyType = pyType
  }
}

/**
 * Throws a `CalculatorError`; typed `never` so it works in expression position.
 * @example const d = b === 0n ? calcError('ZeroDivisionError', 'division by zero') : a / b
 */
export function calcError(pyType: PyErrorType, message: string): never {
  throw new CalculatorError(pyType, message)
}
