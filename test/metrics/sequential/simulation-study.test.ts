/**
 * The acceptance study of issue 34: seeded Bernoulli cells of N = 640, 1,000 repetitions per
 * setting, α = 0.05. At the threshold itself (the hardest case) the gate's verdict may differ
 * from the full run's at most α of the time, within the Monte-Carlo interval; 10 points away it
 * needs at most half the cases on average and agrees with the full run in ≥ 99% of repetitions.
 */
import { describe, expect, test } from 'vitest'
import { studyGate, studyPeeking } from '../../../src/metrics/sequential/simulate-gate.ts'
import { wilson95 } from '../../../src/metrics/wilson.ts'

const N = 640
const ALPHA = 0.05
const REPETITIONS = 1000

describe('sequential gate on seeded Bernoulli streams (N = 640, 1,000 repetitions, α = 0.05)', () => {
  for (const threshold of [0.5, 0.7, 0.85]) {
    test(`at the threshold ${threshold} the error rate is at most α`, () => {
      const study = studyGate({
        threshold,
        trueRate: threshold,
        population: N,
        alpha: ALPHA,
        repetitions: REPETITIONS,
      })
      expect(wilson95(study.errors, REPETITIONS).lower).toBeLessThanOrEqual(ALPHA)
    })
    for (const offset of [-0.1, 0.1]) {
      const trueRate = Math.round((threshold + offset) * 100) / 100
      if (trueRate >= 1) continue
      test(`true rate ${trueRate} against ${threshold}: at most half the cases, the full run's verdict ≥ 99% of the time`, () => {
        const study = studyGate({
          threshold,
          trueRate,
          population: N,
          alpha: ALPHA,
          repetitions: REPETITIONS,
        })
        expect(study.meanCases).toBeLessThanOrEqual(N / 2)
        expect(1 - study.errorRate).toBeGreaterThanOrEqual(0.99)
        // The bets, not the counting, stopped it: counting alone needs most of the cell.
        expect(study.decidedByBetting).toBeGreaterThan(REPETITIONS * 0.9)
      })
    }
  }

  test('peeking at the fixed-n 95% interval after every case errs far more often than α', () => {
    const setting = { threshold: 0.5, trueRate: 0.5, population: N, alpha: ALPHA, repetitions: REPETITIONS }
    expect(wilson95(studyPeeking(setting).errors, REPETITIONS).lower).toBeGreaterThan(2 * ALPHA)
  })

  test('a cell run to the end always reaches the full run’s verdict', () => {
    // α tiny: the bets almost never decide, so the counting does, and it is exact.
    const study = studyGate({ threshold: 0.5, trueRate: 0.5, population: 64, alpha: 1e-12, repetitions: 200 })
    expect(study.errors).toBe(0)
  })

  test('the study is reproducible bit for bit from its seed', () => {
    const setting = { threshold: 0.7, trueRate: 0.8, population: N, alpha: ALPHA, repetitions: 50 }
    expect(studyGate(setting)).toEqual(studyGate(setting))
    expect(studyGate(setting, 'other seed').meanCases).not.toBe(studyGate(setting).meanCases)
  })
})
