import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { math } from '../../plugins/math/index.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { createRegistry } from '../../src/registry.ts'
import { informationProblems } from './information.ts'
import { testChain, testDag } from './stand-ins.ts'

const registry = createRegistry([{ name: 'test', categories: [math], topologies: [testChain, testDag] }])
const pickPack = JSON.parse(
  readFileSync(new URL('../../examples/graphs/pick-pack.json', import.meta.url), 'utf8'),
)
const paper = "['math','math',['math','math'],['math','math'],'math','math']"

describe('information: every value a solver reads is stated in its part of the prompt', () => {
  test.each([
    ['test-chain', { length: 4 }],
    ['test-dag', {}],
  ])('%s', async (topology, options) => {
    const { instances } = await generateDataset(
      { topology, options, categories: ['math'], samplesPerTask: 2, seed: 'info' },
      { registry },
    )
    expect(instances.length).toBeGreaterThanOrEqual(40)
    const problems = instances.flatMap((instance) =>
      informationProblems(instance).map((p) => `${instance.id}: ${p}`),
    )
    expect(problems).toEqual([])
  })

  test.each([
    ['baseline', {}, 2],
    ['forgetting', { distractors: 3 }, 2],
    ['chain', { length: 4 }, 2],
    ['multichain', { structure: paper }, 2],
    ['dag', { graph: pickPack }, 2],
    ['random', { nodes: 200 }, 1],
  ])('built-in %s', async (topology, options, samplesPerTask) => {
    const spec = { topology, options, categories: ['math'], samplesPerTask, seed: 'info' }
    const { instances } = await generateDataset(spec, { registry: defaultRegistry() })
    expect(instances.length).toBeGreaterThanOrEqual(20)
    const problems = instances.flatMap((instance) =>
      informationProblems(instance).map((p) => `${instance.id}: ${p}`),
    )
    expect(problems.slice(0, 10)).toEqual([])
    if (topology === 'dag') expect(instances[0]!.junctions.map((j) => j.op)).toEqual(['pick', 'pick', 'pack'])
    if (topology === 'random') expect(instances[0]!.nodes).toHaveLength(200)
  })

  test('the check catches a missing parameter', async () => {
    const { instances } = await generateDataset(
      {
        topology: 'test-chain',
        options: { length: 1 },
        categories: ['math'],
        samplesPerTask: 1,
        seed: 'x',
        targets: ['Convolution'],
      },
      { registry },
    )
    const instance = instances[0]!
    const tampered = {
      ...instance,
      prompt: instance.prompt.replace(/Define seq2_1 = \[[^\]]*\]/, 'Define seq2_1 = [?]'),
    }
    expect(informationProblems(instance)).toEqual([])
    expect(informationProblems(tampered).join('\n')).toContain('param seq2')
  })
})
