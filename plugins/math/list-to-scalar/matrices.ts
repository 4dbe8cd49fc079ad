/**
 * list → scalar math tasks on a square matrix read from the list: k = floor(sqrt(len)) of the
 * PREPROCESSED list, and the first k² elements fill a k×k matrix row-major. Outputs: squared
 * Frobenius norm, 1-norm (maximum absolute column sum) and trace of the cube.
 *
 * Reference: reference spec §3.3 ("seq" matrix tasks) and §4.2 (task_id 12, 13, 14).
 */
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import type { Scalar } from '../../../src/values.ts'
import { reshapeText } from '../list-wording.ts'
import type { Matrix } from '../matrix.ts'
import { frobeniusSq, matMul, norm1, reshape, trace } from '../matrix.ts'
import { isqrt } from '../number-theory.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'

const side = (list: readonly Scalar[]): number => Number(isqrt(BigInt(list.length)))

const squareOf = (list: readonly Scalar[]): Matrix => reshape(ints(list), side(list), side(list))

/** Defines `mat_{n}` as the k×k matrix, stating the rule for k and its value here. */
function squareWords(n: number, arg: string, list: readonly Scalar[]): string {
  const k = side(list)
  return (
    `Let k_${n} = floor(sqrt(len(${arg}))), the largest integer whose square is at most the length of ${arg} (here k_${n} = ${k}). ` +
    reshapeText(arg, `mat_${n}`, k, k)
  )
}

/**
 * Squared Frobenius norm of the k×k matrix, k = isqrt(len).
 * @example matrixFrobeniusSq.solve([1n, 2n, 3n, 4n], {}, 'list') // 30n
 */
export const matrixFrobeniusSq: TaskTemplate = mathTask({
  id: 'MatrixFrobeniusSq',
  referenceName: 'MatrixFrobeniusSqTask',
  summary: 'Squared Frobenius norm of the list read as a square matrix.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => frobeniusSq(squareOf(list)),
  text: ({ n, arg, out, adapted }) =>
    [
      squareWords(n, arg, adapted),
      `Call the squared Frobenius norm of mat_${n}, that is the sum of the squares of all its entries, ${out}.`,
    ].join('\n'),
})

/**
 * Maximum absolute column sum of the k×k matrix, k = isqrt(len).
 * @example matrixNorm1.solve([1n, -2n, 3n, 4n], {}, 'list') // 6n
 */
export const matrixNorm1: TaskTemplate = mathTask({
  id: 'MatrixNorm1',
  referenceName: 'MatrixNorm1Task',
  summary: '1-norm (maximum absolute column sum) of the list read as a square matrix.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => norm1(squareOf(list)),
  text: ({ n, arg, out, adapted }) =>
    [
      squareWords(n, arg, adapted),
      `For each column of mat_${n} add up the absolute values of its entries; call the largest of these column sums (the 1-norm of mat_${n}) ${out}.`,
    ].join('\n'),
})

/**
 * Trace of the cube of the k×k matrix, k = isqrt(len).
 * @example matrixTraceCube.solve([1n, 1n, 0n, 1n], {}, 'list') // 2n
 */
export const matrixTraceCube: TaskTemplate = mathTask({
  id: 'MatrixTraceCube',
  referenceName: 'MatrixTraceCubeTask',
  summary: 'Trace of the cube of the list read as a square matrix.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => {
    const m = squareOf(list)
    return trace(matMul(matMul(m, m), m))
  },
  text: ({ n, arg, out, adapted }) =>
    [
      squareWords(n, arg, adapted),
      `Compute the matrix power mat_${n}**3 and call its trace (the sum of its diagonal entries) ${out}.`,
    ].join('\n'),
})
