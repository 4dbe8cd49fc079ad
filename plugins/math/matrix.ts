/**
 * Exact integer matrices as row arrays of bigint: products, powers, Kronecker products, traces and
 * norms, plus the reshape rules the matrix tasks use to turn a list into a matrix.
 *
 * Reference: reference spec §3.3 (reshape, rect_dims, square_dim).
 */
import type { Scalar } from '../../src/values.ts'
import { abs } from './number-theory.ts'

/**
 * A matrix as its rows.
 * @example const m: Matrix = [[1n, 2n], [3n, 4n]]
 */
export type Matrix<T = bigint> = T[][]

/** The largest side of a matrix built from a list input: ceil(sqrt(10)). */
const DIM_MAX = 4

/**
 * Cuts or zero-pads `list` to rows·cols elements and splits it row-major (top row first).
 * @example reshape([1n, 2n, 3n], 2, 2) // [[1n, 2n], [3n, 0n]]
 */
export function reshape<T extends Scalar>(
  list: readonly T[],
  rows: number,
  cols: number,
): Matrix<T | bigint> {
  const out: Matrix<T | bigint> = []
  for (let r = 0; r < rows; r++) {
    const row: (T | bigint)[] = []
    for (let c = 0; c < cols; c++) row.push(list[r * cols + c] ?? 0n)
    out.push(row)
  }
  return out
}

/**
 * Rows and columns for a rectangular reshape, from the RAW (uncut) list length:
 * rows = clamp(floor(sqrt(len)), 1, 4), cols = clamp(ceil(len / rows), 1, 4).
 * @example rectDims(10) // [3, 4]
 */
export function rectDims(length: number): [number, number] {
  const rows = Math.max(1, Math.min(DIM_MAX, Math.floor(Math.sqrt(length)) || 1))
  const cols = Math.max(1, Math.min(DIM_MAX, Math.ceil(length / rows)))
  return [rows, cols]
}

/**
 * Side of a square reshape, from the RAW list length: clamp(ceil(sqrt(len)), 1, 4).
 * @example squareDim(5) // 3
 */
export const squareDim = (length: number): number =>
  Math.max(1, Math.min(DIM_MAX, Math.ceil(Math.sqrt(length))))

/**
 * Exact matrix product (a is n×m, b is m×k).
 * @example matMul([[1n, 2n]], [[3n], [4n]]) // [[11n]]
 */
export function matMul(a: Matrix, b: Matrix): Matrix {
  const inner = b.length
  const cols = b[0]?.length ?? 0
  const out: Matrix = []
  for (let i = 0; i < a.length; i++) {
    const row = a[i]!
    const product: bigint[] = []
    for (let j = 0; j < cols; j++) {
      let sum = 0n
      for (let t = 0; t < inner; t++) sum += row[t]! * b[t]![j]!
      product.push(sum)
    }
    out.push(product)
  }
  return out
}

/**
 * Elementwise sum of equally sized matrices.
 * @example matAdd([[1n]], [[2n]]) // [[3n]]
 */
export function matAdd(a: Matrix, b: Matrix): Matrix {
  const out: Matrix = []
  for (let i = 0; i < a.length; i++) {
    const row = a[i]!
    const other = b[i]!
    const sum: bigint[] = []
    for (let j = 0; j < row.length; j++) sum.push(row[j]! + other[j]!)
    out.push(sum)
  }
  return out
}

/**
 * Kronecker product: entry (i·r2 + k, j·c2 + l) = a[i][j] · b[k][l].
 * @example kronecker([[1n, 2n]], [[1n], [-1n]]) // [[1n, 2n], [-1n, -2n]]
 */
export function kronecker(a: Matrix, b: Matrix): Matrix {
  const out: Matrix = []
  for (let i = 0; i < a.length; i++) {
    const aRow = a[i]!
    for (let k = 0; k < b.length; k++) {
      const bRow = b[k]!
      const row: bigint[] = []
      for (let j = 0; j < aRow.length; j++) {
        const x = aRow[j]!
        for (let l = 0; l < bRow.length; l++) row.push(x * bRow[l]!)
      }
      out.push(row)
    }
  }
  return out
}

/**
 * Sum of the diagonal of a square matrix (0 for the empty matrix).
 * @example trace([[1n, 2n], [3n, 4n]]) // 5n
 */
export function trace(m: Matrix): bigint {
  let sum = 0n
  for (let i = 0; i < m.length; i++) sum += m[i]![i]!
  return sum
}

/**
 * Sum of the squares of all entries (the squared Frobenius norm).
 * @example frobeniusSq([[1n, 2n], [3n, 4n]]) // 30n
 */
export function frobeniusSq(m: Matrix): bigint {
  let sum = 0n
  for (let i = 0; i < m.length; i++) {
    const row = m[i]!
    for (let j = 0; j < row.length; j++) sum += row[j]! * row[j]!
  }
  return sum
}

/**
 * Maximum over columns of the sum of absolute values (the matrix 1-norm); 0 for the empty matrix.
 * @example norm1([[1n, -2n], [3n, 4n]]) // 6n
 */
export function norm1(m: Matrix): bigint {
  let best = 0n
  const cols = m[0]?.length ?? 0
  for (let j = 0; j < cols; j++) {
    let sum = 0n
    for (let i = 0; i < m.length; i++) sum += abs(m[i]![j]!)
    if (sum > best) best = sum
  }
  return best
}
