/**
 * Math parameters printed in a reference task block, parsed back into the values our operators
 * take. Only seven operators print something that is not derived from the input alone (five
 * random draws, NTT's modulus and MatrixPolynomial's size); every other operator's parameters
 * are recomputed by its template. PolyRemainder prints its divisor as a SymPy expression
 * (`x**10 + 4*x**9 - 3`), which is read back into the L coefficients after the leading x**L.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §8.3 and §12.1 (the regexes).
 */
import type { Params } from '../../contracts/template.ts'
import { ArbigraphError } from '../../errors.ts'
import { type PyValue, parsePyLiteral } from '../../values.ts'

type BlockParser = (block: string, n: number) => Params

const need = (block: string, pattern: RegExp, what: string): RegExpExecArray => {
  const m = pattern.exec(block)
  if (!m) throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `task block has no ${what}`)
  return m
}

const intList = (text: string, what: string): bigint[] => {
  const value = parsePyLiteral(text)
  if (!Array.isArray(value) || !value.every((x) => typeof x === 'bigint')) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${what} is not a list of integers: "${text.slice(0, 60)}"`,
    )
  }
  return value as bigint[]
}

const intMatrix = (text: string, what: string): bigint[][] => {
  const value: PyValue = parsePyLiteral(text)
  const ok =
    Array.isArray(value) &&
    value.every((row) => Array.isArray(row) && row.every((x) => typeof x === 'bigint'))
  if (!ok)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${what} is not an integer matrix: "${text.slice(0, 60)}"`,
    )
  return value as bigint[][]
}

const size = (block: string) => need(block, /of size (\d+)x(\d+)/, '"of size RxC" sentence')

/**
 * Coefficients of a monic polynomial printed by SymPy, after the leading `x**L`: L values for
 * x^(L-1) … x^0, zeros included.
 * @example monicTail('x**3 + 4*x - 3') // [0n, 4n, -3n]
 */
export function monicTail(expression: string): bigint[] {
  const text = expression.replace(/\s+/g, '')
  const terms = [...text.matchAll(/([+-]?)(?:(\d+)\*?)?(x(?:\*\*(\d+))?)?/g)].filter((m) => m[0] !== '')
  const coefficients = new Map<number, bigint>()
  for (const [whole, sign, digits, power, exponent] of terms) {
    if (digits === undefined && power === undefined) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_REFERENCE',
        `cannot read polynomial term "${whole}" in "${expression}"`,
      )
    }
    const e = power === undefined ? 0 : exponent === undefined ? 1 : Number(exponent)
    const magnitude = digits === undefined ? 1n : BigInt(digits)
    if (coefficients.has(e))
      throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `polynomial "${expression}" repeats x**${e}`)
    coefficients.set(e, sign === '-' ? -magnitude : magnitude)
  }
  if (terms.map((m) => m[0]).join('') !== text) {
    throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `cannot read polynomial "${expression}"`)
  }
  const degree = Math.max(...coefficients.keys())
  if (degree < 1 || coefficients.get(degree) !== 1n) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `polynomial "${expression}" is not monic of degree ≥ 1`,
    )
  }
  return Array.from({ length: degree }, (_, i) => coefficients.get(degree - 1 - i) ?? 0n)
}

const parsers: Record<string, BlockParser> = {
  ConvolutionTask: (block, n) => ({
    seq2: intList(
      need(block, new RegExp(`Define seq2_${n} = (\\[.*?\\])\\.`), `"Define seq2_${n} = [...]."`)[1]!,
      `seq2_${n}`,
    ),
  }),
  PolyRemainderTask: (block, n) => ({
    seq2: monicTail(
      need(block, new RegExp(`Define poly_2_${n} = (.*?)\\.(?:\\n|$)`), `"Define poly_2_${n} = ...."`)[1]!,
    ),
  }),
  KroneckerProductTask: matrixOperand,
  MatrixMulTask: matrixOperand,
  MatrixPolynomialTask: (block) => ({ size: BigInt(size(block)[1]!) }),
  NTTTask: (block) => ({ p: BigInt(need(block, /let p = (\d+)\./, '"let p = <prime>." sentence')[1]!) }),
  InterpolateEvalTask: (block) => ({
    x: BigInt(need(block, /at x = (-?\d+) and/, '"at x = <point> and" phrase')[1]!),
  }),
}

function matrixOperand(block: string, n: number): Params {
  const m2 = need(
    block,
    new RegExp(`Define M2_${n} = Matrix\\((\\[\\[.*?\\]\\])\\)\\.`),
    `"Define M2_${n} = Matrix([[...]])."`,
  )
  const [, rows, cols] = size(block)
  return { M2: intMatrix(m2[1]!, `M2_${n}`), rows: BigInt(rows!), cols: BigInt(cols!) }
}

/** Whether the operator prints parameters that cannot be derived from its input. */
export const printsParams = (referenceName: string): boolean => referenceName in parsers

/**
 * The parameters a math block prints, by the reference task name; `{}` for operators whose
 * parameters follow from the input alone.
 * @example parseMathParams('NTTTask', '… and let p = 17. …', 1) // { p: 17n }
 */
export function parseMathParams(referenceName: string, block: string, n: number): Params {
  const parser = parsers[referenceName]
  return parser ? parser(block, n) : {}
}
