/**
 * The betting test on a bounded mean rather than a Bernoulli rate: each observation is a
 * document's record accuracy in [0, 1] (Long-Transduction's `accuracy` gate metric), drawn here
 * as the share right among 8 records of a document whose own difficulty varies. Waudby-Smith &
 * Ramdas' capital processes are valid for any observations in [0, 1]; the counting shortcut
 * bounds the final mean by letting every remaining document score 0 or 1 (with a margin for the
 * rounding of a float sum, src/metrics/sequential/betting-test.ts). The check: the
 * sequential verdict agrees with the full cell's mean (`sum / N >= threshold`) at least 1 − α of
 * the time, also with the true mean at the threshold, and decides a clear cell early.
 */
import { describe, expect, it } from 'vitest'
import { observe, startBettingTest, verdictOf } from '../../../src/metrics/sequential/betting-test.ts'
import { createRng } from '../../../src/rng.ts'

function study(trueMean: number, threshold: number, population = 240, repetitions = 300, alpha = 0.05) {
  const rng = createRng(`bounded-mean/${trueMean}/${threshold}`)
  let errors = 0
  let cases = 0
  let byCount = 0
  const xs = new Float64Array(population)
  for (let r = 0; r < repetitions; r++) {
    for (let i = 0; i < population; i++) {
      // A document's difficulty spreads its chance per record around the true mean.
      const p = Math.min(1, Math.max(0, trueMean + (rng.float() - 0.5) * 0.6))
      let right = 0
      for (let k = 0; k < 8; k++) right += rng.float() < p ? 1 : 0
      xs[i] = right / 8
    }
    // The full run's verdict, summed in the order the test sees (so both sums are the same floats).
    let sum = 0
    for (const x of xs) sum += x
    const full = sum / population >= threshold
    const test = startBettingTest({ threshold, op: '>=', population, alpha })
    let verdict = verdictOf(test)
    for (let i = 0; i < population && !verdict.decided; i++) {
      observe(test, xs[i]!)
      verdict = verdictOf(test)
    }
    // Undecided only once the whole cell was seen with its mean within float rounding of the
    // threshold (the fixed-n gate sums in another order): then the fixed-n verdict stands.
    if (!verdict.decided) {
      expect(test.n).toBe(population)
      expect(Math.abs(sum / population - threshold)).toBeLessThan(1e-9)
    }
    if (verdict.decided && verdict.by === 'count') byCount += 1
    if ((verdict.decided ? verdict.pass : full) !== full) errors += 1
    cases += test.n
  }
  return { errorRate: errors / repetitions, meanCases: cases / repetitions, byCount }
}

describe('sequential gate on a bounded mean (document record accuracy)', () => {
  it('at the threshold, wrong at most α of the time', () => {
    const s = study(0.6, 0.6)
    expect(s.errorRate).toBeLessThanOrEqual(0.05)
  })

  it('a clear pass and a clear fail are decided on a fraction of the documents, correctly', () => {
    const pass = study(0.8, 0.6)
    const fail = study(0.4, 0.6)
    expect([pass.errorRate, fail.errorRate]).toEqual([0, 0])
    expect(pass.meanCases).toBeLessThan(240 * 0.5)
    expect(fail.meanCases).toBeLessThan(240 * 0.5)
  })

  it('the count decides only when the remaining documents at 0 or at 1 cannot change the verdict', () => {
    // 10 documents, threshold 0.5: after 6 at 0.9 the sum is 5.4 ≥ 5, a pass whatever follows.
    const test = startBettingTest({ threshold: 0.5, op: '>=', population: 10, alpha: 1e-9 })
    for (let i = 0; i < 5; i++) observe(test, 0.9)
    expect(verdictOf(test)).toEqual({ decided: false }) // 4.5 + up to 5 more: still open
    observe(test, 0.9)
    expect(verdictOf(test)).toEqual({ decided: true, pass: true, by: 'count' })
  })
})
