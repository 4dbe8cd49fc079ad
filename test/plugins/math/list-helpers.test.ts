import { describe, expect, it } from 'vitest'
import { doubledHullArea } from '../../../plugins/math/geometry.ts'
import { kronecker, matMul, norm1, rectDims, reshape, squareDim } from '../../../plugins/math/matrix.ts'
import { intListParam, intMatrixParam, sizeParam } from '../../../plugins/math/params.ts'
import { inversions, permutationOrder, stableArgsort } from '../../../plugins/math/permutation.ts'
import {
  coefficientList,
  divExact,
  divModMonic,
  formatPolynomial,
  interpolateAt,
  primitiveGcd,
  resultantWithCyclotomic3,
  squareFreeEval,
} from '../../../plugins/math/polynomial.ts'
import {
  convolve,
  fwht,
  ntt,
  nttModulus,
  primitiveRoot,
  subsetZeta,
} from '../../../plugins/math/transforms.ts'
import { big } from './list-fixtures.ts'

describe('matrix reshape rules', () => {
  it('rectDims follows the reference table from the raw length', () => {
    const table: [number, string][] = [
      [1, '1x1'],
      [2, '1x2'],
      [3, '1x3'],
      [4, '2x2'],
      [6, '2x3'],
      [8, '2x4'],
      [9, '3x3'],
      [15, '3x4'],
      [16, '4x4'],
      [271, '4x4'],
      [0, '1x1'],
    ]
    for (const [len, dims] of table) expect(rectDims(len).join('x'), `len ${len}`).toBe(dims)
  })

  it('squareDim is clamp(ceil(sqrt(len)), 1, 4)', () => {
    expect([1, 2, 4, 5, 9, 10, 100].map(squareDim)).toEqual([1, 2, 2, 3, 3, 4, 4])
  })

  it('reshape pads with zeros or cuts, row-major', () => {
    expect(reshape(big([1, 2, 3]), 2, 2)).toEqual([big([1, 2]), big([3, 0])])
    expect(reshape(big([1, 2, 3, 4, 5]), 1, 2)).toEqual([big([1, 2])])
  })

  it('kronecker places a[i][j]·b[k][l] at (i·r2 + k, j·c2 + l)', () => {
    const a = [big([1, 2]), big([3, 4])]
    const b = [big([0, 5]), big([6, 7])]
    const k = kronecker(a, b)
    for (let i = 0; i < 2; i++)
      for (let j = 0; j < 2; j++)
        for (let r = 0; r < 2; r++)
          for (let c = 0; c < 2; c++) expect(k[i * 2 + r]![j * 2 + c]).toBe(a[i]![j]! * b[r]![c]!)
    expect(matMul(a, b)).toEqual([big([12, 19]), big([24, 43])])
    expect(norm1([big([1, -5]), big([-3, 2])])).toBe(7n)
  })
})

describe('polynomials', () => {
  it('divide by monic divisors and exactly', () => {
    expect(divModMonic(big([1, 0, 0, 0]), big([1, 1, 1]))).toEqual({
      quotient: big([1, -1]),
      remainder: big([1]),
    })
    expect(divModMonic(big([0, 5]), big([1, 1, 1]))).toEqual({ quotient: [], remainder: big([5]) })
    expect(divExact(big([2, 4, 2]), big([2, 2]))).toEqual(big([1, 1]))
    expect(() => divExact(big([1, 0, 1]), big([1, 1]))).toThrow(
      expect.objectContaining({ code: 'ARBIGRAPH_BAD_VALUE' }),
    )
    expect(() => divModMonic(big([1, 2]), big([2, 1]))).toThrow(
      expect.objectContaining({ message: expect.stringContaining('monic') }),
    )
    expect(coefficientList([])).toEqual([0n])
  })

  it('gcd, square-free kernel and resultant', () => {
    expect(primitiveGcd(big([1, 0, -1]), big([2, -4, 2]))).toEqual(big([1, -1]))
    // P = 3(x − 1)²(x + 2): monic gcd(P, P′) = x − 1, S = 3(x − 1)(x + 2), S(2) = 12.
    expect(squareFreeEval(big([3, 0, -9, 6]), 2n)).toBe(12n)
    // P = (2x − 1)²: monic G = x − 1/2, S = 4x − 2 keeps the factor left by the monic gcd.
    expect(squareFreeEval(big([4, -4, 1]), 2n)).toBe(6n)
    // P = (x − 2)²: G(2) = 0, so S(2) must come from S itself, not P(2)/G(2) = 0/0.
    expect(squareFreeEval(big([1, -4, 4]), 2n)).toBe(0n)
    expect(resultantWithCyclotomic3(big([1, -1]))).toBe(3n) // (ω − 1)(ω̄ − 1) = 3
  })

  it('prints divisors the SymPy way', () => {
    expect(formatPolynomial(big([1, 4, 5, -2, -3, -5, 5, -3, 0, 5, -3]))).toBe(
      'x**10 + 4*x**9 + 5*x**8 - 2*x**7 - 3*x**6 - 5*x**5 + 5*x**4 - 3*x**3 + 5*x - 3',
    )
    expect(formatPolynomial(big([-1, 0, 1]))).toBe('-x**2 + 1')
    expect(formatPolynomial(big([1, -1]))).toBe('x - 1')
    expect(formatPolynomial([])).toBe('0')
  })

  it('interpolates exactly far beyond 2^53', () => {
    const ys = Array.from({ length: 10 }, (_, i) => BigInt(i) ** 9n)
    expect(interpolateAt(ys, -100n)).toBe(-(10n ** 18n))
  })
})

describe('transforms', () => {
  it('convolve keeps every term', () => {
    expect(convolve(big([1, 0, 0]), big([0, 0, 2]))).toEqual(big([0, 0, 2, 0, 0]))
  })

  it('fwht, subsetZeta and ntt on small cases', () => {
    expect(fwht(big([1, 0, 0, 0]))).toEqual(big([1, 1, 1, 1]))
    expect(subsetZeta(big([1, 1, 1, 1]))).toEqual(big([1, 2, 2, 4]))
    expect(() => fwht(big([1, 2, 3]))).toThrow(
      expect.objectContaining({ message: expect.stringContaining('power of two, got 3') }),
    )
  })

  it('picks the NTT modulus and root the reference does', () => {
    expect([2, 4, 8, 16].map(nttModulus)).toEqual(big([3, 5, 17, 17]))
    expect(primitiveRoot(17n)).toBe(3n)
    // Inverse check: with ω of order N, transforming a delta gives all ones.
    expect(ntt(big([1, 0, 0, 0, 0, 0, 0, 0]), 17n)).toEqual(big([1, 1, 1, 1, 1, 1, 1, 1]))
    expect(ntt(big([-1, 0]), 3n)).toEqual(big([2, 2]))
  })
})

describe('geometry and permutations', () => {
  it('doubled hull area ignores interior points', () => {
    expect(
      doubledHullArea([
        [0n, 0n],
        [1n, 1n],
        [2n, 0n],
        [1n, 5n],
      ]),
    ).toBe(10n)
  })

  it('argsort, inversions and order', () => {
    expect(stableArgsort(big([30, 10, 20, 10]))).toEqual([1, 3, 2, 0])
    expect(inversions([1, 3, 2, 0])).toBe(4n)
    expect(permutationOrder([1, 0, 3, 4, 2])).toBe(6n)
    expect(permutationOrder([])).toBe(1n)
  })
})

describe('parameter reads', () => {
  it('name the parameter and quote the bad value', () => {
    expect(() => sizeParam({ rows: 9n }, 'rows', 4)).toThrow(
      'math params.rows: expected an integer in [1, 4], got "9"',
    )
    expect(() => intMatrixParam({ M2: [] }, 'M2')).toThrow('got "[]"')
    expect(() => intMatrixParam({}, 'M2')).toThrow('got nothing')
    expect(() => intMatrixParam({ M2: [[1n, 2.5]] }, 'M2')).toThrow(
      'math params.M2: expected a rectangular matrix of integers, got "[[1, 2.5]]"',
    )
    expect(() => intMatrixParam({ M2: [1n, 2n] }, 'M2')).toThrow('expected a rectangular matrix of integers')
    expect(() => intListParam({ seq2: [1n, [2n]] }, 'seq2')).toThrow(
      'math params.seq2: expected a list of integers, got "[1, [2]]"',
    )
    expect(intMatrixParam({ M2: [[1n], [2n]] }, 'M2')).toEqual([[1n], [2n]])
  })
})
