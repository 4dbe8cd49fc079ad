/**
 * A sweep with no signal at its smallest size (accuracy ≤ 0.05) gets no fit, and every place that
 * reads a fit says "no signal" instead: the fit sentence of the terminal and Markdown tables, the
 * dashboard's Sweeps page data, and the gate, whose breaking-point rules find no value.
 */
import { describe, expect, it } from 'vitest'
import { sweepPages } from '../../../src/dashboard/sweep-page.ts'
import { evaluateGate, formatBroken, parseGate } from '../../../src/metrics/gate.ts'
import { summarizeSweeps } from '../../../src/metrics/sweep/summarize-sweeps.ts'
import { NO_SIGNAL_ACCURACY, noSignalText } from '../../../src/metrics/sweep/sweep-signal.ts'
import { describeFit, formatSweepMarkdown, formatSweepTable } from '../../../src/report/format-sweep.ts'
import { syntheticSweep } from './synthetic-sweep.ts'

const SIZES = [2, 4, 8, 16]
const zeros = syntheticSweep(SIZES, () => 0, { cases: 20 })
const SENTENCE = 'no signal: accuracy at the smallest size is 0.0% (0/20 at size 2), no curve fitted'

describe('a sweep that is all zeros', () => {
  const [curve] = summarizeSweeps(zeros)

  it('has no fit, and its fit sentence says why', () => {
    expect(curve!.fit).toBeNull()
    expect(describeFit(curve!)).toBe(SENTENCE)
    expect(formatSweepTable([curve!]).split('\n').at(-1)).toBe(SENTENCE)
    expect(formatSweepMarkdown([curve!])).toContain(`\n${SENTENCE}\n`)
  })

  it('says so in the dashboard data', () => {
    const [page] = sweepPages(zeros)
    expect((page!.data as { curves: { fit: string }[] }).curves[0]!.fit).toBe(SENTENCE)
  })

  it('passes no breaking-point rule', () => {
    const [broken] = evaluateGate(parseGate('sweep:chain-length.breaking_point>=4'), [], [curve!])
    expect(formatBroken(broken!)).toBe(
      'gate: rule "sweep:chain-length.breaking_point>=4" is broken: sweep:chain-length/math has breaking_point no value',
    )
  })
})

describe('the no-signal line', () => {
  const point = (correct: number, n: number) => ({ n, correct, accuracy: correct / n, size: 4 })
  it(`is drawn at accuracy ≤ ${NO_SIGNAL_ACCURACY} at the first size with graded trials`, () => {
    expect(noSignalText({ points: [point(1, 20) as never] })).toBe(
      'no signal: accuracy at the smallest size is 5.0% (1/20 at size 4), no curve fitted',
    )
    expect(noSignalText({ points: [point(2, 20) as never] })).toBeUndefined()
    expect(noSignalText({ points: [point(0, 0) as never, point(3, 10) as never] })).toBeUndefined()
  })

  it('leaves a curve with signal its fit', () => {
    const [curve] = summarizeSweeps(syntheticSweep(SIZES, (s) => (s === 2 ? 0.5 : 0), { cases: 20 }))
    expect(curve!.fit).not.toBeNull()
    expect(describeFit(curve!)).toMatch(/^breaking point at size/)
  })
})
