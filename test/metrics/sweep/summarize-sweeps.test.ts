import { describe, expect, test } from 'vitest'
import { breakingPoint } from '../../../src/metrics/sweep/breaking-point.ts'
import { fitLogistic } from '../../../src/metrics/sweep/logistic-fit.ts'
import { summarizeSweeps } from '../../../src/metrics/sweep/summarize-sweeps.ts'
import { makeRecord } from '../make-record.ts'
import { logisticCurve, syntheticSweep } from './synthetic-sweep.ts'

const SIZES = [1, 2, 4, 8, 16, 32, 64]

describe('fitLogistic', () => {
  test('recovers the coefficients of noise-free proportions', () => {
    const truth = logisticCurve(3, -1.5)
    // Large n with the exact expected counts: the Firth penalty's O(1/n) shift is tiny.
    const groups = SIZES.map((s) => ({ x: Math.log2(s), n: 100_000, k: Math.round(100_000 * truth(s)) }))
    const fit = fitLogistic(groups)!
    expect(fit.converged).toBe(true)
    expect(fit.intercept).toBeCloseTo(3, 2)
    expect(fit.slope).toBeCloseTo(-1.5, 2)
  })

  test('stays finite on a perfect curve and on a step (where plain maximum likelihood diverges)', () => {
    const perfect = fitLogistic(SIZES.map((s) => ({ x: Math.log2(s), n: 20, k: 20 })))!
    expect(perfect.converged).toBe(true)
    expect(Number.isFinite(perfect.intercept)).toBe(true)
    const step = fitLogistic(SIZES.map((s) => ({ x: Math.log2(s), n: 20, k: s <= 8 ? 20 : 0 })))!
    expect(step.converged).toBe(true)
    expect(step.slope).toBeLessThan(-1)
    expect(breakingPoint(step, 0, 6)).toMatchObject({ status: 'inside' })
    const bp = breakingPoint(step, 0, 6) as { size: number }
    expect(bp.size).toBeGreaterThan(8)
    expect(bp.size).toBeLessThan(16)
  })

  test('needs two distinct sizes with trials', () => {
    expect(
      fitLogistic([
        { x: 1, n: 5, k: 3 },
        { x: 2, n: 0, k: 0 },
      ]),
    ).toBeNull()
  })
})

describe('summarizeSweeps', () => {
  test('recovers a known breaking point from synthetic records, within its bootstrap interval', () => {
    // σ(3 − 1.5·x): accuracy 0.953 at size 1, half of that at x* = (logit(0.476) − 3) / −1.5.
    const a = 3
    const b = -1.5
    const p0 = 1 / (1 + Math.exp(-a))
    const truth = 2 ** ((Math.log(p0 / 2 / (1 - p0 / 2)) - a) / b)
    const [curve] = summarizeSweeps(syntheticSweep(SIZES, logisticCurve(a, b), { cases: 200 }))
    const fit = curve!.fit!
    expect(fit.breakingPoint.status).toBe('inside')
    const [low, high] = fit.breakingPointCi as [number, number]
    expect(low).toBeLessThan(truth)
    expect(high).toBeGreaterThan(truth)
    expect(high / low).toBeLessThan(2) // 200 cases a point pin it to well within a doubling
    expect(fit.slopeCi[0]!).toBeLessThan(b)
    expect(fit.slopeCi[1]!).toBeGreaterThan(b)
    expect(fit.replicates).toBe(1000)
  })

  test('a model right at every point has its breaking point beyond the range, with no upper bound', () => {
    const [curve] = summarizeSweeps(syntheticSweep(SIZES, () => 1))
    expect(curve!.points.every((p) => p.accuracy === 1)).toBe(true)
    expect(curve!.fit!.breakingPoint).toEqual({ status: 'beyond' })
    expect(curve!.fit!.breakingPointCi).toEqual([null, null])
  })

  test('points carry Wilson bands and mean prompt tokens; infrastructure errors stay out of n', () => {
    const records = syntheticSweep([1, 4], () => 1, { cases: 4 })
    records.push(
      makeRecord({
        caseId: 'x',
        infra: 'HTTP 503',
        sweep: { name: 'chain-length', axis: 'length', value: 4, size: 4 },
      }),
    )
    const [curve] = summarizeSweeps(records)
    expect(curve!.key).toBe('chain-length/math')
    expect(curve!.points.map((p) => [p.value, p.n, p.trials, p.infraErrors, p.promptTokensMean])).toEqual([
      [1, 4, 4, 0, 300],
      [4, 4, 5, 1, 1200],
    ])
    expect(curve!.points[0]!.ciLow).toBeCloseTo(0.5101, 3) // Wilson 95% of 4/4
  })

  test('the bootstrap is seeded: the same records give the same interval', () => {
    const records = syntheticSweep(SIZES, logisticCurve(2, -1))
    expect(summarizeSweeps(records)[0]!.fit).toEqual(summarizeSweeps(records)[0]!.fit)
  })

  test('records that disagree on a point’s size are rejected, naming the case', () => {
    const records = syntheticSweep([1, 2], () => 1, { cases: 1 })
    records.push(
      makeRecord({ caseId: 'odd', sweep: { name: 'chain-length', axis: 'length', value: 2, size: 3 } }),
    )
    expect(() => summarizeSweeps(records)).toThrow(/case "odd" has length=2 size 3/)
  })

  test('records without a sweep point are not curves', () => {
    expect(summarizeSweeps([makeRecord()])).toEqual([])
  })
})

test('sweep records form no topology × category cell, but count in the total', async () => {
  const { summarize } = await import('../../../src/metrics/summarize.ts')
  const summary = summarize([...syntheticSweep([1, 2], () => 1, { cases: 3 }), makeRecord()])
  expect(summary.cells.map((c) => [c.key, c.n])).toEqual([['chain/math', 1]])
  expect(summary.total.n).toBe(7)
})
