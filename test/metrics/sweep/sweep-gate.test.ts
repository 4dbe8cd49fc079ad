import { describe, expect, test } from 'vitest'
import { evaluateGate, formatBroken, parseGate } from '../../../src/metrics/gate.ts'
import { summarizeSweeps } from '../../../src/metrics/sweep/summarize-sweeps.ts'
import { logisticCurve, syntheticSweep } from './synthetic-sweep.ts'

const SIZES = [1, 2, 4, 8, 16, 32]
// σ(4 − 1.5·x) breaks near size 7.6; the perfect curve never breaks.
const falling = summarizeSweeps(syntheticSweep(SIZES, logisticCurve(4, -1.5), { cases: 100 }))
const perfect = summarizeSweeps(syntheticSweep(SIZES, () => 1))

describe('sweep gate rules', () => {
  test('a breaking point below the threshold breaks the rule, naming the curve and its value', () => {
    const [broken] = evaluateGate(parseGate('sweep:chain-length.breaking_point>=16'), [], falling)
    expect(broken!.cell).toBe('sweep:chain-length/math')
    expect(broken!.actual).toBeGreaterThan(4)
    expect(broken!.actual).toBeLessThan(16)
    expect(formatBroken(broken!)).toMatch(/sweep:chain-length\/math has breaking_point \d/)
  })

  test('a breaking point beyond the range holds every >= rule', () => {
    expect(evaluateGate(parseGate('sweep:chain-length.breaking_point>=16'), [], perfect)).toEqual([])
    const [broken] = evaluateGate(parseGate('sweep:chain-length.breaking_point<=64'), [], perfect)
    expect(formatBroken(broken!)).toContain('beyond the range swept')
  })

  test('a point rule reads that point; category narrows the curve', () => {
    expect(evaluateGate(parseGate('sweep:chain-length@32.accuracy>=0.5'), [], perfect)).toEqual([])
    const [broken] = evaluateGate(parseGate('sweep:chain-length/math@32.accuracy>=0.5'), [], falling)
    expect(broken!.cell).toBe('sweep:chain-length/math@32')
    expect(broken!.actual).toBeLessThan(0.5)
  })

  test('a rule on a sweep or point that did not run is broken', () => {
    const [none] = evaluateGate(parseGate('sweep:distractors.breaking_point>=4'), [], perfect)
    expect(formatBroken(none!)).toBe(
      'gate: rule "sweep:distractors.breaking_point>=4" is broken: no sweep curve matches it (did that sweep run?)',
    )
    const [missing] = evaluateGate(parseGate('sweep:chain-length@64.accuracy>=0.5'), [], perfect)
    expect(missing!.cell).toBe('sweep:chain-length/math@64 (no such point)')
  })

  test('bad sweep rules are rejected with what to write', () => {
    expect(() => parseGate('sweep:chain-length.accuracy>=0.5')).toThrow(
      /unknown sweep metric "accuracy" \(curve: breaking_point, .*point, after @<value>: accuracy/,
    )
    expect(() => parseGate('sweep:chain-length@32.accuracy>=50')).toThrow(
      /accuracy is a rate in \[0, 1\]; write 0.5/,
    )
    expect(() => parseGate('sweep:@3.accuracy>=0.5')).toThrow(/bad sweep "sweep:@3"/)
    expect(() => parseGate('sweep:chain-length@32.slope>=0')).toThrow(/unknown sweep point metric "slope"/)
  })
})
