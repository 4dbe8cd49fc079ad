import { describe, expect, test } from 'vitest'
import { baselineReason, rejectionReason, unusable, unusableReason } from '../../src/generate/filters.ts'
import { createRng } from '../../src/rng.ts'
import type { Scalar } from '../../src/values.ts'

describe('shared filter (unusable)', () => {
  test.each([
    [0n, 'the value is 0'],
    [1n, 'the value is 1'],
    [-1n, 'the value is -1'],
    [1, 'the value is 1'],
    [10_000_000_000n, '|v| ≥ 1e10'],
    [-10_000_000_000n, '|v| ≥ 1e10'],
    [Number.NaN, 'not finite'],
    [Number.POSITIVE_INFINITY, 'not finite'],
  ])('rejects the scalar %s', (value, reason) => {
    expect(unusableReason(value)).toContain(reason)
    expect(unusable(value)).toBe(true)
  })

  test('accepts ordinary scalars, including 9_999_999_999', () => {
    for (const v of [2n, -2n, 45n, 9_999_999_999n, 2.5]) expect(unusable(v)).toBe(false)
  })

  test('rejects short lists, majority elements and counting runs', () => {
    expect(unusableReason([])).toContain('0 elements')
    expect(unusableReason([5n])).toContain('1 element')
    expect(unusableReason([3n, 3n, 4n])).toContain('fills 2 of 3')
    // Python: 1 == 1.0, so a mixed list still has a majority.
    expect(unusableReason([1n, 1.0, 7n])).toContain('fills 2 of 3')
    expect(unusableReason([0n, 1n, 2n, 3n])).toContain('0, 1')
    expect(unusableReason([1n, 2n, 3n])).toContain('1, 2')
    expect(unusableReason([1.0, 2n, 3n])).toContain('1, 2')
  })

  test('a half-and-half list is kept (count must exceed len/2) and element sizes are not checked', () => {
    expect(unusable([3n, 3n, 4n, 5n])).toBe(false)
    expect(unusable([10n ** 20n, 2n, 3n])).toBe(false)
  })
})

describe('baseline filter', () => {
  test('rejects an output equal to the raw input', () => {
    expect(baselineReason([5n, 7n, 9n], [5n, 7n, 9n])).toBe('the output equals the raw input')
    expect(baselineReason(42n, 42n)).toBe('the output equals the raw input')
  })

  test('checks element sizes recursively', () => {
    expect(baselineReason([2n, 10_000_000_000n], [1n])).toContain('1e10')
    expect(baselineReason([2n, -3n], [1n])).toBeUndefined()
  })

  test('shares the list-shape and trivial-scalar rules', () => {
    expect(baselineReason([4n, 4n, 4n], 3n)).toContain('fills 3 of 3')
    expect(baselineReason(-1n, 3n)).toContain('-1')
    expect(baselineReason([7n], 3n)).toContain('1 element')
  })

  test('rejectionReason selects the filter by name', () => {
    expect(rejectionReason('shared', [5n, 7n], [5n, 7n])).toBeUndefined()
    expect(rejectionReason('baseline', [5n, 7n], [5n, 7n])).toBe('the output equals the raw input')
    expect(rejectionReason('shared', [2n, 10n ** 11n], 3n)).toBeUndefined()
    expect(rejectionReason('baseline', [2n, 10n ** 11n], 3n)).toContain('1e10')
  })
})

describe('majority element, short and long lists alike', () => {
  test('the count of the most frequent element decides, with 1 and 1.0 (and NaNs) counted together', () => {
    const rng = createRng('filters/majority')
    for (let trial = 0; trial < 400; trial++) {
      const length = 2 + rng.below(60)
      const pool: Scalar[] = [1n, 2n, 1, 2.5, Number.NaN, -0, 0n, 7n]
      const list = Array.from({ length }, () => pool[rng.below(trial % 2 === 0 ? 3 : pool.length)]!)
      const counts = new Map<string, number>()
      for (const x of list) {
        const key = typeof x === 'number' && Number.isInteger(x) ? String(BigInt(x)) : String(x)
        counts.set(key, (counts.get(key) ?? 0) + 1)
      }
      const top = Math.max(...counts.values())
      const reason = unusableReason(list)
      if (top > length / 2) expect(reason).toBe(`one element fills ${top} of ${length} positions`)
      else expect(reason ?? '').not.toContain('one element fills')
    }
  })
})
