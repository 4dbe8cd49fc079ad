/**
 * list → list math tasks on matrices: the list is reshaped to a matrix whose size comes from the
 * RAW input length, then combined with a random matrix (Kronecker product, matrix product) or
 * put into M³ + M² + M; the result is flattened row-major.
 *
 * Reference: reference spec §3.3 (rect_dims, square_dim), §4.1 (task_id 2, 3, 4) and §6.4
 * (M2 drawn row-major, randint(−100, 100) per entry; r×c for Kronecker, c×r for MatrixMul).
 */
import type { Params, TaskTemplate } from '../../../src/contracts/template.ts'
import { ArbigraphError } from '../../../src/errors.ts'
import type { Rng } from '../../../src/rng.ts'
import type { Scalar, Value } from '../../../src/values.ts'
import { pyRepr } from '../../../src/values.ts'
import { flattenText, reshapeText } from '../list-wording.ts'
import { kronecker, matAdd, matMul, rectDims, reshape, squareDim } from '../matrix.ts'
import { intMatrixParam, sizeParam } from '../params.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'

const rawLength = (input: Value): number => (Array.isArray(input) ? input.length : 1)

/** rows×cols draws from [−100, 100], row-major (the order the reference draws them in). */
function randomMatrix(rng: Rng, rows: number, cols: number): bigint[][] {
  const out: bigint[][] = []
  for (let r = 0; r < rows; r++) {
    const row: bigint[] = []
    for (let c = 0; c < cols; c++) row.push(BigInt(rng.int(-100, 100)))
    out.push(row)
  }
  return out
}

/** rows, cols and M2 for a product with a random matrix; `transpose` gives M2 the size c×r. */
function matrixParams(input: Value, rng: Rng, transpose: boolean): Params {
  const [rows, cols] = rectDims(rawLength(input))
  const M2 = transpose ? randomMatrix(rng, cols, rows) : randomMatrix(rng, rows, cols)
  return { M2, rows: BigInt(rows), cols: BigInt(cols) }
}

const matrixWords = (ctx: { n: number; arg: string; params: Params }) => [
  reshapeText(ctx.arg, `M1_${ctx.n}`, ctx.params.rows as bigint, ctx.params.cols as bigint),
  `Define M2_${ctx.n} = Matrix(${pyRepr(ctx.params.M2!)}).`,
]

/**
 * Kronecker product of the reshaped list (size from the raw length) with a random r×c matrix M2.
 * @example kroneckerProduct.solve([1n, 2n], { M2: [[1n, -1n]], rows: 1n, cols: 2n }, 'list') // [1n, -1n, 2n, -2n]
 */
export const kroneckerProduct: TaskTemplate = mathTask({
  id: 'KroneckerProduct',
  referenceName: 'KroneckerProductTask',
  summary: 'Kronecker product of the reshaped list with a random integer matrix, flattened.',
  output: 'list',
  input: listInput(),
  params: (_list, rng, input) => matrixParams(input, rng, false),
  solve: (list, params) => {
    const m1 = reshape(ints(list), sizeParam(params, 'rows'), sizeParam(params, 'cols'))
    return kronecker(m1, intMatrixParam(params, 'M2')).flat()
  },
  text: (ctx) =>
    [
      ...matrixWords(ctx),
      `Let K_${ctx.n} be the Kronecker product of M1_${ctx.n} and M2_${ctx.n} (each entry of M1_${ctx.n} replaced by that entry times the whole of M2_${ctx.n}).`,
      flattenText(`K_${ctx.n}`, ctx.out),
    ].join('\n'),
})

/** Adds a product term the way SymPy's mixed Integer/Float arithmetic does: exact until a float appears. */
const addTerm = (acc: Scalar, a: Scalar, b: Scalar): Scalar =>
  typeof acc === 'bigint' && typeof a === 'bigint' && typeof b === 'bigint'
    ? acc + a * b
    : Number(acc) + Number(a) * Number(b)

/** Float results that are whole numbers become ints, as the reference's output normalization does. */
const normalize = (x: Scalar): Scalar => (typeof x === 'number' && Number.isInteger(x) ? BigInt(x) : x)

/**
 * M1·M2 where M1 may hold floats: MatrixMul is the one list task that does not round its input
 * (reference spec §3.2), so a float input keeps its fraction.
 */
function mixedProduct(m1: Scalar[][], m2: bigint[][]): Scalar[] {
  const out: Scalar[] = []
  const cols = m2[0]!.length
  for (let i = 0; i < m1.length; i++) {
    const row = m1[i]!
    for (let j = 0; j < cols; j++) {
      let acc: Scalar = 0n
      for (let t = 0; t < row.length; t++) acc = addTerm(acc, row[t]!, m2[t]![j]!)
      out.push(normalize(acc))
    }
  }
  return out
}

/**
 * Product of the reshaped list (size from the raw length, no rounding) with a random c×r matrix M2.
 * @example matrixMul.solve([1n, 2n], { M2: [[3n], [4n]], rows: 1n, cols: 2n }, 'list') // [11n]
 */
export const matrixMul: TaskTemplate = mathTask({
  id: 'MatrixMul',
  referenceName: 'MatrixMulTask',
  summary: 'Product of the reshaped list with a random integer matrix, flattened.',
  output: 'list',
  input: listInput({ round: false }),
  params: (_list, rng, input) => matrixParams(input, rng, true),
  solve: (list, params) => {
    const m1 = reshape(list, sizeParam(params, 'rows'), sizeParam(params, 'cols'))
    const m2 = intMatrixParam(params, 'M2')
    if (m2.length !== m1[0]!.length) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_VALUE',
        `math params.M2: expected ${m1[0]!.length} rows to match M1's columns, got ${m2.length}`,
      )
    }
    return mixedProduct(m1, m2)
  },
  text: (ctx) =>
    [
      ...matrixWords(ctx),
      `Let R_${ctx.n} be the matrix product M1_${ctx.n} * M2_${ctx.n}.`,
      flattenText(`R_${ctx.n}`, ctx.out),
    ].join('\n'),
})

/**
 * M³ + M² + M for the list reshaped to a d×d matrix (d from the raw length).
 * @example matrixPolynomial.solve([2n], { size: 1n }, 'list') // [14n]
 */
export const matrixPolynomial: TaskTemplate = mathTask({
  id: 'MatrixPolynomial',
  referenceName: 'MatrixPolynomialTask',
  summary: 'M³ + M² + M for the list reshaped to a square matrix, flattened.',
  output: 'list',
  input: listInput(),
  params: (_list, _rng, input) => ({ size: BigInt(squareDim(rawLength(input))) }),
  solve: (list, params) => {
    const d = sizeParam(params, 'size')
    const m = reshape(ints(list), d, d)
    const m2 = matMul(m, m)
    return matAdd(matAdd(matMul(m2, m), m2), m).flat()
  },
  text: ({ n, arg, out, params }) =>
    [
      reshapeText(arg, `M_${n}`, params.size as bigint, params.size as bigint),
      `Let R_${n} = M_${n}**3 + M_${n}**2 + M_${n}, where ** is the matrix power.`,
      flattenText(`R_${n}`, out),
    ].join('\n'),
})
