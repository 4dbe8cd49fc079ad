import { describe, expect, it } from 'vitest'
import { listToScalar } from '../../../plugins/math/list-to-scalar.ts'
import { pyRepr } from '../../../src/values.ts'
import { big, render, solve, template } from './list-fixtures.ts'

/** Reference spec §12 rows 10–19: raw input, parameters and output. */
const VECTORS: { id: string; input: number[]; params?: Record<string, bigint>; output: bigint }[] = [
  { id: 'ConvexHullArea', input: [98, -52, 64, -77, -47, 33, 64, 5, 85, -20], output: 2323n },
  {
    id: 'InterpolateEval',
    input: [77, 68, -6, 51, 9, -10, -60, -81, -53, 55],
    params: { x: 6n },
    output: -60n,
  },
  { id: 'MatrixFrobeniusSq', input: [16, 99, -55, 27, 100, 1, 89, 66, 21, -13], output: 26530n },
  { id: 'MatrixNorm1', input: [47, 66, 66, 7, 41, -49, 47, 51, -27, -89], output: 158n },
  { id: 'MatrixTraceCube', input: [-93, 31, -22, 65, -1, 43, -21, -46, 51, -41], output: -1481488n },
  { id: 'PairwiseGcdSum', input: [61, 100, -78, -55, 37, -56, 72, -53, -61, 82], output: 667n },
  { id: 'PermutationInversions', input: [32, -25, -98, 60, 72, -65, -51, 65, 22, 9], output: 21n },
  { id: 'PermutationOrder', input: [-80, 81, 92, -60, 35, -86, -41, -19, 14, 88], output: 10n },
  { id: 'PolyResultantFixed', input: [-50, 86, -88, 41, 55, -62, 48, -82, -91, -7], output: 82629n },
  { id: 'PolySquareFreeEval', input: [53, -63, 96, -6, 42, -100, 89, -41, -11, -53], output: 24729n },
]

describe('list → scalar math tasks', () => {
  it('are the ten reference operators in canonical (task_id) order', () => {
    expect(listToScalar.map((t) => t.id)).toEqual(VECTORS.map((v) => v.id))
    expect(listToScalar.map((t) => t.referenceName)).toEqual(VECTORS.map((v) => `${v.id}Task`))
    for (const t of listToScalar)
      expect([t.family, t.inputKinds, t.outputKind]).toEqual(['math', ['list'], 'scalar'])
  })

  it.each(VECTORS)('$id reproduces the reference test vector', ({ id, input, params, output }) => {
    expect(solve(id, big(input), params ?? {})).toBe(output)
  })

  it.each(VECTORS.map((v) => v.id))('%s prints every parameter and names the answer last', (id) => {
    const { params, text } = render(id, big([5, -3, 8, 1, 0, 7, -9]))
    for (const value of Object.values(params)) expect(text).toContain(pyRepr(value))
    expect(text).toMatch(/^Let (list|points)_3 be task_2_out/)
    expect(text.trimEnd().endsWith('task_3_out.')).toBe(true)
  })

  it('InterpolateEval draws its point in [-100, 99] and prints it where the reference does', () => {
    const xs = Array.from(
      { length: 200 },
      (_, i) => render('InterpolateEval', big([1, 2, 4]), `s${i}`).params.x as bigint,
    )
    expect(xs.every((x) => x >= -100n && x <= 99n)).toBe(true)
    expect(new Set(xs).size).toBeGreaterThan(50)
    const { params, text } = render('InterpolateEval', big([1, 2, 4]))
    expect(text).toContain(`at x = ${params.x} and`)
    expect(text).toContain('(0, points_3[0]), (1, points_3[1]), (2, points_3[2])')
  })

  it('InterpolateEval evaluates the interpolant outside the sample points, negative ones included', () => {
    // Through (0, 0), (1, 1), (2, 12): f(x) = 5x² − 4x.
    expect(solve('InterpolateEval', big([0, 1, 12]), { x: 10n })).toBe(460n)
    expect(solve('InterpolateEval', big([0, 1, 12]), { x: -3n })).toBe(57n)
    expect(solve('InterpolateEval', big([42]), { x: -100n })).toBe(42n)
  })

  it('matrix tasks read a k×k matrix with k = isqrt(length of the cut list)', () => {
    expect(render('MatrixNorm1', big([1, 2, 3])).text).toContain('of size 1x1')
    expect(solve('MatrixFrobeniusSq', big([3, 4, 5]))).toBe(9n)
    expect(solve('MatrixNorm1', big([1, -2, 3, 4, 9]))).toBe(6n)
    expect(solve('MatrixTraceCube', big([1, 1, 0, 1]))).toBe(2n)
  })

  it('handles degenerate polynomials and hulls as the reference does', () => {
    expect(solve('PolySquareFreeEval', big([0, 0]))).toBe(0n)
    expect(solve('PolySquareFreeEval', big([0, -7]))).toBe(-7n)
    expect(solve('PolySquareFreeEval', big([2, -4, 2]))).toBe(2n) // 2(x−1)² → S = 2(x − 1)
    expect(solve('PolyResultantFixed', big([0, 5]))).toBe(25n)
    expect(solve('PolyResultantFixed', big([0, 0, 0]))).toBe(0n)
    expect(solve('ConvexHullArea', big([1, 3, 5, 7]))).toBe(0n)
    expect(solve('ConvexHullArea', big([1, 3]))).toBe(0n)
  })

  it('PairwiseGcdSum drops signs before taking gcds', () => {
    expect(solve('PairwiseGcdSum', big([-4, 6, 0]))).toBe(2n + 4n + 6n)
    expect(render('PairwiseGcdSum', big([1])).text).not.toContain('keeping its original sign')
  })

  it('permutation tasks break value ties by index', () => {
    expect(solve('PermutationInversions', big([5, 5, 5]))).toBe(0n)
    expect(solve('PermutationOrder', big([5, 5, 5]))).toBe(1n)
    expect(solve('PermutationInversions', big([3, 2, 1]))).toBe(3n)
    expect(solve('PermutationOrder', big([2, 3, 1]))).toBe(3n)
  })

  it('rejects an evaluation point that is not an integer', () => {
    expect(() => template('InterpolateEval').solve(big([1]), { x: 1.5 }, 'list')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_VALUE',
        message: expect.stringContaining('params.x: expected an integer, got "1.5"'),
      }),
    )
  })
})
