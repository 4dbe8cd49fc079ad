import { describe, expect, it } from 'vitest'
import { wilson95, Z_95 } from '../../src/metrics/wilson.ts'

describe('wilson95', () => {
  it('8/10 → [0.4902, 0.9433]', () => {
    const { estimate, lower, upper } = wilson95(8, 10)
    expect(estimate).toBe(0.8)
    expect(lower).toBeCloseTo(0.4902, 4)
    expect(upper).toBeCloseTo(0.9433, 4)
  })

  it('0/10 → [0, 0.2775] and 10/10 → [0.7225, 1], exactly at the edges', () => {
    expect(wilson95(0, 10).lower).toBe(0)
    expect(wilson95(0, 10).upper).toBeCloseTo(0.2775, 4)
    expect(wilson95(10, 10).lower).toBeCloseTo(0.7225, 4)
    expect(wilson95(10, 10).upper).toBe(1)
  })

  it('656/656 → [0.9942, 1] (the paper’s GSM baseline)', () => {
    expect(wilson95(656, 656).lower).toBeCloseTo(0.9942, 4)
  })

  it('is symmetric around 1/2', () => {
    const a = wilson95(3, 17)
    const b = wilson95(14, 17)
    expect(a.lower).toBeCloseTo(1 - b.upper, 12)
    expect(a.upper).toBeCloseTo(1 - b.lower, 12)
  })

  it('n = 0 gives the uninformative interval [0, 1]', () => {
    expect(wilson95(0, 0)).toEqual({ estimate: 0, lower: 0, upper: 1 })
  })

  it('uses z = 1.959963984540054', () => {
    expect(Z_95).toBe(1.959963984540054)
  })

  it('refuses impossible counts with a message naming them', () => {
    for (const [k, n] of [
      [11, 10],
      [-1, 10],
      [1.5, 10],
      [1, Number.NaN],
    ] as const) {
      expect(() => wilson95(k, n)).toThrow(
        expect.objectContaining({
          code: 'ARBIGRAPH_BAD_INPUT',
          message: expect.stringContaining(`got ${k}/${n}`),
        }),
      )
    }
  })
})
