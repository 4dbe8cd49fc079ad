import { describe, expect, it } from 'vitest'
import { readNodeLinkFile } from '../../src/graph/read-node-link-file.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { simCaseOf, taskDepths } from '../../src/vitest/sim-case.ts'

const one = { samples: undefined, epochs: 1, seed: undefined }

describe('simCaseOf', () => {
  it('gives a chain increasing depths, every output as a Python repr and the target name', async () => {
    const [c] = await suiteCases(
      {
        topology: 'chain',
        options: { length: 4 },
        category: 'math',
        targets: ['DivisorSum'],
        samplesPerTask: 1,
      },
      one,
    )
    const sim = simCaseOf(c!.instance)
    expect(sim.prompt).toBe(c!.instance.prompt)
    expect(sim.depth).toEqual({ task_1_out: 0, task_2_out: 1, task_3_out: 2, task_4_out: 3 })
    expect(sim.targets).toEqual(['task_4_out'])
    expect(Object.keys(sim.outputs ?? {})).toEqual(['task_1_out', 'task_2_out', 'task_3_out', 'task_4_out'])
    for (const repr of Object.values(sim.outputs ?? {})) expect(repr).toMatch(/^-?[\d[]/)
  })

  it('counts tasks, not junctions, through picks and packs', async () => {
    const { json: graph } = readNodeLinkFile('examples/graphs/pick-pack.json')
    const [c] = await suiteCases(
      { topology: 'dag', options: { graph }, category: 'math', samplesPerTask: 1 },
      one,
    )
    const depths = taskDepths(c!.instance)
    expect(Object.fromEntries(depths)).toEqual({ t1: 0, t2: 1, t3: 1, t4: 2 })
  })
})
