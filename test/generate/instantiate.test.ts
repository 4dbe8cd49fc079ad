import { describe, expect, test } from 'vitest'
import { math } from '../../plugins/math/index.ts'
import { generateSample, planDataset } from '../../src/generate/dataset-plan.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { packValue } from '../../src/generate/junction-values.ts'
import { encodeInstance } from '../../src/io/dataset.ts'
import { createRegistry } from '../../src/registry.ts'
import { valuesEqual } from '../../src/values.ts'
import { toyCategory } from '../fixtures/user-plugin/toy-plugin.ts'
import { rejection } from '../rejection.ts'
import { testChain, testDag, testShuffledPack, zeroTemplate } from './stand-ins.ts'

const registry = createRegistry([
  {
    name: 'test',
    categories: [math, toyCategory, { name: 'broken', templates: [zeroTemplate] }],
    topologies: [testChain, testDag, testShuffledPack],
  },
])
const chainSpec = {
  topology: 'test-chain',
  options: { length: 4 },
  categories: ['math'],
  samplesPerTask: 2,
  seed: 's1',
  targets: ['Convolution', 'DivisorSum'],
}

describe('instantiate', () => {
  test('a chain instance has every field: ids, numbers, names, sources and outputs', async () => {
    const { instances } = await generateDataset(chainSpec, { registry })
    const first = instances[0]!
    expect(first.id).toBe('test-chain/math/Convolution#0')
    expect(first.task).toBe('Convolution')
    expect(first.nodes.map((n) => n.number)).toEqual([1, 2, 3, 4])
    expect(first.nodes.map((n) => n.source.name)).toEqual([
      'task_1_input',
      'task_1_out',
      'task_2_out',
      'task_3_out',
    ])
    expect(first.nodes.map((n) => n.source.node)).toEqual([null, 't1', 't2', 't3'])
    expect(first.outputs).toEqual(['task_1_out', 'task_2_out', 'task_3_out', 'task_4_out'])
    expect(first.targets).toEqual(['t4'])
    expect(first.staticInputs).toEqual([{ node: 't1', name: 'task_1_input', value: first.nodes[0]!.input }])
    // Each node's input is its predecessor's output, and kinds chain.
    for (let i = 1; i < 4; i++) {
      expect(valuesEqual(first.nodes[i]!.input, first.nodes[i - 1]!.output)).toBe(true)
      expect(first.nodes[i]!.inputKind).toBe(first.nodes[i - 1]!.outputKind)
    }
    // Templates are not repeated in a chain (topology default).
    expect(new Set(first.nodes.map((n) => n.template)).size).toBe(4)
    expect(first.nodes[3]!.preprocess).toMatchObject({ kind: 'list', modulus: 100 })
    expect(first.prompt).toContain('Task 4:')
  })

  test('a static input is 10 ints in [-100, 100] or one such int, as bigints', async () => {
    const { instances } = await generateDataset({ ...chainSpec, samplesPerTask: 6 }, { registry })
    for (const instance of instances) {
      const value = instance.staticInputs[0]!.value
      const items = Array.isArray(value) ? value : [value]
      if (Array.isArray(value)) expect(value).toHaveLength(10)
      for (const x of items) {
        expect(typeof x).toBe('bigint')
        expect(x >= -100n && x <= 100n).toBe(true)
      }
    }
  })

  test('same spec and seed give the same lines; another seed gives others', async () => {
    const a = (await generateDataset(chainSpec, { registry })).instances.map(encodeInstance)
    const b = (await generateDataset(chainSpec, { registry })).instances.map(encodeInstance)
    const c = (await generateDataset({ ...chainSpec, seed: 's2' }, { registry })).instances.map(
      encodeInstance,
    )
    expect(b).toEqual(a)
    expect(c).not.toEqual(a)
  })

  test('sample 5 generated alone equals sample 5 of a full run', async () => {
    const spec = { ...chainSpec, samplesPerTask: 8, targets: ['DivisorSum'] }
    const full = await generateDataset(spec, { registry })
    const alone = await generateSample(planDataset(spec, registry), 'DivisorSum', 5)
    expect(encodeInstance(alone)).toBe(encodeInstance(full.instances[5]!))
  })

  test('pack and pick junctions compute their values and names', async () => {
    const { instances } = await generateDataset(
      {
        topology: 'test-dag',
        options: {},
        categories: ['math'],
        samplesPerTask: 3,
        seed: '1',
        targets: ['DivisorSum'],
      },
      { registry },
    )
    for (const instance of instances) {
      const node = (id: string) => instance.nodes.find((n) => n.id === id)!
      const pack = instance.junctions.find((j) => j.op === 'pack')!
      const pick = instance.junctions.find((j) => j.op === 'pick')!
      expect(pack.sources).toEqual(['a', 'b'])
      expect(pack.output).toEqual(packValue([node('a').output as bigint, node('b').output as bigint]))
      expect(pack.name).toBe(`task_${node('c').number}_input`)
      expect(node('c').input).toEqual(pack.output)
      expect(node('c').source).toEqual({ node: 'k', name: pack.name })
      expect(pick.output).toEqual((node('c').output as bigint[])[2])
      expect(node('d').input).toEqual(pick.output)
      expect(node('d').template).toBe('DivisorSum')
      expect(node('e').source.name).toBe(`task_${node('c').number}_out`)
      expect(instance.staticInputs.map((s) => s.node)).toEqual(['a', 'b'])
    }
  })

  test('a pack whose inputs are not in slot order reads them in slot order', async () => {
    const { instances } = await generateDataset(
      {
        topology: 'test-shuffled-pack',
        options: {},
        categories: ['math'],
        samplesPerTask: 2,
        seed: '4',
        targets: ['Convolution'],
      },
      { registry },
    )
    for (const instance of instances) {
      const output = (id: string) => instance.nodes.find((n) => n.id === id)!.output as bigint
      const pack = instance.junctions[0]!
      expect(pack.sources).toEqual(['c', 'a', 'b'])
      expect(pack.output).toEqual(packValue([output('c'), output('a'), output('b')]))
      expect(instance.prompt).toContain(`${pack.name} = [task_3_out, task_1_out, task_2_out, `)
    }
  })

  test('async solvers are awaited (toy Total)', async () => {
    const { instances } = await generateDataset(
      {
        topology: 'test-chain',
        options: { length: 2 },
        categories: ['toy'],
        samplesPerTask: 2,
        seed: '3',
        targets: ['Total'],
      },
      { registry },
    )
    for (const instance of instances) {
      const [first, last] = instance.nodes
      expect(last!.output).toBe((first!.output as bigint[]).reduce((a, b) => a + b, 0n) + 1000n)
    }
  })

  test('templates repeat only when allowed', async () => {
    // Four toy tasks cannot all differ: the category has three templates.
    const spec = {
      topology: 'test-chain',
      options: { length: 4 },
      categories: ['toy'],
      samplesPerTask: 1,
      seed: '3',
      targets: ['Shift'],
      maxAttempts: 5,
    }
    const error = await rejection(generateDataset(spec, { registry }))
    expect(error.code).toBe('ARBIGRAPH_GENERATION_FAILED')
    expect(error.message).toMatch(
      /no unused template of "toy" reads a (scalar|list) and returns a (scalar|list)/,
    )
    const { instances } = await generateDataset({ ...spec, repeatTemplates: true }, { registry })
    const used = instances[0]!.nodes.map((n) => n.template)
    expect(used).toHaveLength(4)
    expect(new Set(used).size).toBeLessThan(4)
  })

  test('a sample that never passes the filter names the target, sample, node and reason', async () => {
    const spec = {
      topology: 'test-chain',
      options: { length: 2 },
      categories: ['broken'],
      samplesPerTask: 1,
      seed: '0',
      maxAttempts: 7,
      repeatTemplates: true,
    }
    const error = await rejection(generateDataset(spec, { registry }))
    expect(error.code).toBe('ARBIGRAPH_GENERATION_FAILED')
    expect(error.message).toContain('target "Zero" sample 0: no usable instance in 7 attempts')
    expect(error.message).toContain('at node "t1" (task 1): Zero output rejected: the value is 0')
  })

  test('an unsatisfiable target is an error naming the node', async () => {
    // Total reads a list: target "d" reads a picked scalar, and at "e" node "c" would need a
    // list->list template, which the toy category lacks.
    const spec = {
      topology: 'test-dag',
      options: {},
      categories: ['toy'],
      samplesPerTask: 1,
      seed: '0',
      targets: ['Total'],
    }
    const error = await rejection(generateDataset(spec, { registry }))
    expect(error.code).toBe('ARBIGRAPH_UNSATISFIABLE')
    expect(error.message).toContain('node "c": its successors ("p", "e") accept list')
  })
})
