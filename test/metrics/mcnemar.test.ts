import { describe, expect, it } from 'vitest'
import { binomialHalfCdf, mcnemarExact } from '../../src/metrics/mcnemar.ts'

describe('mcnemarExact', () => {
  it('gives p = 2 / 2^n when every discordant pair goes one way', () => {
    expect(mcnemarExact(10, 0).p).toBeCloseTo(2 / 1024, 15)
    expect(mcnemarExact(0, 10).p).toBeCloseTo(2 / 1024, 15)
  })

  it('matches hand-computed binomial tails', () => {
    // b=2, c=8: 2 · P(X ≤ 2 | n=10) = 2 · (1 + 10 + 45) / 1024
    expect(mcnemarExact(2, 8).p).toBeCloseTo((2 * 56) / 1024, 14)
    // b=1, c=5: 2 · (1 + 6) / 64
    expect(mcnemarExact(1, 5).p).toBeCloseTo(14 / 64, 14)
  })

  it('caps the two-sided p-value at 1 and calls no discordant pairs no evidence', () => {
    expect(mcnemarExact(5, 5).p).toBe(1)
    expect(mcnemarExact(0, 0)).toEqual({ b: 0, c: 0, p: 1 })
    expect(mcnemarExact(3, 4).p).toBe(1)
  })

  it('stays finite and exact in log space where 2^-n underflows', () => {
    const p = mcnemarExact(1000, 1200).p
    expect(p).toBeGreaterThan(0)
    expect(p).toBeLessThan(1e-4)
    expect(binomialHalfCdf(2000, 4000)).toBeGreaterThan(0.5)
    expect(binomialHalfCdf(2000, 4000)).toBeLessThan(0.51)
    expect(mcnemarExact(0, 2000).p).toBe(0) // 2^-1999 underflows to 0 honestly
  })

  it('rejects counts that are not non-negative integers, naming them', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(expect.objectContaining({ code: 'ARBIGRAPH_BAD_INPUT' }))
    expect(() => mcnemarExact(1.5, 2)).toThrow(/b=1.5, c=2/)
  })
})
