/**
 * A long graph under the conditions: every node prompt in flight listens on the trial's one
 * abort signal, so a 24-node chain has far more than Node's default ten listeners on it. That is
 * bounded by the graph, not a leak, and must not print a MaxListenersExceededWarning into the run.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { conditionsRun } from './conditions-run.ts'

describe('context conditions on a long chain', () => {
  const warnings: Error[] = []
  const listen = (warning: Error) => warnings.push(warning)
  afterEach(() => {
    process.off('warning', listen)
  })

  it('run every node without a listener warning', async () => {
    process.on('warning', listen)
    const run = await conditionsRun({
      persona: 'sim:oracle',
      suites: [{ topology: 'chain', options: { length: 24 }, category: 'math', targets: ['Convolution'] }],
    })
    expect(run.records).toHaveLength(1)
    const block = run.records[0]!.conditions!
    expect(block.nodes).toHaveLength(24)
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
  })
})
