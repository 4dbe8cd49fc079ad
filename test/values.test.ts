import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ArbigraphError } from '../src/errors.ts'
import { parsePyLiteral, parseValue, pyFloatRepr, pyRepr, valuesEqual } from '../src/values.ts'

describe('pyFloatRepr', () => {
  // Expected strings are Python 3.11's repr() of the same floats.
  it.each([
    [3, '3.0'],
    [0.1, '0.1'],
    [-2.5, '-2.5'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1 / 3, '0.3333333333333333'],
    [123456789.125, '123456789.125'],
    [1.5e300, '1.5e+300'],
    [-0, '-0.0'],
    [Number.POSITIVE_INFINITY, 'inf'],
  ])('%s → %s', (x, text) => {
    expect(pyFloatRepr(x)).toBe(text)
  })

  it('round-trips through Number()', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Object.is(Number(pyFloatRepr(x)), x)).toBe(true)
      }),
      { seed: 1 },
    )
  })
})

describe('parsePyLiteral', () => {
  it('keeps integers beyond 2^53 exact', () => {
    expect(parsePyLiteral('123456789012345678901234567890')).toBe(123456789012345678901234567890n)
  })

  it('distinguishes 3 from 3.0 and reads nested lists and tuples', () => {
    expect(parsePyLiteral('[3, 3.0, (1, -2), []]')).toEqual([3n, 3, [1n, -2n], []])
  })

  it('round-trips pyRepr of random nested values', () => {
    const scalar = fc.oneof(fc.bigInt(), fc.double({ noNaN: true, noDefaultInfinity: true }))
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 4 })),
    }))
    fc.assert(
      fc.property(value, (v) => {
        const back = parsePyLiteral(pyRepr(v as never))
        expect(pyRepr(back)).toBe(pyRepr(v as never))
      }),
      { seed: 1 },
    )
  })

  it.each([
    ['[1, 2', 'expected "," or "]"'],
    ['1 2', 'unexpected trailing text'],
    ['abc', 'expected a number'],
    [
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      'nesting deeper',
    ],
  ])('rejects %s with a positioned message', (text, fragment) => {
    try {
      parsePyLiteral(text)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ArbigraphError)
      expect((error as ArbigraphError).code).toBe('ARBIGRAPH_BAD_LITERAL')
      expect((error as Error).message).toContain(fragment)
    }
  })

  it('parseValue rejects nested lists', () => {
    expect(() => parseValue('[[1]]')).toThrow(/flat list/)
  })
})

describe('valuesEqual', () => {
  it('follows Python equality between ints and floats without rounding ints', () => {
    expect(valuesEqual(2n, 2)).toBe(true)
    expect(valuesEqual(9007199254740993n, 9007199254740992)).toBe(false)
    expect(valuesEqual([1n, 2n], [1n, 2n, 3n])).toBe(false)
    expect(valuesEqual([1n, [2n]], [1n, [2n]])).toBe(true)
  })
})
