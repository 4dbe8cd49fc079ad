/**
 * The outcome of one sandboxed call: the result as a Python `repr` string (parsed exactly into
 * a value where it is a number or a list), the inputs as printed before and after the call,
 * and the deterministic step count; or a classified error. Results that depend on the word
 * size are rejected: pyodide is 32-bit wasm, so `sys.maxsize` is 2^31−1 where the reference's
 * CPython has 2^63−1; a task returning either (or their negatives, or `-maxsize-1`) would differ
 * between the two, so it is reported as `platform-dependent` instead of a value.
 *
 * Reference: docs/research/runtime-options.md §1.5 (32-bit wasm, repr strings).
 */
import { type PyValue, parsePyLiteral } from '../../../src/values.ts'
import type { RawAnswer } from './interpreter.ts'

/** Why a call produced no result. */
export type PythonErrorKind =
  | 'timeout'
  | 'step-budget'
  | 'memory'
  | 'python-exception'
  | 'sandbox-violation'
  | 'crashed'
  | 'platform-dependent'

/** Inputs as Python prints them: positional and keyword arguments, each a repr string. */
export interface PrintedInputs {
  args: string[]
  kwargs: Record<string, string>
}

export type PythonOutcome =
  | {
      ok: true
      /** `repr(result)`, made inside Python. */
      repr: string
      /** `repr` parsed exactly (ints as bigint); undefined when it is not a number/list/tuple literal. */
      value: PyValue | undefined
      /** Lines executed: the same for the same call on any machine. */
      steps: number
      /** The inputs before the call (print these: several functions sort their inputs in place). */
      inputs: PrintedInputs
      /** The inputs after the call, to see in-place mutation. */
      inputsAfter: PrintedInputs
    }
  | { ok: false; error: { kind: PythonErrorKind; message: string }; steps?: number }

const WORD_SIZE_VALUES =
  /(?<![\w.])(?:-?2147483647|-2147483648|-?9223372036854775807|-9223372036854775808)(?![\w.])/

/**
 * Whether a result repr contains a value that differs between 32- and 64-bit Python
 * (`sys.maxsize`, `-sys.maxsize`, `-sys.maxsize - 1` on either word size).
 * @example isWordSizeDependent('[1, 2147483647]') // true
 */
export const isWordSizeDependent = (repr: string): boolean => WORD_SIZE_VALUES.test(repr)

const parseOrUndefined = (repr: string): PyValue | undefined => {
  try {
    return parsePyLiteral(repr)
  } catch {
    return undefined
  }
}

const failure = (kind: PythonErrorKind, message: string, steps?: number): PythonOutcome => ({
  ok: false,
  error: { kind, message },
  ...(steps === undefined ? {} : { steps }),
})

/**
 * Turns what the child sent into an outcome.
 * @example decodeAnswer({ answer: '{"ok": true, "repr": "3", "steps": 4, "inputs": …}' }, 5000).value // 3n
 */
export function decodeAnswer(raw: RawAnswer, wallMs: number): PythonOutcome {
  if ('timeout' in raw)
    return failure('timeout', `wall-clock limit of ${wallMs} ms exceeded; interpreter killed`)
  if ('crashed' in raw) return failure('crashed', raw.crashed)
  const answer = JSON.parse(raw.answer) as {
    ok: boolean
    repr?: string
    kind?: PythonErrorKind | 'bad-input'
    message?: string
    steps?: number
    inputs?: PrintedInputs
    inputsAfter?: PrintedInputs
  }
  if (!answer.ok) {
    // A malformed input is the caller's bug; it still comes back as data, named clearly.
    const kind = answer.kind === 'bad-input' ? 'python-exception' : (answer.kind ?? 'crashed')
    return failure(kind, answer.message ?? 'unknown error', answer.steps)
  }
  const repr = answer.repr ?? ''
  if (isWordSizeDependent(repr))
    return failure(
      'platform-dependent',
      `result ${repr.slice(0, 80)} holds sys.maxsize-like value that differs between 32-bit pyodide and 64-bit CPython`,
      answer.steps,
    )
  const empty: PrintedInputs = { args: [], kwargs: {} }
  return {
    ok: true,
    repr,
    value: parseOrUndefined(repr),
    steps: answer.steps ?? 0,
    inputs: answer.inputs ?? empty,
    inputsAfter: answer.inputsAfter ?? empty,
  }
}
