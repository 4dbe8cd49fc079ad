/**
 * Context conditions acceptance: the same instances answered in-graph, isolated and chained by
 * the built-in simulator through the real tool agent. sim:oracle is right everywhere; sim:noisy,
 * whose errors grow with prompt length and node depth, loses accuracy in the graph, and the report
 * splits that loss exactly into propagation and interference with their intervals.
 */
import { describe, expect, it } from 'vitest'
import { contextLoss } from '../../src/metrics/context-loss.ts'
import { contextLossSection } from '../../src/report/format-context-loss.ts'
import { conditionsRun } from '../conditions/conditions-run.ts'

const suites = [
  { topology: 'chain', options: { length: 4 }, category: 'math' },
  { topology: 'multichain', category: 'math' },
]

describe('context conditions on the simulator', () => {
  it('sim:oracle scores 100% under all three conditions', async () => {
    const run = await conditionsRun({
      persona: 'sim:oracle',
      suites: [...suites, { topology: 'chain', category: 'gsm' }],
    })
    const loss = contextLoss(run.records)!
    expect(loss.rows.length).toBeGreaterThan(3)
    for (const row of loss.rows) {
      for (const condition of ['in-graph', 'isolated', 'chained'] as const) {
        const a = row.accuracy[condition]!
        expect(a.trials).toBe(row.nodes)
        expect(a.correct).toBe(row.nodes)
      }
      expect(row.contextLoss!.count).toBe(0)
    }
    for (const record of run.records)
      for (const node of record.conditions!.nodes) expect(node.chained!.givenInputs).toBe('correct')
  })

  it('sim:noisy on chain and multichain math: context loss > 0, split into propagation and interference', async () => {
    const run = await conditionsRun({ persona: 'sim:noisy', suites })
    const loss = contextLoss(run.records)!
    const text = contextLossSection(run.records, 'text')
    for (const cell of ['chain', 'multichain']) {
      const row = loss.rows.find((r) => r.topology === cell && r.depth === null)!
      const { contextLoss: l, propagation: p, interference: i } = row
      expect(l!.estimate).toBeGreaterThan(0)
      expect(l!.lower).toBeGreaterThan(0) // the whole interval: a real loss, not noise
      expect(l!.lower).toBeLessThan(l!.estimate)
      expect(l!.upper).toBeGreaterThan(l!.estimate)
      expect(l!.count).toBe(p!.count + i!.count)
      expect(p!.estimate).toBeGreaterThan(0)
      expect(i!.estimate).toBeGreaterThan(0)
      expect(text).toContain(`${cell}/math`)
    }
  })

  it('is deterministic: the same seed gives the same conditions block, whatever the order requests finish in', async () => {
    const once = async () =>
      (await conditionsRun({ persona: 'sim:noisy', noise: 2, suites: [suites[0]!] })).records.map((r) =>
        JSON.stringify(r.conditions),
      )
    const [a, b] = await Promise.all([once(), once()])
    expect(a.length).toBeGreaterThan(10)
    expect(b).toEqual(a)
  })
})
