/**
 * A sweep under all three context conditions on the simulator: the cases defineSweep generates,
 * answered in-graph by the real tool agent and then node by node (isolated and chained) through
 * the same harness. The results file carries one curve per condition, each point's n equal to the
 * trials that ran it, and every curve's accuracy is the case-level rule applied to the records.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { fixedRun as run, sweepConditionsRun } from './sweep-run.ts'

const sweep = {
  topology: 'chain',
  category: 'math',
  vary: { length: [1, 2, 4, 8] },
  samplesPerTask: 1,
  repeatTemplates: true,
  targets: ['Convolution', 'DivisorSum', 'NTT'],
}

/** The case-level verdict in a condition, recomputed from the record's wire form. */
const caseCorrect = (r: CaseRecord, condition: 'isolated' | 'chained') =>
  r
    .grade!.nodes.filter((n) => n.target)
    .every((n) => r.conditions!.nodes.find((c) => c.node === n.node)![condition]!.verdict === 'correct')

describe('a sweep under in-graph, isolated and chained on the simulator', () => {
  let oracle: CaseRecord[]
  let noisy: CaseRecord[]
  beforeAll(async () => {
    oracle = await sweepConditionsRun('sim:oracle', sweep)
    noisy = await sweepConditionsRun('sim:noisy', sweep)
  })

  it('sim:oracle: three curves, every point 100%, every breaking point beyond the range', () => {
    const { sweeps } = decodeResults(JSON.stringify(buildResults(oracle, run, 'test')), 'oracle.json')
    expect(sweeps!.map((c) => [c.key, c.condition])).toEqual([
      ['chain-length/math', 'in-graph'],
      ['chain-length/math:isolated', 'isolated'],
      ['chain-length/math:chained', 'chained'],
    ])
    for (const curve of sweeps!) {
      expect(curve.points.map((p) => [p.size, p.n, p.correct])).toEqual([
        [1, 3, 3],
        [2, 3, 3],
        [4, 3, 3],
        [8, 3, 3],
      ])
      expect(curve.fit!.breakingPoint).toEqual({ status: 'beyond' })
    }
  })

  it('sim:noisy: each condition’s accuracy is its case-level rule, against the in-graph prompt tokens', () => {
    expect(noisy.every((r) => r.infraError === null && r.conditions?.ran.length === 3)).toBe(true)
    const { sweeps } = decodeResults(JSON.stringify(buildResults(noisy, run, 'test')), 'noisy.json')
    expect(sweeps).toHaveLength(3)
    const [inGraph, isolated, chained] = sweeps!
    for (const [curve, correct] of [
      [inGraph!, (r: CaseRecord) => r.grade!.correct],
      [isolated!, (r: CaseRecord) => caseCorrect(r, 'isolated')],
      [chained!, (r: CaseRecord) => caseCorrect(r, 'chained')],
    ] as const) {
      expect(curve.points.map((p) => p.correct)).toEqual(
        [1, 2, 4, 8].map((v) => noisy.filter((r) => r.sweep!.value === v && correct(r)).length),
      )
      expect(curve.fit).not.toBeNull()
    }
    // Every curve is read against the instance's in-graph prompt tokens, the tokens plot's x.
    const at8 = noisy.filter((r) => r.sweep!.value === 8)
    const inGraphTokens = at8.reduce((s, r) => s + r.tokens.prompt, 0) / at8.length
    expect(sweeps!.map((c) => c.points[3]!.promptTokensMean)).toEqual([
      inGraphTokens,
      inGraphTokens,
      inGraphTokens,
    ])
  })
})
