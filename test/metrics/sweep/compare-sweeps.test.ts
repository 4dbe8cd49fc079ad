import { describe, expect, test } from 'vitest'
import { compareRuns } from '../../../src/metrics/compare.ts'
import { compareSweeps } from '../../../src/metrics/sweep/compare-sweeps.ts'
import { formatSweepComparison } from '../../../src/report/format-sweep-comparison.ts'
import { logisticCurve, syntheticSweep } from './synthetic-sweep.ts'

const SIZES = [1, 2, 4, 8, 16, 32]

describe('compareSweeps', () => {
  test('points that dropped significantly fail, with the paired McNemar test of cells', () => {
    const a = syntheticSweep(SIZES, () => 1, { cases: 60 })
    const b = syntheticSweep(SIZES, logisticCurve(4, -1.5), { cases: 60, model: 'other' })
    const [curve] = compareSweeps(a, b, 0.05)
    expect(curve!.points.map((p) => p.value)).toEqual(SIZES)
    expect(curve!.points[0]!.verdict).toBe('not significant') // σ(4) ≈ 0.98 at size 1
    expect(curve!.points.at(-1)!).toMatchObject({ verdict: 'degraded', shared: 60 })
    expect(curve!.failing).toContain('sweep:chain-length/math@32')
    expect(curve!.breakingPointA).toBe('beyond')
    expect(curve!.breakingPointB).toBeTypeOf('number')
    expect(curve!.breakingPointDelta).toBeNull() // no number for a difference with "beyond"
    // Every replicate of A is beyond the range, so B − A is −∞ in all of them: unbounded below and above.
    expect(curve!.breakingPointDeltaCi).toEqual([null, null])
    expect(formatSweepComparison([curve!])).toContain('breaking point: A beyond the range, B ')
  })

  test('a run against itself: no point moves and the breaking-point difference is 0 within its interval', () => {
    const a = syntheticSweep(SIZES, logisticCurve(4, -1.5), { cases: 80 })
    const [curve] = compareSweeps(a, a, 0.05)
    expect(curve!.failing).toEqual([])
    expect(curve!.breakingPointDelta).toBe(0)
    const [low, high] = curve!.breakingPointDeltaCi as [number, number]
    expect(low).toBeLessThan(0)
    expect(high).toBeGreaterThan(0)
  })

  test('a point that ran in A but not in B fails compareRuns', () => {
    const a = syntheticSweep([1, 2, 4], () => 1, { cases: 5 })
    const b = a.filter((r) => r.sweep!.value !== 4)
    const comparison = compareRuns(a, b)
    expect(comparison.cells).toEqual([])
    expect(comparison.failing).toEqual(['sweep:chain-length/math@4'])
  })
})
