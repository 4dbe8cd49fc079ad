import { describe, expect, test } from 'vitest'
import {
  observe,
  plugInBet,
  remainingMean,
  startBettingTest,
  verdictOf,
} from '../../../src/metrics/sequential/betting-test.ts'
import { rateInterval } from '../../../src/metrics/sequential/confidence-sequence.ts'

const feed = (test: ReturnType<typeof startBettingTest>, outcomes: number[]) => {
  for (const x of outcomes) {
    observe(test, x)
    if (verdictOf(test).decided) break
  }
  return test
}

describe('betting test at a threshold', () => {
  test('the first bet is the paper’s predictable plug-in with the prior variance 1/4', () => {
    expect(plugInBet(1, 0.25, 0.05)).toBeCloseTo(Math.sqrt((2 * Math.log(20)) / (0.25 * Math.log(2))), 12)
  })

  test('without replacement the centring is the mean of the cases left', () => {
    expect(remainingMean(0.5, 10, 4, 6)).toBe(0.25)
    expect(remainingMean(0.5, Number.POSITIVE_INFINITY, 4, 6)).toBe(0.5)
  })

  test('eight straight successes against 0.5 pass: capital 1.5^8 > 1/α (the bet is truncated at 1/2 / 0.5)', () => {
    const t = feed(
      startBettingTest({ threshold: 0.5, op: '>=', population: 400, alpha: 0.05 }),
      Array(8).fill(1),
    )
    expect(t.n).toBe(8)
    expect(t.logUp).toBeCloseTo(8 * Math.log(1.5), 1)
    expect(verdictOf(t)).toEqual({ decided: true, pass: true, by: 'betting' })
  })

  test('seven do not (1.5^7 ≈ 17 < 20)', () => {
    const t = startBettingTest({ threshold: 0.5, op: '>=', population: 400, alpha: 0.05 })
    for (let i = 0; i < 7; i++) observe(t, 1)
    expect(verdictOf(t).decided).toBe(false)
  })

  test('a rule wanting the rate low fails on the same evidence', () => {
    const t = feed(
      startBettingTest({ threshold: 0.5, op: '<=', population: 400, alpha: 0.05 }),
      Array(8).fill(1),
    )
    expect(verdictOf(t)).toEqual({ decided: true, pass: false, by: 'betting' })
  })

  test('counting decides once the rest cannot change the full run’s verdict', () => {
    // 6 of 10 needed for >= 0.6: after 6 successes the verdict is certain whatever follows.
    const t = startBettingTest({ threshold: 0.6, op: '>=', population: 10, alpha: 1e-9 })
    for (let i = 0; i < 6; i++) observe(t, 1)
    expect(verdictOf(t)).toEqual({ decided: true, pass: true, by: 'count' })
    const f = startBettingTest({ threshold: 0.6, op: '>=', population: 10, alpha: 1e-9 })
    for (let i = 0; i < 5; i++) observe(f, 0)
    expect(verdictOf(f)).toEqual({ decided: true, pass: false, by: 'count' })
  })

  test('a strict rule at a rate exactly on the threshold fails by counting, as the fixed-n gate says', () => {
    const t = startBettingTest({ threshold: 0.5, op: '>', population: 4, alpha: 1e-9 })
    for (const x of [1, 0, 1, 0]) observe(t, x)
    expect(verdictOf(t)).toEqual({ decided: true, pass: false, by: 'count' })
  })

  test('the interval narrows around the observed rate and is clipped by counting', () => {
    const outcomes = Array.from({ length: 300 }, (_, i) => (i % 4 === 0 ? 0 : 1))
    const wide = rateInterval(outcomes.slice(0, 20), 640, 0.05)
    const narrow = rateInterval(outcomes, 640, 0.05)
    expect(narrow.low).toBeGreaterThan(wide.low)
    expect(narrow.high).toBeLessThan(wide.high)
    expect(narrow.low).toBeLessThan(0.75)
    expect(narrow.high).toBeGreaterThan(0.75)
    // Counting: 225 successes of 640 is a floor whatever the rest do.
    expect(narrow.low).toBeGreaterThanOrEqual(225 / 640)
    const all = rateInterval(outcomes.concat(Array(340).fill(1)), 640, 0.05)
    expect(all).toEqual({ low: 565 / 640, high: 565 / 640 })
  })
})
