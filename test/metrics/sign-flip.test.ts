/**
 * The paired sign-flip test: on right/wrong pairs it is the exact McNemar test, on scores it
 * counts every sign pattern up to 20 differences (checked against a brute-force count), and
 * beyond it samples a seeded, reproducible p-value that is never 0.
 */
import { describe, expect, it } from 'vitest'
import { mcnemarExact } from '../../src/metrics/mcnemar.ts'
import { EXACT_LIMIT, MONTE_CARLO, signFlipTest } from '../../src/metrics/sign-flip.ts'

/** Brute force: every pattern of signs over all differences (zeros included), by bit masks. */
function bruteForce(a: number[], b: number[]): number {
  const d = a.map((x, i) => b[i]! - x)
  const observed = Math.abs(d.reduce((s, x) => s + x, 0))
  let hits = 0
  for (let mask = 0; mask < 2 ** d.length; mask++) {
    const sum = d.reduce((s, x, i) => s + (mask & (1 << i) ? -x : x), 0)
    if (Math.abs(sum) >= observed - 1e-12) hits++
  }
  return hits / 2 ** d.length
}

describe('signFlipTest', () => {
  it('on 0/1 scores is the exact McNemar test of the discordant pairs', () => {
    for (const [lost, won, same] of [
      [6, 0, 3],
      [5, 2, 10],
      [3, 3, 0],
      [0, 1, 4],
    ] as const) {
      const a = [...Array(lost).fill(1), ...Array(won).fill(0), ...Array(same).fill(1)]
      const b = [...Array(lost).fill(0), ...Array(won).fill(1), ...Array(same).fill(1)]
      expect(signFlipTest(a, b, 'x').p).toBeCloseTo(mcnemarExact(lost, won).p, 12)
    }
  })

  it('counts every pattern of partial-credit differences exactly', () => {
    const a = [0.995, 0.28, 0.388, 0.477, 0.78, 0.067, 0.195]
    const b = [0.28, 0.276, 0.056, 0.481, 0.463, 0.142, 0.067]
    const result = signFlipTest(a, b, 'x')
    expect(result.exact).toBe(true)
    expect(result.p).toBeCloseTo(bruteForce(a, b), 12)
    expect(result.meanDifference).toBeCloseTo((b.reduce((s, x) => s + x) - a.reduce((s, x) => s + x)) / 7, 12)
    expect(signFlipTest([0.5, 0.5], [0.5, 0.5], 'x')).toEqual({ n: 2, meanDifference: 0, p: 1, exact: true })
  })

  it('samples beyond 20 differences: seeded, reproducible, never 0', () => {
    const n = EXACT_LIMIT + 5
    const a = Array.from({ length: n }, () => 0.9)
    const b = Array.from({ length: n }, (_, i) => 0.9 - 0.01 * (i + 1))
    const first = signFlipTest(a, b, 'label')
    expect(first.exact).toBe(false)
    expect(first.p).toBe(1 / (1 + MONTE_CARLO)) // every difference negative: no pattern as extreme but itself, never drawn
    expect(signFlipTest(a, b, 'label')).toEqual(first)
  })
})
