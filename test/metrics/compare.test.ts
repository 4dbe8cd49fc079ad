import { describe, expect, it } from 'vitest'
import { compareRuns } from '../../src/metrics/compare.ts'
import { makeRecord } from './make-record.ts'

/** `n` chain/math trials, the first `right` of them correct. */
const run = (n: number, right: number, cell = { topology: 'chain', category: 'math' }) =>
  Array.from({ length: n }, (_, i) =>
    makeRecord({ ...cell, caseId: `${cell.topology}-${i}`, correct: i < right }),
  )

describe('compareRuns', () => {
  it('flags a cell whose shared trials turned wrong significantly, and only that cell', () => {
    const a = [...run(30, 28), ...run(20, 10, { topology: 'baseline', category: 'math' })]
    const b = [...run(30, 12), ...run(20, 10, { topology: 'baseline', category: 'math' })]
    const result = compareRuns(a, b)
    const chain = result.cells.find((c) => c.key === 'chain/math')!
    expect(chain).toMatchObject({ shared: 30, lost: 16, won: 0, verdict: 'degraded' })
    expect(chain.delta).toBeCloseTo(12 / 30 - 28 / 30, 12)
    expect(chain.p).toBeCloseTo(2 / 2 ** 16, 15)
    expect(result.cells.find((c) => c.key === 'baseline/math')!.verdict).toBe('not significant')
    expect(result.failing).toEqual(['chain/math'])
  })

  it('passes identical runs and calls a significant gain improved, not a failure', () => {
    expect(compareRuns(run(30, 20), run(30, 20)).failing).toEqual([])
    const better = compareRuns(run(30, 10), run(30, 30))
    expect(better.cells[0]!.verdict).toBe('improved')
    expect(better.failing).toEqual([])
  })

  it('does not flag a small drop the paired test cannot tell from noise', () => {
    const result = compareRuns(run(30, 20), run(30, 18))
    expect(result.cells[0]).toMatchObject({ lost: 2, won: 0, verdict: 'not significant' })
    expect(result.cells[0]!.p).toBeCloseTo(0.5, 12)
  })

  it('pairs only trials both runs graded: infrastructure errors and unshared cases are left out', () => {
    const a = run(10, 10)
    const b = [
      ...run(8, 0),
      makeRecord({ caseId: 'chain-8', infra: 'HTTP 503' }),
      makeRecord({ caseId: 'other' }),
    ]
    const cell = compareRuns(a, b).cells[0]!
    expect(cell).toMatchObject({ shared: 8, lost: 8, won: 0, nA: 10, nB: 9 })
    expect(cell.sharedAccuracyA).toBe(1)
    expect(cell.sharedAccuracyB).toBe(0)
  })

  it('fails the gate on a cell that ran in A but is missing from B, and lists a new cell as new', () => {
    const result = compareRuns(run(5, 5), run(5, 5, { topology: 'baseline', category: 'math' }))
    expect(result.cells.map((c) => [c.key, c.verdict])).toEqual([
      ['baseline/math', 'new'],
      ['chain/math', 'missing'],
    ])
    expect(result.failing).toEqual(['chain/math'])
  })

  it('honours alpha', () => {
    const a = run(20, 20)
    const b = run(20, 15) // lost 5, won 0: p = 2/32 = 0.0625
    expect(compareRuns(a, b).failing).toEqual([])
    expect(compareRuns(a, b, { alpha: 0.1 }).failing).toEqual(['chain/math'])
  })
})
