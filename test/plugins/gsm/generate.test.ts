import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { defaultRegistry } from '../../../plugins/index.ts'
import { generateDataset } from '../../../src/generate/generate-dataset.ts'
import { informationProblems } from '../../generate/information.ts'

const pickPack = JSON.parse(
  readFileSync(new URL('../../../examples/graphs/pick-pack.json', import.meta.url), 'utf8'),
)
// The pick-pack example with its two scalar → scalar tasks (between the picks and the pack) made gsm.
const gsmPicks = {
  ...pickPack,
  nodes: pickPack.nodes.map((n: { id: string }) =>
    n.id === 't2' || n.id === 't3' ? { ...n, family: 'gsm' } : n,
  ),
}

describe('gsm nodes in every topology', () => {
  test.each([
    ['baseline', {}, ['gsm']],
    ['forgetting', { distractors: 3 }, ['gsm']],
    ['chain', { length: 4 }, ['gsm']],
    ['chain', { length: 4 }, ['gsm', 'math']],
    [
      'multichain',
      { structure: "['math','math',['gsm','math'],['math','gsm'],'math','math']" },
      ['math', 'gsm'],
    ],
    ['dag', { graph: gsmPicks }, ['math', 'gsm']],
    ['random', { nodes: 40 }, ['gsm', 'math']],
  ])(
    '%s %j over %j: generates, states every parameter, solves exactly',
    async (topology, options, categories) => {
      const spec = { topology, options, categories, samplesPerTask: 1, seed: 'gsm' }
      const { instances } = await generateDataset(spec, { registry: defaultRegistry() })
      expect(instances.length).toBeGreaterThan(0)
      const gsmNodes = instances.flatMap((i) => i.nodes.filter((n) => n.family === 'gsm'))
      expect(gsmNodes.length).toBeGreaterThan(0)
      for (const node of gsmNodes) {
        expect(node.inputKind).toBe('scalar')
        expect(typeof node.output).toBe('bigint')
      }
      const problems = instances.flatMap((i) => informationProblems(i).map((p) => `${i.id}: ${p}`))
      expect(problems.slice(0, 5)).toEqual([])
    },
  )

  test('the same seed regenerates the same gsm prompts', async () => {
    const spec = {
      topology: 'chain',
      options: { length: 3 },
      categories: ['gsm'],
      samplesPerTask: 1,
      seed: 's',
      targets: ['Quilt'],
    }
    const a = await generateDataset(spec, { registry: defaultRegistry() })
    const b = await generateDataset(spec, { registry: defaultRegistry() })
    expect(a.instances[0]!.prompt).toBe(b.instances[0]!.prompt)
  })
})
