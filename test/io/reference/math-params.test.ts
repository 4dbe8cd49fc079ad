import { describe, expect, it } from 'vitest'
import { monicTail, parseMathParams, printsParams } from '../../../src/io/reference/math-params.ts'

describe('monicTail', () => {
  it('reads the printed divisor back into L coefficients, zeros included', () => {
    const printed = 'x**10 + 4*x**9 + 5*x**8 - 2*x**7 - 3*x**6 - 5*x**5 + 5*x**4 - 3*x**3 + 5*x - 3'
    expect(monicTail(printed)).toEqual([4n, 5n, -2n, -3n, -5n, 5n, -3n, 0n, 5n, -3n])
  })

  it('handles unit coefficients, a missing constant and degree 1', () => {
    expect(monicTail('x**3 - x**2 + 2*x')).toEqual([-1n, 2n, 0n])
    expect(monicTail('x - 7')).toEqual([-7n])
    expect(monicTail('x**2')).toEqual([0n, 0n])
  })

  it('rejects a polynomial that is not monic or not a polynomial', () => {
    expect(() => monicTail('2*x**2 + 1')).toThrow(/not monic/)
    expect(() => monicTail('x**2 + y')).toThrow(/cannot read polynomial/)
    expect(() => monicTail('5')).toThrow(/not monic of degree ≥ 1/)
  })
})

describe('parseMathParams', () => {
  it('reads seq2, M2 with the M1 size, p, the evaluation point and the matrix size', () => {
    expect(parseMathParams('ConvolutionTask', 'Define seq2_4 = [4, -1, -5].\nCompute…', 4)).toEqual({
      seq2: [4n, -1n, -5n],
    })
    const kron =
      'Reshape list list_2 into matrix M1_2 of size 3x4 using …\nDefine M2_2 = Matrix([[1, -2], [3, 4]]).\n'
    expect(parseMathParams('KroneckerProductTask', kron, 2)).toEqual({
      M2: [
        [1n, -2n],
        [3n, 4n],
      ],
      rows: 3n,
      cols: 4n,
    })
    expect(parseMathParams('NTTTask', 'Let list_1 = [a_0, …], and let p = 17.\n', 1)).toEqual({ p: 17n })
    expect(
      parseMathParams('InterpolateEvalTask', 'Evaluate that polynomial at x = -8 and call …', 1),
    ).toEqual({ x: -8n })
    expect(parseMathParams('MatrixPolynomialTask', 'into matrix matrix_1_1 of size 4x4 using', 1)).toEqual({
      size: 4n,
    })
    expect(parseMathParams('PolyRemainderTask', 'Define poly_2_3 = x**2 + 1.\nCompute', 3)).toEqual({
      seq2: [0n, 1n],
    })
  })

  it('names what is missing from the block', () => {
    expect(() => parseMathParams('ConvolutionTask', 'Define seq2_1 = [1].', 2)).toThrow(
      /no "Define seq2_2 = \[\.\.\.\]\."/,
    )
    expect(() => parseMathParams('MatrixMulTask', 'Define M2_1 = Matrix([[1]]).', 1)).toThrow(
      /no "of size RxC" sentence/,
    )
  })

  it('derives nothing for operators that print no parameters', () => {
    expect(printsParams('DivisorSumTask')).toBe(false)
    expect(parseMathParams('DivisorSumTask', 'anything', 1)).toEqual({})
  })
})
