import { describe, expect, it } from 'vitest'
import { listToList } from '../../../plugins/math/list-to-list.ts'
import { createRng } from '../../../src/rng.ts'
import type { Value } from '../../../src/values.ts'
import { pyRepr } from '../../../src/values.ts'
import { big, render, solve, template } from './list-fixtures.ts'

/** Reference spec §12 rows 0–9: raw input, parameters, output prefix and output length. */
const VECTORS: {
  id: string
  input: number[]
  params?: Record<string, unknown>
  prefix: number[]
  length: number
}[] = [
  {
    id: 'Convolution',
    input: [18, -1, -87, -12, -62, -5, 18, -25, -51, 12],
    params: { seq2: big([-5, 1, 3, 1, 5, -3, 3, 2, -2, 3]) },
    prefix: [-90, 23, 488, -12, 126, -219, -671, 300, -294, -161, -100, -570],
    length: 19,
  },
  {
    id: 'FWHT',
    input: [39, 12, 10, 87, -72, 52, 65, 87, 10, -67],
    prefix: [223, -119, -275, 79, -41, 173, 69, 283, 337, -273, -161, -75],
    length: 16,
  },
  {
    id: 'KroneckerProduct',
    input: [48, -59, -12, 79, -86, -55, -74, 58, -77, -97],
    params: {
      M2: [big([-25, 1, -45, 88]), big([-89, 98, -86, -46]), big([45, -74, 99, 63])],
      rows: 3n,
      cols: 4n,
    },
    prefix: [-1200, 48, -2160, 4224, 1475, -59, 2655, -5192, 300, -12, 540, -1056],
    length: 144,
  },
  {
    id: 'MatrixMul',
    input: [41, 55, -95, -42, 34, -73, 65, 27, 52, 48],
    params: {
      M2: [big([8, -53, -88]), big([-86, -46, 8]), big([-27, 25, 79]), big([50, 6, -87])],
      rows: 3n,
      cols: 4n,
    },
    prefix: [-3937, -7330, -7019, 6145, 3343, -790, -3712, -4964, -4192],
    length: 9,
  },
  {
    id: 'MatrixPolynomial',
    input: [4, 7, -33, 79, 73, -76, 96, -39, -42, 98],
    params: { size: 4n },
    prefix: [
      -285985, 346668, -421470, 297031, 1506978, -2193307, 1803615, -1337165, -983626, 1687462, -962976,
      846692,
    ],
    length: 16,
  },
  {
    id: 'NTT',
    input: [-31, -45, -27, -62, 26, -84, -3, -13, 64, -72],
    params: { p: 17n },
    prefix: [8, 9, 6, 8, 15, 8, 12, 8, 16, 3, 13, 13],
    length: 16,
  },
  {
    id: 'PolyQuotient',
    input: [74, 17, 91, -54, 74, -71, 80, 14, -67, -11],
    prefix: [74, -57, 74, -71, 71, -71, 80, 5],
    length: 8,
  },
  {
    id: 'PolyRemainder',
    input: [-93, -5, -100, -68, -35, -3, -16, 52, -65, -97],
    params: { seq2: big([4, 5, -2, -3, -5, 5, -3, 0, 5, -3]) },
    prefix: [-93, -5, 0, -68, -35, -3, -16, 52, -65, -97],
    length: 10,
  },
  {
    id: 'SortByDivisorCount',
    input: [-77, -7, 65, 99, -84, -38, -58, 22, -65, -22],
    prefix: [-7, -77, 65, -38, -58, 22, -65, -22, 99, -84],
    length: 10,
  },
  {
    id: 'SubsetZetaTransform',
    input: [-95, -77, 57, -68, -18, -9, 17, -3, 26, -4],
    prefix: [-95, -172, -38, -183, -113, -199, -39, -196, -69, -150, -12, -161],
    length: 16,
  },
]

describe('list → list math tasks', () => {
  it('are the ten reference operators in canonical (task_id) order', () => {
    expect(listToList.map((t) => t.id)).toEqual(VECTORS.map((v) => v.id))
    expect(listToList.map((t) => t.referenceName)).toEqual(VECTORS.map((v) => `${v.id}Task`))
    for (const t of listToList)
      expect([t.family, t.inputKinds, t.outputKind]).toEqual(['math', ['list'], 'list'])
  })

  it.each(VECTORS)('$id reproduces the reference test vector', ({ id, input, params, prefix, length }) => {
    const out = solve(id, big(input), (params ?? {}) as never) as bigint[]
    expect(out).toHaveLength(length)
    expect(out.slice(0, prefix.length)).toEqual(big(prefix))
  })

  it.each(VECTORS)(
    '$id derives the same sizes and parameter shapes as the reference',
    ({ id, input, params }) => {
      const drawn = template(id).params(big(input), createRng(1).split(id), 'list')
      expect(Object.keys(drawn).sort()).toEqual(Object.keys(params ?? {}).sort())
      for (const key of ['rows', 'cols', 'size', 'p'])
        if (params && key in params) expect(drawn[key]).toBe(params[key])
      const shape = (v: unknown): unknown => (Array.isArray(v) ? v.map(shape) : 0)
      for (const key of ['M2', 'seq2'])
        if (params && key in params) expect(shape(drawn[key])).toEqual(shape(params[key]))
    },
  )

  it.each(VECTORS.map((v) => v.id))('%s prints every parameter and names the answer last', (id) => {
    const { params, text } = render(id, big([5, -3, 8, 1, 0, 7, -9]))
    for (const value of Object.values(params)) expect(text).toContain(pyRepr(value))
    expect(text.startsWith('Let list_3 be task_2_out')).toBe(true)
    expect(text.trimEnd().endsWith('task_3_out.')).toBe(true)
  })

  it('draws seq2 in [-5, 5] and M2 in [-100, 100], one value per element, reproducibly', () => {
    const input = big(Array.from({ length: 10 }, (_, i) => 10 * i - 45))
    const a = render('Convolution', input, 's').params.seq2 as bigint[]
    expect(render('Convolution', input, 's').params.seq2).toEqual(a)
    expect(a.every((x) => x >= -5n && x <= 5n)).toBe(true)
    const m2 = render('MatrixMul', input, 's').params.M2 as bigint[][]
    expect([m2.length, m2[0]!.length]).toEqual([4, 3]) // c×r for a 3x4 M1
    expect(m2.flat().every((x) => x >= -100n && x <= 100n)).toBe(true)
  })

  it('sizes matrices from the RAW input length, not the cut one', () => {
    const long = big(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(render('KroneckerProduct', long).params).toMatchObject({ rows: 4n, cols: 4n })
    expect(render('MatrixPolynomial', big([1, 2, 3, 4, 5])).params).toEqual({ size: 3n })
    expect(render('KroneckerProduct', long).text).toContain('of size 4x4')
  })

  it('MatrixMul keeps the fraction of a float input and turns whole results into ints', () => {
    const out = solve('MatrixMul', [1.5, 2n] as Value, { M2: [[2n], [3n]], rows: 1n, cols: 2n })
    expect(out).toEqual([9n])
    expect(solve('MatrixMul', [1.25, 0n] as Value, { M2: [[1n], [1n]], rows: 1n, cols: 2n })).toEqual([1.25])
  })

  it('PolyRemainder prints its divisor as a SymPy expression', () => {
    const text = template('PolyRemainder').text({
      n: 2,
      source: 'task_1_input',
      out: 'task_2_out',
      input: big([1, 2, 3, 4]),
      inputKind: 'list',
      params: { seq2: big([-1, 0, 5, -3]) },
    })
    expect(text).toContain('Define poly_2_2 = x**4 - x**3 + 5*x - 3.')
  })

  it('NTT solves from the printed modulus and rejects one that cannot carry the transform', () => {
    expect(solve('NTT', big([1, 2, 3, 4]), { p: 13n })).toHaveLength(4)
    expect(() => solve('NTT', big([1, 2, 3, 4]), { p: 7n })).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_VALUE',
        message: expect.stringContaining('modulus "7"'),
      }),
    )
  })

  it('rejects missing or malformed parameters, naming them', () => {
    expect(() => solve('Convolution', big([1, 2]), {})).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_VALUE',
        message: expect.stringContaining('params.seq2'),
      }),
    )
    expect(() =>
      solve('KroneckerProduct', big([1, 2]), { M2: [[1n, 2n], [3n]], rows: 1n, cols: 2n }),
    ).toThrow(
      expect.objectContaining({ code: 'ARBIGRAPH_BAD_VALUE', message: expect.stringContaining('params.M2') }),
    )
    expect(() => solve('MatrixMul', big([1, 2]), { M2: [[1n]], rows: 1n, cols: 2n })).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_VALUE',
        message: expect.stringContaining('expected 2 rows'),
      }),
    )
    expect(() => solve('MatrixPolynomial', big([1, 2]), { size: 0n })).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_VALUE',
        message: expect.stringContaining('params.size'),
      }),
    )
  })

  it('rejects a scalar input', () => {
    expect(() => solve('FWHT', 5n)).toThrow(expect.objectContaining({ code: 'ARBIGRAPH_KIND_MISMATCH' }))
  })
})
