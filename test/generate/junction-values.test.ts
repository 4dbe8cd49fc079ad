import { describe, expect, test } from 'vitest'
import { packValue, pickValue } from '../../src/generate/junction-values.ts'

describe('junction values', () => {
  test('pack of two scalars follows m·v_b + (m−1), b looping inside m', () => {
    // [a, b, 2a+1, 2b+1, 3a+2, 3b+2, 4a+3, 4b+3, 5a+4, 5b+4]
    expect(packValue([2n, 5n])).toEqual([2n, 5n, 5n, 11n, 8n, 17n, 11n, 23n, 14n, 29n])
  })

  test('pack of three scalars stops at 10 elements mid-round', () => {
    expect(packValue([1n, -2n, 10n])).toEqual([1n, -2n, 10n, 3n, -3n, 21n, 5n, -4n, 32n, 7n])
  })

  test('pack stays exact beyond 2^53', () => {
    const big = 2n ** 60n + 1n
    expect(packValue([big])[9]).toBe(10n * big + 9n)
  })

  test('pick takes the indexed element and explains an out-of-range index', () => {
    expect(pickValue([4n, 7n, 9n], 2)).toEqual({ value: 9n })
    expect(pickValue([4n, 7n], 2)).toEqual({ reason: 'index 2 is out of range for a list of 2 elements' })
    expect(pickValue(5n, 0)).toEqual({ reason: 'a pick needs a list, got a scalar' })
  })
})
