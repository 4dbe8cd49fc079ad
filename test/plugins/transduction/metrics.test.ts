import { describe, expect, it } from 'vitest'
import type { TransductionResultRow } from '../../../plugins/transduction/metrics/index.ts'
import {
  breakdown,
  documentBins,
  exactCompletion,
  macroAverage,
  positionCurve,
} from '../../../plugins/transduction/metrics/index.ts'

const row = (family: string, level: number, budget: string, accuracy: number): TransductionResultRow => ({
  family,
  format: 'plain',
  level,
  budget,
  accuracy,
  consistency: Math.min(1, accuracy + 0.1),
  exact: accuracy === 1,
})

describe('macro averages', () => {
  it('weight every task-difficulty cell equally, not every document', () => {
    const rows = [row('a', 0, '4K', 1), row('a', 0, '4K', 1), row('a', 0, '4K', 1), row('b', 0, '4K', 0)]
    expect(macroAverage(rows, (r) => r.accuracy)).toBe(0.5)
    expect(Number.isNaN(macroAverage([], (r) => r.accuracy))).toBe(true)
  })
  it('breakdown by budget gives macro accuracy, consistency and exact completion per budget', () => {
    const rows = [row('a', 0, '4K', 1), row('a', 1, '4K', 0.5), row('a', 0, '8K', 0.2)]
    expect(breakdown(rows, 'budget', ['8K', '4K'])).toEqual([
      { group: '8K', documents: 1, accuracy: 0.2, consistency: 0.30000000000000004, exactCompletion: 0 },
      { group: '4K', documents: 2, accuracy: 0.75, consistency: 0.8, exactCompletion: 0.5 },
    ])
  })
})

describe('exact completion', () => {
  it('counts documents with every record correct', () => {
    expect(exactCompletion([{ exact: true }, { exact: false }, { exact: false }, { exact: true }])).toEqual({
      complete: 2,
      documents: 4,
      rate: 0.5,
    })
  })
})

describe('position bins', () => {
  it('map record i of n to bin floor(20 i / n) and average within the document', () => {
    const flags = Array.from({ length: 40 }, (_, i) => i < 20)
    const bins = documentBins(flags)
    expect(bins.length).toBe(20)
    expect(bins.slice(0, 10)).toEqual(Array(10).fill(1))
    expect(bins.slice(10)).toEqual(Array(10).fill(0))
    expect(documentBins([true, false, true], 4)).toEqual([1, 0, 1, null])
  })
  it('average documents, not records, per bin', () => {
    // A long all-correct document and a short all-wrong one: 0.5 everywhere, not ≈ 0.99.
    const curve = positionCurve([Array(1000).fill(true), Array(20).fill(false)])
    expect(curve.every((v) => v === 0.5)).toBe(true)
  })
})
