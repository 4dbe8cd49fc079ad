/**
 * Exact evaluation of simple arithmetic in answers (`25/2`, `-(3/4)`, `2^10`, `1.5e3 + 1`) with
 * mathjs in Fraction mode: decimals are exact rationals, so `0.1 + 0.2` is 3/10 and an answer
 * like `12/4` is exactly the integer 3. Only numbers, + − × ÷, powers and parentheses are
 * allowed; names, functions, `%`, `!`, units and implicit multiplication (`2(3)`) are refused.
 * Untrusted input is bounded: the text length, and the size of every intermediate numerator and
 * denominator (fraction.js normalizes by gcd after every step; at 2048 bits one addition took
 * 14 ms, at 1024 bits 2 ms on the dev machine, so 1024 bits keeps any capped expression well
 * under a second). Big exact integers do not need this path: Python literals have no such cap.
 */
import { createRequire } from 'node:module'
import type { FactoryFunctionMap, MathJsStatic, MathNode } from 'mathjs'
import type { ParseFailure } from '../contracts/grade.ts'

/** Longest expression text evaluated (characters). */
export const MAX_EXPRESSION_CHARS = 256
/** Largest numerator or denominator of any intermediate result (bits). */
export const MAX_EXPRESSION_BITS = 1024

let parser: Pick<MathJsStatic, 'parse'> | undefined

/**
 * mathjs's parser in Fraction mode, loaded on the first expression: loading mathjs costs about a
 * second of CPU, which every importer of the library and every Vitest worker paid at start-up,
 * while most answers are plain literals that never reach this path. It is loaded synchronously
 * (its CommonJS build), so grading stays synchronous. Only the parser and Fraction: the evaluator
 * below walks the tree itself, so no mathjs function (and nothing like `rationalize`) is ever
 * reachable from answer text.
 */
function mathParser(): Pick<MathJsStatic, 'parse'> {
  if (parser) return parser
  const { create, parseDependencies, fractionDependencies } = createRequire(import.meta.url)(
    'mathjs',
  ) as typeof import('mathjs')
  parser = create(
    {
      parseDependencies: parseDependencies as FactoryFunctionMap,
      fractionDependencies: fractionDependencies as FactoryFunctionMap,
    },
    { number: 'Fraction' },
  )
  return parser
}

/** An exact rational: sign folded into `num`, `den` > 0, in lowest terms. */
export interface Rational {
  num: bigint
  den: bigint
}

export type ExpressionResult =
  | { ok: true; value: Rational }
  | { ok: false; reason: ParseFailure; message: string }

interface Fraction {
  s: bigint
  n: bigint
  d: bigint
  add(other: Fraction): Fraction
  sub(other: Fraction): Fraction
  mul(other: Fraction): Fraction
  div(other: Fraction): Fraction
  pow(other: Fraction): Fraction
  neg(): Fraction
}

class Refusal extends Error {
  constructor(
    readonly reason: ParseFailure,
    message: string,
  ) {
    super(message)
  }
}

const SCIENTIFIC = /(\d+\.?\d*|\.\d+)[eE]([+-]?\d+)/g

/**
 * Evaluates a scalar arithmetic expression exactly.
 * @example evaluateExpression('25/2') // { ok: true, value: { num: 25n, den: 2n } }
 */
export function evaluateExpression(text: string): ExpressionResult {
  if (text.length > MAX_EXPRESSION_CHARS) {
    return {
      ok: false,
      reason: 'too-long',
      message: `expression is ${text.length} characters long (limit ${MAX_EXPRESSION_CHARS})`,
    }
  }
  // Fraction mode cannot read `1.5e3`; spell it as an exact power of ten.
  const plain = text.replace(SCIENTIFIC, '($1*10^($2))')
  const stray = /[^0-9+\-*/^().\s]/.exec(plain)
  if (stray)
    return {
      ok: false,
      reason: 'unsupported',
      message: `"${stray[0]}" is not allowed in an arithmetic answer`,
    }
  // mathjs reads empty text as a constant without a value (`[,^]` has an empty item).
  if (plain.trim() === '') return { ok: false, reason: 'syntax', message: 'empty expression' }
  let tree: MathNode
  try {
    tree = mathParser().parse(plain)
  } catch (error) {
    return {
      ok: false,
      reason: 'syntax',
      message: `not an arithmetic expression: ${(error as Error).message}`,
    }
  }
  try {
    const f = evaluate(tree)
    return { ok: true, value: { num: f.s * f.n, den: f.d } }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, message: error.message }
    if (/division by zero/i.test((error as Error).message))
      return { ok: false, reason: 'division-by-zero', message: 'division by zero' }
    throw error
  }
}

function evaluate(node: MathNode): Fraction {
  if (node.type === 'ParenthesisNode') return evaluate((node as unknown as { content: MathNode }).content)
  if (node.type === 'ConstantNode') {
    const value = (node as unknown as { value: unknown }).value
    if (!isFraction(value)) throw new Refusal('syntax', 'not a number')
    return bounded(value)
  }
  if (node.type !== 'OperatorNode') throw new Refusal('unsupported', `${node.type} is not arithmetic`)
  const op = node as unknown as { fn: string; args: MathNode[]; implicit: boolean }
  if (op.implicit) throw new Refusal('unsupported', 'implicit multiplication; write "*" between factors')
  const [a, b] = op.args.map(evaluate) as [Fraction, Fraction | undefined]
  switch (op.fn) {
    case 'unaryMinus':
      return a.neg()
    case 'unaryPlus':
      return a
    case 'add':
      return bounded(a.add(b!))
    case 'subtract':
      return bounded(a.sub(b!))
    case 'multiply':
      return bounded(a.mul(b!))
    case 'divide':
      return bounded(a.div(b!))
    case 'pow':
      return power(a, b!)
  }
  throw new Refusal('unsupported', `operator "${op.fn}" is not allowed`)
}

const isFraction = (value: unknown): value is Fraction =>
  typeof value === 'object' && value !== null && typeof (value as Fraction).n === 'bigint'

function power(base: Fraction, exponent: Fraction): Fraction {
  if (exponent.d !== 1n) throw new Refusal('unsupported', 'only integer powers are exact')
  // Estimate before computing: |exponent| · size(base) must fit the cap.
  const size = BigInt(Math.max(bits(base.n), bits(base.d)))
  if (size > 1n && exponent.n * (size - 1n) > BigInt(MAX_EXPRESSION_BITS)) {
    throw new Refusal('too-large', `power result exceeds ${MAX_EXPRESSION_BITS} bits`)
  }
  if (base.n === 0n && exponent.s < 0n) throw new Refusal('division-by-zero', 'division by zero')
  return bounded(base.pow(exponent))
}

function bounded(f: Fraction): Fraction {
  if (bits(f.n) > MAX_EXPRESSION_BITS || bits(f.d) > MAX_EXPRESSION_BITS) {
    throw new Refusal('too-large', `intermediate value exceeds ${MAX_EXPRESSION_BITS} bits`)
  }
  return f
}

const bits = (x: bigint): number => (x === 0n ? 0 : x.toString(2).length)

/**
 * The nearest double to a rational, also when numerator and denominator overflow a double.
 * @example rationalToNumber({ num: 1n, den: 3n }) // 0.3333333333333333
 */
export function rationalToNumber({ num, den }: Rational): number {
  const shift = BigInt(Math.max(0, Math.max(bits(num < 0n ? -num : num), bits(den)) - 1000))
  return Number(num >> shift) / Number(den >> shift)
}
