import { describe, expect, it } from 'vitest'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import { contextLossSchema } from '../../src/contracts/context-loss.ts'
import { contextLoss } from '../../src/metrics/context-loss.ts'
import type { NodeOutcome } from '../conditions/make-conditions-record.ts'
import { conditionsRecord } from '../conditions/make-conditions-record.ts'
import { makeRecord } from './make-record.ts'

const T = true
const F = false
const node = (inGraph: boolean, isolated: boolean, chained: boolean, depth: number): NodeOutcome => ({
  inGraph,
  isolated,
  chained,
  depth,
  ...(inGraph ? {} : { evidence: !isolated ? 'local' : !chained ? 'propagated' : 'interference' }),
})

// Ten two-node trials. Depth 1: 4 × all right, 3 × wrong only in-graph, 2 × right only isolated,
// 1 × wrong everywhere. Depth 0: 9 × all right, 1 × wrong only in-graph.
const depth1 = [
  ...Array.from({ length: 4 }, () => node(T, T, T, 1)),
  ...Array.from({ length: 3 }, () => node(F, T, T, 1)),
  ...Array.from({ length: 2 }, () => node(F, T, F, 1)),
  node(F, F, F, 1),
]
const depth0 = [...Array.from({ length: 9 }, () => node(T, T, T, 0)), node(F, T, T, 0)]
const records = depth1.map((second, i) => conditionsRecord(i, [depth0[i]!, second]))

describe('contextLoss on hand-made records', () => {
  const summary = contextLoss([
    ...records,
    makeRecord({ sample: 90, infra: 'HTTP 503 after 4 attempts' }),
    makeRecord({ sample: 91 }), // in-graph only: not a paired trial
  ])!
  const [cell, zero, one] = summary.rows

  it('the records are valid case records and the summary matches its schema', () => {
    for (const record of records) checkCaseRecord(record)
    expect(contextLossSchema.parse(summary)).toEqual(summary)
    expect(summary.rows.map((r) => r.depth)).toEqual([null, 0, 1])
  })

  it('counts node accuracy per condition, per cell and per depth', () => {
    expect(one!.nodes).toBe(10)
    expect(one!.accuracy['in-graph'].correct).toBe(4)
    expect(one!.accuracy.isolated!.correct).toBe(9)
    expect(one!.accuracy.chained!.correct).toBe(7)
    expect(zero!.accuracy['in-graph'].correct).toBe(9)
    expect(cell!.nodes).toBe(20)
    expect(cell!.accuracy['in-graph']).toMatchObject({ correct: 13, trials: 20, estimate: 0.65 })
    expect(cell!.accuracy.isolated).toMatchObject({ correct: 19, trials: 20 })
    expect(cell!.accuracy.chained).toMatchObject({ correct: 17, trials: 20 })
  })

  it('splits context loss exactly into propagation and interference', () => {
    expect(one!.contextLoss).toMatchObject({ n: 10, count: 5, estimate: 0.5 })
    expect(one!.propagation).toMatchObject({ n: 10, count: 2, estimate: 0.2 })
    expect(one!.interference).toMatchObject({ n: 10, count: 3, estimate: 0.3 })
    expect(zero!.contextLoss!.count).toBe(1)
    expect(zero!.propagation!.count).toBe(0)
    expect(zero!.interference!.count).toBe(1)
    for (const row of summary.rows) {
      expect(row.contextLoss!.count).toBe(row.propagation!.count + row.interference!.count)
      expect(row.contextLoss!.estimate).toBeCloseTo(
        row.propagation!.estimate + row.interference!.estimate,
        12,
      )
    }
    expect(cell!.contextLoss).toMatchObject({ count: 6, estimate: 0.3 })
    expect(cell!.propagation!.count).toBe(2)
    expect(cell!.interference!.count).toBe(4)
  })

  it('gives each difference its McNemar p from the discordant pairs, and an interval around it', () => {
    expect(one!.contextLoss!.p).toBeCloseTo(2 / 2 ** 5, 12) // 5 pairs right isolated and wrong in-graph, none the other way
    expect(one!.propagation!.p).toBeCloseTo(0.5, 12)
    expect(one!.interference!.p).toBeCloseTo(0.25, 12)
    for (const d of [one!.contextLoss!, cell!.contextLoss!]) {
      expect(d.lower).toBeLessThan(d.estimate)
      expect(d.upper).toBeGreaterThan(d.estimate)
    }
  })

  it('counts the evidence labels of the wrong in-graph nodes', () => {
    expect(one!.evidence).toEqual({ local: 1, propagated: 2, interference: 3 })
    expect(cell!.evidence).toEqual({ local: 1, propagated: 2, interference: 4 })
  })

  it('is null when no record ran a condition besides in-graph', () => {
    expect(contextLoss([makeRecord(), makeRecord({ sample: 1, infra: 'down' })])).toBeNull()
  })
})
