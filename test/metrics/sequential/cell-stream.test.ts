import { describe, expect, test } from 'vitest'
import { parseGate } from '../../../src/metrics/gate.ts'
import { sequentialOrder } from '../../../src/metrics/sequential/case-order.ts'
import {
  decidedAfter,
  isStreamDecided,
  openStream,
  planSequentialGate,
  recordTrial,
} from '../../../src/metrics/sequential/cell-stream.ts'
import { splitPairedRules } from '../../../src/metrics/sequential/paired-rule.ts'

const chainMath = { topology: 'chain', category: 'math', task: null, suite: '' }
const right = { correct: true, exact: true }
const wrong = { correct: false, exact: false }

describe('cell streams', () => {
  test('α is split over the sequential rules (Bonferroni); other rules are fixed-n', () => {
    const plan = planSequentialGate(
      parseGate('*.accuracy>=0.5,*.exact>=0.2,*.tokens_mean<=900,*.ci_low>=0.4'),
      0.05,
    )
    expect(plan.sequential.map((r) => r.text)).toEqual(['*.accuracy>=0.5', '*.exact>=0.2'])
    expect(plan.alphaPerRule).toBe(0.025)
  })

  test('a stream is fed its prefix in the random order, not in finishing order', () => {
    const stream = openStream(planSequentialGate(parseGate('chain/math.accuracy>=0.5'), 0.05), chainMath, 100)
    // Positions 1..9 finish first; nothing is fed until position 0 is in.
    for (let p = 1; p < 10; p++) recordTrial(stream, p, right)
    expect(stream.fed).toBe(0)
    expect(isStreamDecided(stream)).toBe(false)
    recordTrial(stream, 0, right)
    expect(stream.fed).toBe(10)
    expect(isStreamDecided(stream)).toBe(true)
    expect(decidedAfter(stream)).toBe(8)
    expect(stream.tests[0]!.verdict).toEqual({ decided: true, pass: true, by: 'betting' })
  })

  test('a non-rate rule on the cell keeps it fixed-n and says why', () => {
    const stream = openStream(
      planSequentialGate(parseGate('chain/math.accuracy>=0.5,*.turns_mean<=4'), 0.05),
      chainMath,
      100,
    )
    for (let p = 0; p < 20; p++) recordTrial(stream, p, right)
    expect(isStreamDecided(stream)).toBe(false)
    expect(stream.fixedReason).toContain('rule "*.turns_mean<=4" is not on a rate')
  })

  test('a sweep rule keeps every stream fixed-n; an unread cell is not held back', () => {
    const sweep = openStream(
      planSequentialGate(parseGate('*.accuracy>=0.5,sweep:chain-length.breaking_point>=16'), 0.05),
      chainMath,
      10,
    )
    expect(sweep.fixedReason).toContain('the sweep rule')
    const unread = openStream(planSequentialGate(parseGate('dag/gsm.accuracy>=0.5'), 0.05), chainMath, 10)
    expect(unread.fixedReason).toBe('fixed-n: no gate rule reads this cell')
  })

  test('an infrastructure error before the decision stops the bets: the cell runs to the end', () => {
    const stream = openStream(planSequentialGate(parseGate('chain/math.accuracy>=0.5'), 0.05), chainMath, 100)
    recordTrial(stream, 0, right)
    recordTrial(stream, 1, null)
    for (let p = 2; p < 40; p++) recordTrial(stream, p, right)
    expect(isStreamDecided(stream)).toBe(false)
    expect(stream.fixedReason).toBe('fixed-n: an infrastructure error at case 2 of 100')
  })

  test('a baseline rule fails at once on a significant regression, counting only discordant pairs', () => {
    const { paired } = splitPairedRules('chain/math.accuracy>=baseline')
    const stream = openStream(planSequentialGate([], 0.05, paired), chainMath, 200)
    let p = 0
    // Concordant pairs carry no evidence.
    for (; p < 50; p++) recordTrial(stream, p, { ...right, baseline: right })
    expect(stream.paired[0]!.verdict.decided).toBe(false)
    for (; p < 200 && !isStreamDecided(stream); p++) recordTrial(stream, p, { ...wrong, baseline: right })
    expect(stream.paired[0]!.verdict).toEqual({ decided: true, pass: false, by: 'betting' })
    expect(stream.paired[0]!.losses).toBe(8)
    expect(decidedAfter(stream)).toBe(58)
  })

  test('the order is a seeded permutation', () => {
    const order = sequentialOrder(50, 'suites/chain/math')
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(sequentialOrder(50, 'suites/chain/math')).toEqual(order)
    expect(sequentialOrder(50, 'suites/dag/gsm')).not.toEqual(order)
  })
})
