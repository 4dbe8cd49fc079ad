import { describe, expect, it } from 'vitest'
import { pairedDifference, pairedTable } from '../../src/metrics/paired-difference.ts'

describe('pairedDifference', () => {
  it('matches the Newcombe square-and-add interval of a published paired table (Cavo et al. 2012)', () => {
    // Fagerland, Lydersen & Laake, ch. 8: [[59, 6], [16, 80]] → −0.0621 (95% CI −0.1186 to −0.0046).
    const d = pairedDifference({ both: 59, firstOnly: 6, secondOnly: 16, neither: 80 })
    expect(d.n).toBe(161)
    expect(d.count).toBe(-10)
    expect(d.estimate).toBeCloseTo(-0.0621, 4)
    expect(d.lower).toBeCloseTo(-0.1186, 4)
    expect(d.upper).toBeCloseTo(-0.0046, 4)
    expect(d.p).toBeCloseTo(0.0525, 4) // exact McNemar: 2·P(X ≤ 6), X ~ Bin(22, 1/2)
  })

  it('is 0 with a symmetric interval when nothing differs, and all of [−1, 1] with no pairs', () => {
    const same = pairedDifference({ both: 20, firstOnly: 0, secondOnly: 0, neither: 5 })
    expect(same.estimate).toBe(0)
    expect(same.lower).toBeLessThan(0)
    expect(same.upper).toBeCloseTo(-same.lower, 12)
    expect(same.p).toBe(1)
    expect(pairedDifference({ both: 0, firstOnly: 0, secondOnly: 0, neither: 0 })).toEqual({
      n: 0,
      count: 0,
      estimate: 0,
      lower: -1,
      upper: 1,
      p: 1,
    })
  })

  it('stays inside [−1, 1] at the extremes', () => {
    const all = pairedDifference({ both: 0, firstOnly: 12, secondOnly: 0, neither: 0 })
    expect(all.estimate).toBe(1)
    expect(all.upper).toBe(1)
    expect(all.lower).toBeGreaterThan(0)
    expect(all.lower).toBeLessThan(1)
  })

  it('rejects counts that are not integers >= 0, naming the count', () => {
    expect(() => pairedDifference({ both: 1, firstOnly: -1, secondOnly: 0, neither: 0 })).toThrow(
      /pairedDifference: firstOnly must be an integer >= 0, got -1/,
    )
    expect(() => pairedDifference({ both: 1.5, firstOnly: 0, secondOnly: 0, neither: 0 })).toThrow(/both/)
  })

  it('counts paired booleans into the table', () => {
    const pairs: [boolean, boolean][] = [
      [true, true],
      [true, false],
      [true, false],
      [false, true],
      [false, false],
    ]
    expect(pairedTable(pairs)).toEqual({ both: 1, firstOnly: 2, secondOnly: 1, neither: 1 })
  })
})
