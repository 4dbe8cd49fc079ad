/**
 * Splits an expression into tokens using Python's lexical rules for the subset the calculator
 * accepts: int literals (decimal, `0x`, `0o`, `0b`, `_` separators), float literals (`1.5`, `.5`,
 * `5.`, `1e3`), ASCII names, `.`, `,`, parentheses and the operators `+ - * / // % **`.
 * Everything else is rejected here with a message that names the character, its position and
 * what to write instead (`×` → `*`), because a model reads these errors and retries.
 *
 * Lines follow Python's tokenizer: outside parentheses a newline (`\n`, `\r\n` or `\r`) ends the
 * expression, so `1\n+2` is a syntax error as in `ast.parse(…, mode="eval")`, and only blank or
 * comment lines may follow it; inside parentheses a newline is whitespace; a backslash right
 * before a newline joins the two lines anywhere; `#` starts a comment. (Leading indentation is
 * accepted, as Python's `eval()` does, although the reference's `ast.parse` refuses it.)
 *
 * Reference: Python language reference §2.4 (literals); arbigraph-reference-harness.md §1.4.
 */
import { calcError } from './calculator-error.ts'
import { MAX_EXPRESSION_CHARS, MAX_PRINT_DIGITS, MAX_TOKENS } from './limits.ts'

export type TokenKind = 'int' | 'float' | 'name' | 'op' | 'end'

export interface Token {
  kind: TokenKind
  /** The source text (for numbers, without `_`). */
  text: string
  /** Offset in the expression, 0-based. */
  pos: number
}

const OPERATORS = ['**', '//', '+', '-', '*', '/', '%', '(', ')', ',', '.'] as const

/** Operators Python has but the calculator does not, with what to say about each. */
const UNSUPPORTED_OPERATORS: [string, string][] = [
  ['<<', 'bit shifts are not supported'],
  ['>>', 'bit shifts are not supported'],
  ['<=', 'comparisons are not supported'],
  ['>=', 'comparisons are not supported'],
  ['==', 'comparisons are not supported'],
  ['!=', 'comparisons are not supported'],
  ['^', "'^' (bitwise xor) is not supported; write powers as a**b"],
  ['&', 'bitwise operators are not supported'],
  ['|', 'bitwise operators are not supported'],
  ['~', 'bitwise operators are not supported'],
  ['<', 'comparisons are not supported'],
  ['>', 'comparisons are not supported'],
  ['=', "'=' is not supported (no assignments, comparisons or keyword arguments)"],
  ['@', "'@' (matrix multiplication) is not supported"],
  ['[', 'lists are not supported'],
  ['{', 'sets and dicts are not supported'],
  ["'", 'strings are not supported'],
  ['"', 'strings are not supported'],
]

/** Look-alike characters models often emit, mapped to the ASCII to use instead. */
const LOOKALIKES: Record<string, string> = {
  '×': '*',
  '·': '*',
  '÷': '/',
  '−': '-',
  '–': '-',
  '²': '**2',
  '³': '**3',
  '√': 'sqrt(...)',
  '（': '(',
  '）': ')',
}

const NUMBER =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+)|(?:\d(?:_?\d)*)?(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?/y
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y

function describeChar(ch: string): string {
  const code = ch.codePointAt(0)!
  return `'${ch}' (U+${code.toString(16).toUpperCase().padStart(4, '0')})`
}

function rejectChar(text: string, pos: number): never {
  const ch = String.fromCodePoint(text.codePointAt(pos)!)
  for (const [op, why] of UNSUPPORTED_OPERATORS) {
    if (text.startsWith(op, pos)) calcError('SyntaxError', `${why} ('${op}' at position ${pos})`)
  }
  if (ch.charCodeAt(0) < 0x80)
    calcError('SyntaxError', `unexpected character ${describeChar(ch)} at position ${pos}`)
  const hint = LOOKALIKES[ch]
  if (hint)
    calcError(
      'SyntaxError',
      `unsupported character ${describeChar(ch)} at position ${pos}; write '${hint}' instead`,
    )
  const what = /\p{Nd}/u.test(ch) ? 'non-ASCII digit' : 'non-ASCII character'
  return calcError(
    'SyntaxError',
    `${what} ${describeChar(ch)} at position ${pos}; only ASCII is accepted: digits 0-9, ` +
      '+ - * / // % **, parentheses, commas and function names',
  )
}

/** Reads the number literal at `pos` (a match of NUMBER) and checks Python's literal rules. */
function numberToken(raw: string, pos: number, text: string): Token {
  const after = text[pos + raw.length]
  if (after !== undefined && /[A-Za-z0-9_]/.test(after)) {
    if (after === 'j' || after === 'J')
      calcError('ValueError', `complex numbers are not supported ('${raw}${after}' at position ${pos})`)
    calcError(
      'SyntaxError',
      `invalid number literal at position ${pos}: '${raw}${after}' (write a*b for products)`,
    )
  }
  const clean = raw.replace(/_/g, '')
  if (/^0[xXoObB]/.test(clean)) return { kind: 'int', text: clean, pos }
  if (/^\d+$/.test(clean)) {
    if (/^0+[1-9]/.test(clean)) {
      calcError(
        'SyntaxError',
        `leading zeros in decimal integer literals are not permitted ('${raw}' at position ${pos})`,
      )
    }
    if (clean.length > MAX_PRINT_DIGITS) {
      calcError(
        'ValueError',
        `integer literal at position ${pos} has ${clean.length} digits (limit ${MAX_PRINT_DIGITS})`,
      )
    }
    return { kind: 'int', text: clean, pos }
  }
  return { kind: 'float', text: clean, pos }
}

/** The index of the newline (or the end) that ends the line holding `pos`. */
function lineEnd(text: string, pos: number): number {
  while (pos < text.length && text[pos] !== '\n' && text[pos] !== '\r') pos++
  return pos
}

/** After a backslash at `pos`: the index past the newline it escapes, as Python joins lines. */
function continuation(text: string, pos: number): number {
  const next = text[pos + 1]
  if (next !== '\n' && next !== '\r') {
    calcError('SyntaxError', `unexpected character after line continuation character at position ${pos}`)
  }
  const after = pos + (next === '\r' && text[pos + 2] === '\n' ? 3 : 2)
  if (after >= text.length) {
    calcError('SyntaxError', `unexpected end of expression after the line continuation at position ${pos}`)
  }
  return after
}

/**
 * A newline outside parentheses ends the expression; after it Python allows only blank and
 * comment lines.
 */
function endOfLogicalLine(text: string, newline: number): void {
  for (let pos = newline; pos < text.length; pos++) {
    const ch = text[pos]!
    if (ch === '#') pos = lineEnd(text, pos)
    else if (ch !== ' ' && ch !== '\t' && ch !== '\f' && ch !== '\n' && ch !== '\r') {
      calcError(
        'SyntaxError',
        `invalid syntax: the newline at position ${newline} ends the expression outside parentheses, ` +
          'but more follows; wrap a multi-line expression in parentheses or send one expression per item',
      )
    }
  }
}

/**
 * Tokenizes an expression, or throws a `CalculatorError` saying what is wrong and where.
 * @example tokenize('2**-1').map((t) => t.text) // ['2', '**', '-', '1', '']
 */
export function tokenize(text: string): Token[] {
  if (text.length > MAX_EXPRESSION_CHARS) {
    calcError('LimitError', `expression is ${text.length} characters long (limit ${MAX_EXPRESSION_CHARS})`)
  }
  const tokens: Token[] = []
  let pos = 0
  let depth = 0
  while (pos < text.length) {
    const ch = text[pos]!
    if (ch === ' ' || ch === '\t' || ch === '\f') {
      pos++
      continue
    }
    if (ch === '#') {
      pos = lineEnd(text, pos)
      continue
    }
    if (ch === '\\') {
      pos = continuation(text, pos)
      continue
    }
    if (ch === '\n' || ch === '\r') {
      // Blank lines before the expression are skipped, as Python's tokenizer does.
      if (depth === 0 && tokens.length > 0) {
        endOfLogicalLine(text, pos)
        break
      }
      pos++
      continue
    }
    if (tokens.length >= MAX_TOKENS) calcError('LimitError', `expression has more than ${MAX_TOKENS} tokens`)
    if ((ch >= '0' && ch <= '9') || (ch === '.' && /[0-9]/.test(text[pos + 1] ?? ''))) {
      NUMBER.lastIndex = pos
      const raw = NUMBER.exec(text)![0]
      tokens.push(numberToken(raw, pos, text))
      pos += raw.length
      continue
    }
    if (/[A-Za-z_]/.test(ch)) {
      NAME.lastIndex = pos
      const raw = NAME.exec(text)![0]
      tokens.push({ kind: 'name', text: raw, pos })
      pos += raw.length
      continue
    }
    const op = OPERATORS.find((o) => text.startsWith(o, pos))
    if (op === undefined) rejectChar(text, pos)
    tokens.push({ kind: 'op', text: op, pos })
    // Depth may go negative on a stray `)`; the parser reports that one.
    if (op === '(') depth++
    else if (op === ')') depth--
    pos += op.length
  }
  tokens.push({ kind: 'end', text: '', pos: text.length })
  return tokens
}
