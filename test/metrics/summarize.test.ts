import { describe, expect, it } from 'vitest'
import { summarize } from '../../src/metrics/summarize.ts'
import { wilson95 } from '../../src/metrics/wilson.ts'
import { makeRecord } from './make-record.ts'

const chain = [
  makeRecord({ sample: 0, tokens: { prompt: 1000, completion: 100 } }),
  makeRecord({
    sample: 1,
    correct: false,
    attribution: 'propagated',
    tokens: { prompt: 1000, completion: 300 },
  }),
  makeRecord({ sample: 2, correct: false, attribution: 'local', tokens: { prompt: 1000, completion: 200 } }),
  makeRecord({
    sample: 3,
    status: 'context_length_exceeded',
    correct: false,
    attribution: 'limit',
    tokens: { prompt: 1000, completion: 1000 },
  }),
  makeRecord({ sample: 4, infra: 'HTTP 503 after 3 retries' }),
]

describe('summarize', () => {
  const { cells, total } = summarize([
    ...chain,
    makeRecord({ topology: 'baseline', category: 'gsm', task: 'GSM_1', sample: 0, cachedTurns: 2 }),
  ])
  const cell = cells.find((c) => c.key === 'chain/math')!

  it('groups by topology × category, sorted, with a whole-run total', () => {
    expect(cells.map((c) => c.key)).toEqual(['baseline/gsm', 'chain/math'])
    expect(total.key).toBe('*')
    expect(total.trials).toBe(6)
  })

  it('accuracy and the Wilson interval use graded trials; infrastructure errors are counted apart', () => {
    expect(cell.n).toBe(4)
    expect(cell.correct).toBe(1)
    expect(cell.accuracy).toBe(0.25)
    expect(cell.ciLow).toBe(wilson95(1, 4).lower)
    expect(cell.ciHigh).toBe(wilson95(1, 4).upper)
    expect(cell.infraErrors).toBe(1)
    expect(cell.accuracyAll).toBe(0.2)
  })

  it('context_length_exceeded stays in n and gives the context-exceeded rate', () => {
    expect(cell.statuses).toEqual({ success: 3, context_length_exceeded: 1 })
    expect(cell.contextExceeded).toBe(1)
    expect(cell.contextExceededRate).toBe(0.25)
  })

  it('counts failure attribution over wrong trials', () => {
    expect(cell.attribution).toEqual({ propagated: 1, local: 1, limit: 1 })
  })

  it('mean and median generated tokens over graded trials only', () => {
    expect(cell.completionTokens.mean).toBe(400)
    expect(cell.completionTokens.median).toBe(250)
    expect(cell.promptTokens.mean).toBe(1000)
  })

  it('counts cache hits in turns and in trials', () => {
    expect(total.cachedTurns).toBe(2)
    expect(total.cachedTrials).toBe(1)
  })

  it('sums repairs by kind and reports the tool-use rate', () => {
    const { cells: one } = summarize([
      makeRecord({ repairs: { tool: 1, final: 2, cutoff: 3 }, toolCalls: 0 }),
      makeRecord({ sample: 1, repairs: { tool: 0, final: 1, cutoff: 0 } }),
    ])
    expect(one[0]!.repairs).toEqual({ tool: 1, final: 3, cutoff: 3 })
    expect(one[0]!.toolUseRate).toBe(0.5)
  })

  it('exact completion can differ from target accuracy', () => {
    const { cells: one } = summarize([makeRecord({ exact: false }), makeRecord({ sample: 1 })])
    expect(one[0]!.accuracy).toBe(1)
    expect(one[0]!.exact).toBe(0.5)
  })

  it('byTask adds a cell per target task right after its topology × category cell', () => {
    const records = [
      makeRecord({ task: 'MulMod' }),
      makeRecord({ task: 'DivSum', correct: false }),
      makeRecord({ topology: 'chain', category: 'math-x', task: 'A' }),
    ]
    expect(summarize(records, { byTask: true }).cells.map((c) => c.key)).toEqual([
      'chain/math',
      'chain/math/DivSum',
      'chain/math/MulMod',
      'chain/math-x',
      'chain/math-x/A',
    ])
  })

  it('an empty run gives zeros, not NaN', () => {
    const { cells: none, total: empty } = summarize([])
    expect(none).toEqual([])
    expect(empty).toMatchObject({ n: 0, accuracy: 0, ciLow: 0, ciHigh: 1, exact: 0 })
    expect(empty.completionTokens).toEqual({ mean: 0, median: 0 })
  })
})

describe('summarize with epochs', () => {
  // Two cases × 3 epochs: case a right 3/3, case b right 1/3.
  const records = [0, 1, 2].flatMap((epoch) => [
    makeRecord({ caseId: 'a', epoch }),
    makeRecord({ caseId: 'b', sample: 1, epoch, correct: epoch === 0 }),
  ])
  const cell = summarize(records).cells[0]!

  it('counts each epoch as a trial in n', () => {
    expect(cell.n).toBe(6)
    expect(cell.cases).toBe(2)
    expect(cell.epochs).toBe(3)
    expect(cell.accuracy).toBeCloseTo(4 / 6, 12)
    expect(cell.ciLow).toBe(wilson95(4, 6).lower)
  })

  it('reports the per-case mean and the share of cases right in every epoch', () => {
    expect(cell.caseMean).toBeCloseTo((1 + 1 / 3) / 2, 12)
    expect(cell.allEpochs).toBe(0.5)
  })

  it('per-case mean differs from accuracy when cases have unequal epochs', () => {
    const uneven = summarize([...records, makeRecord({ caseId: 'a', epoch: 3 })]).cells[0]!
    expect(uneven.accuracy).toBeCloseTo(5 / 7, 12)
    expect(uneven.caseMean).toBeCloseTo((1 + 1 / 3) / 2, 12)
  })
})
