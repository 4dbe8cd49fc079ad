/**
 * Reading a model's answer text as an exact value. First as a Python literal (ints stay bigint
 * at any size, `3.0` stays a float, lists and nesting as written); in the `arbigraph` mode, LaTeX
 * noise is removed first and text that is not a literal may be simple arithmetic evaluated
 * exactly (`\frac{25}{2}`, `12/4`, `[1/2, 3/4]`). The `reference` mode reads Python literals only,
 * which is what the paper's grader effectively did. Both modes refuse, with a reason: booleans
 * (`True` is not 1), tuples (`(1, 2)` is not a list), digit grouping (`1,366` reads as a tuple in
 * Python and `1 366` as two numbers; refusing beats guessing), inf/nan, and oversized input.
 * Known parity gap: a parenthesized scalar such as `(42)` is a literal to Python but is read here
 * as arithmetic (arbigraph mode) or refused (reference mode).
 * Reference: docs/research/arbigraph-reference-harness.md §4.1, §4.3, §9.3.
 */
import type { AnswerForm, ParseFailure, ParseMode } from '../contracts/grade.ts'
import { ArbigraphError } from '../errors.ts'
import { type PyValue, parsePyLiteral, type Scalar } from '../values.ts'
import { evaluateExpression, rationalToNumber } from './expression.ts'
import { normalizeLatex } from './latex.ts'

/** Longest answer text read at all (characters); long lists of big ints fit comfortably. */
export const MAX_ANSWER_CHARS = 100_000
/** Longest answer text for which the (slower) arithmetic path is tried. */
export const MAX_ARITHMETIC_ANSWER_CHARS = 4_096

export type ParsedAnswer =
  | { ok: true; value: PyValue; form: AnswerForm }
  | { ok: false; reason: ParseFailure; message: string }

export interface ParseAnswerOptions {
  /** How answer text is read. @default 'arbigraph' */
  mode?: ParseMode
}

const fail = (reason: ParseFailure, message: string): ParsedAnswer => ({ ok: false, reason, message })

const GROUPED_DIGITS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[+-]?\d{1,3}(?: \d{3})+(?:\.\d+)?$/
const OPERATOR = /[*/^+]|[\d)]\s*-/
const LITERAL_CHARS = /^[\d\s.,[\]_eE+-]*$/
const RADIX_INT = /(?<![\w.])0[xob][0-9a-f_]+\b/gi

/**
 * Reads answer text as an exact value, or says why it cannot.
 * @example parseAnswer('\\frac{25}{2}') // { ok: true, value: 12.5, form: 'expression' }
 * @example parseAnswer('1,366') // { ok: false, reason: 'thousands-separator', … }
 */
export function parseAnswer(raw: string, options: ParseAnswerOptions = {}): ParsedAnswer {
  const mode = options.mode ?? 'arbigraph'
  let text = raw.trim()
  if (text.length > MAX_ANSWER_CHARS)
    return fail('too-long', `answer is ${text.length} characters long (limit ${MAX_ANSWER_CHARS})`)
  if (mode === 'arbigraph') {
    const latex = normalizeLatex(text)
    if (!latex.ok) return latex
    text = latex.text
  }
  if (text === '') return fail('syntax', 'empty answer')
  if (/\b(?:True|False)\b/.test(text)) return fail('boolean', `booleans are not numbers: "${clip(text)}"`)
  if (GROUPED_DIGITS.test(text))
    return fail(
      'thousands-separator',
      `digit grouping in "${clip(text)}" is ambiguous; write the plain number`,
    )
  const radix = rewriteRadixInts(text)
  if (radix === null) return fail('syntax', `bad hex, octal or binary integer in "${clip(text)}"`)
  text = radix
  if (hasTuple(text)) return fail('tuple', `a tuple is not a list: "${clip(text)}"`)
  if (!text.includes('(')) {
    const literal = readLiteral(text)
    if (literal.ok || mode === 'reference' || literal.reason === 'non-finite') return literal
    // A malformed literal (only digits, brackets, commas) has no arithmetic to try; its error says more.
    if (!OPERATOR.test(text) && LITERAL_CHARS.test(text)) return literal
  }
  if (mode === 'reference') return fail('unsupported', `not a Python literal: "${clip(text)}"`)
  return readArithmetic(text)
}

function readLiteral(text: string): ParsedAnswer {
  let value: PyValue
  try {
    value = parsePyLiteral(text)
  } catch (error) {
    if (error instanceof ArbigraphError) return fail('syntax', error.message)
    throw error
  }
  if (!allFinite(value)) return fail('non-finite', `inf and nan are not answers: "${clip(text)}"`)
  return { ok: true, value, form: 'literal' }
}

/** A scalar expression, or a flat `[…]` list of them. */
function readArithmetic(text: string): ParsedAnswer {
  if (text.length > MAX_ARITHMETIC_ANSWER_CHARS) {
    return fail(
      'too-long',
      `arithmetic answer is ${text.length} characters long (limit ${MAX_ARITHMETIC_ANSWER_CHARS})`,
    )
  }
  const list = /^\[([\s\S]*)\]$/.exec(text)
  if (!list) return readScalarArithmetic(text)
  const parts = list[1]!.split(',')
  if (parts.length > 1 && parts.at(-1)!.trim() === '') parts.pop() // Python allows a trailing comma
  const values: Scalar[] = []
  for (const part of parts) {
    const item = readScalarArithmetic(part.trim())
    if (!item.ok) return item
    values.push(item.value as Scalar)
  }
  return { ok: true, value: values, form: 'expression' }
}

function readScalarArithmetic(text: string): ParsedAnswer {
  // Python's power operator is as unambiguous as `^`.
  const result = evaluateExpression(text.replace(/\*\*/g, '^'))
  if (!result.ok) return result
  const { num, den } = result.value
  return { ok: true, value: den === 1n ? num : rationalToNumber(result.value), form: 'expression' }
}

/** `0x32`, `0o62`, `0b110010` → decimal, as Python reads them; null for a bad digit (`0b12`). */
function rewriteRadixInts(text: string): string | null {
  try {
    return text.replace(RADIX_INT, (token) => BigInt(token.replace(/_/g, '')).toString())
  } catch {
    return null
  }
}

/** True when a comma sits at the top level or directly in a parenthesis group: a Python tuple. */
function hasTuple(text: string): boolean {
  const stack: string[] = []
  for (const ch of text) {
    if (ch === '(' || ch === '[') stack.push(ch)
    else if (ch === ')' || ch === ']') stack.pop()
    else if (ch === ',' && stack.at(-1) !== '[') return true
  }
  return false
}

function allFinite(value: PyValue): boolean {
  if (Array.isArray(value)) return value.every(allFinite)
  return typeof value === 'bigint' || Number.isFinite(value)
}

const clip = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}...` : text)
