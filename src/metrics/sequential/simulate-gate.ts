/**
 * A simulation study of the sequential gate on seeded Bernoulli streams, in process and without
 * a server: each repetition draws a cell of `population` 0/1 outcomes at the true rate, runs the
 * betting test (betting-test.ts) on them in order until it decides, and compares its verdict
 * with the full run's (`rate >= threshold` over all outcomes, as the fixed-n gate computes it).
 * The drawn outcomes are i.i.d., so their order is already uniformly random, as case-order.ts
 * makes a real cell's. Used by the acceptance test (test/metrics/sequential/) and by
 * `npm run bench:gate`, which prints the table.
 */
import { createRng } from '../../rng.ts'
import { wilson95 } from '../wilson.ts'
import { observe, startBettingTest, verdictOf } from './betting-test.ts'

/** One setting of the study. */
export interface GateSetting {
  threshold: number
  trueRate: number
  population: number
  alpha: number
  repetitions: number
}

/** What the study measured for one setting. */
export interface GateStudy extends GateSetting {
  /** Mean cases the gate used before deciding (the population when it ran to the end). */
  meanCases: number
  /** Repetitions whose verdict differs from the full run's. */
  errors: number
  /** errors / repetitions. */
  errorRate: number
  /** Repetitions decided by the bets before the counting made the verdict certain. */
  decidedByBetting: number
}

/**
 * Runs the study for one setting; the seed makes it reproducible bit for bit.
 * @example studyGate({ threshold: 0.5, trueRate: 0.6, population: 640, alpha: 0.05, repetitions: 1000 }).meanCases // ≈ 197
 */
export function studyGate(setting: GateSetting, seed = 'arbigraph:gate-study'): GateStudy {
  const { threshold, trueRate, population, alpha, repetitions } = setting
  const rng = createRng(`${seed}/${threshold}/${trueRate}/${population}/${alpha}`)
  const outcomes = new Uint8Array(population)
  let cases = 0
  let errors = 0
  let decidedByBetting = 0
  for (let r = 0; r < repetitions; r++) {
    let successes = 0
    for (let i = 0; i < population; i++) {
      outcomes[i] = rng.float() < trueRate ? 1 : 0
      successes += outcomes[i]!
    }
    const full = successes / population >= threshold
    const test = startBettingTest({ threshold, op: '>=', population, alpha })
    let verdict = verdictOf(test)
    for (let i = 0; i < population && !verdict.decided; i++) {
      observe(test, outcomes[i]!)
      verdict = verdictOf(test)
    }
    cases += test.n
    if (!verdict.decided || verdict.pass !== full) errors += 1
    if (verdict.decided && verdict.by === 'betting') decidedByBetting += 1
  }
  return {
    ...setting,
    meanCases: cases / repetitions,
    errors,
    errorRate: errors / repetitions,
    decidedByBetting,
  }
}

/**
 * The same study for the mistake the sequential gate replaces: after every case, look at the
 * fixed-n 95% Wilson interval and stop once it excludes the threshold. Each look is a 5% test,
 * and a run takes hundreds of looks, so at the threshold its error rate is far above 5%.
 * @example studyPeeking({ threshold: 0.5, trueRate: 0.5, population: 640, alpha: 0.05, repetitions: 1000 }).errorRate // ≈ 0.3
 */
export function studyPeeking(setting: GateSetting, seed = 'arbigraph:gate-study'): GateStudy {
  const { threshold, trueRate, population, repetitions } = setting
  const rng = createRng(`${seed}/${threshold}/${trueRate}/${population}/${setting.alpha}`)
  let cases = 0
  let errors = 0
  for (let r = 0; r < repetitions; r++) {
    const outcomes: number[] = Array.from({ length: population }, () => (rng.float() < trueRate ? 1 : 0))
    const full = outcomes.reduce((a, b) => a + b, 0) / population >= threshold
    let successes = 0
    let verdict: boolean | null = null
    let n = 0
    while (n < population && verdict === null) {
      successes += outcomes[n]!
      n += 1
      const { lower, upper } = wilson95(successes, n)
      if (n === population) verdict = successes / population >= threshold
      else if (lower >= threshold) verdict = true
      else if (upper < threshold) verdict = false
    }
    cases += n
    if (verdict !== full) errors += 1
  }
  return {
    ...setting,
    meanCases: cases / repetitions,
    errors,
    errorRate: errors / repetitions,
    decidedByBetting: 0,
  }
}
