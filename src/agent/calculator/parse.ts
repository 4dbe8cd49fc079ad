/**
 * Parses calculator tokens into a small AST with Python's precedence: `**` binds tightest and
 * associates to the right, and its right operand may carry a sign (`2**-1`); unary `+`/`-` bind
 * looser than `**` (`-2**2` is -4); then `* / // %`, then `+ -`, both left-associative. Chains of
 * the left-associative levels are kept flat so that evaluation never recurses per operator, and
 * nesting (parentheses, calls, signs, `**`) is capped at MAX_DEPTH.
 *
 * Reference: Python language reference §6.5–6.7 (operator precedence).
 */
import { calcError } from './calculator-error.ts'
import { MAX_DEPTH } from './limits.ts'
import type { Token } from './tokenize.ts'
import { tokenize } from './tokenize.ts'
import { ALLOWED_SUMMARY, FUNCTION_NAMES } from './vocabulary.ts'

export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**'

export type Expr =
  | { type: 'int'; text: string; pos: number }
  | { type: 'float'; text: string; pos: number }
  | { type: 'unary'; op: '+' | '-'; operand: Expr }
  | { type: 'chain'; first: Expr; rest: { op: BinaryOp; operand: Expr }[] }
  | { type: 'power'; base: Expr; exponent: Expr }
  | { type: 'call'; name: string; args: Expr[]; pos: number }

const ADDITIVE = new Set(['+', '-'])
const MULTIPLICATIVE = new Set(['*', '/', '//', '%'])

function describe(token: Token): string {
  return token.kind === 'end' ? 'end of expression' : `'${token.text}' at position ${token.pos}`
}

/**
 * Parses an expression into an AST, or throws a `CalculatorError` that says where and why.
 * @example parse('-2**2') // { type: 'unary', op: '-', operand: { type: 'power', … } }
 */
export function parse(text: string): Expr {
  const tokens = tokenize(text)
  let i = 0
  const peek = () => tokens[i]!
  const next = () => tokens[i++]!
  const isOp = (t: Token, op: string) => t.kind === 'op' && t.text === op
  const expect = (op: string) => {
    if (!isOp(peek(), op)) calcError('SyntaxError', `expected '${op}' but found ${describe(peek())}`)
    next()
  }
  const enter = (depth: number) => {
    if (depth > MAX_DEPTH) calcError('LimitError', `expression is nested more than ${MAX_DEPTH} levels deep`)
  }

  const chain = (level: Set<string>, operand: (depth: number) => Expr, depth: number): Expr => {
    const first = operand(depth)
    const rest: { op: BinaryOp; operand: Expr }[] = []
    while (peek().kind === 'op' && level.has(peek().text)) {
      const op = next().text as BinaryOp
      rest.push({ op, operand: operand(depth) })
    }
    return rest.length === 0 ? first : { type: 'chain', first, rest }
  }
  const sum = (depth: number): Expr => chain(ADDITIVE, product, depth)
  const product = (depth: number): Expr => chain(MULTIPLICATIVE, unary, depth)
  const unary = (depth: number): Expr => {
    const token = peek()
    if (isOp(token, '-') || isOp(token, '+')) {
      enter(depth + 1)
      next()
      return { type: 'unary', op: token.text as '+' | '-', operand: unary(depth + 1) }
    }
    return power(depth)
  }
  const power = (depth: number): Expr => {
    const base = atom(depth)
    if (!isOp(peek(), '**')) return base
    next()
    enter(depth + 1)
    return { type: 'power', base, exponent: unary(depth + 1) }
  }
  const atom = (depth: number): Expr => {
    const token = next()
    if (token.kind === 'int' || token.kind === 'float') {
      if (isOp(peek(), '(')) {
        calcError(
          'SyntaxError',
          `a number cannot be called: write ${token.text}*(...) to multiply (position ${peek().pos})`,
        )
      }
      return { type: token.kind, text: token.text, pos: token.pos }
    }
    if (token.kind === 'name') return call(token, depth)
    if (isOp(token, '(')) {
      enter(depth + 1)
      const inner = sum(depth + 1)
      expect(')')
      if (isOp(peek(), '('))
        calcError('SyntaxError', `write (...)*(...) to multiply (position ${peek().pos})`)
      return inner
    }
    if (token.kind === 'end') return calcError('SyntaxError', 'unexpected end of expression')
    return calcError('SyntaxError', `unexpected ${describe(token)}`)
  }
  const call = (token: Token, depth: number): Expr => {
    let name = token.text
    if (name === 'math' && isOp(peek(), '.')) {
      next()
      const attr = next()
      if (attr.kind !== 'name')
        calcError('SyntaxError', `expected a function name after 'math.' at position ${attr.pos}`)
      name = `math.${attr.text}`
    }
    if (!isOp(peek(), '('))
      return calcError('NameError', `names are not supported: '${name}' (${ALLOWED_SUMMARY})`)
    if (!FUNCTION_NAMES.has(name))
      return calcError('NameError', `unknown function '${name}' (${ALLOWED_SUMMARY})`)
    next()
    enter(depth + 1)
    const args: Expr[] = []
    while (!isOp(peek(), ')')) {
      args.push(sum(depth + 1))
      if (!isOp(peek(), ',')) break
      next()
    }
    expect(')')
    return { type: 'call', name, args, pos: token.pos }
  }

  if (peek().kind === 'end') calcError('SyntaxError', 'empty expression')
  const root = sum(0)
  if (peek().kind !== 'end') calcError('SyntaxError', `unexpected ${describe(peek())}`)
  return root
}
