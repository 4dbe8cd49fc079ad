import { describe, expect, it } from 'vitest'
import { mean, median } from '../../src/metrics/median.ts'

describe('mean and median', () => {
  it('median of an odd count is the middle value, of an even count the mean of the two middles', () => {
    expect(median([9, 1, 5])).toBe(5)
    expect(median([5, 1, 3, 100])).toBe(4)
  })

  it('do not reorder the input', () => {
    const values = [3, 1, 2]
    median(values)
    expect(values).toEqual([3, 1, 2])
  })

  it('are 0 for an empty list (no NaN in tables)', () => {
    expect(mean([])).toBe(0)
    expect(median([])).toBe(0)
  })

  it('mean sums then divides', () => {
    expect(mean([1, 2, 6])).toBe(3)
  })
})
