import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { math } from '../../plugins/math/index.ts'
import { generateDataset, writeGeneratedDataset } from '../../src/generate/generate-dataset.ts'
import { useGenerationHelper } from '../../src/generate/helper-entry.ts'
import { encodeInstance, readDataset } from '../../src/io/dataset.ts'
import { rejection } from '../rejection.ts'

const fixture = fileURLToPath(new URL('../fixtures/user-plugin', import.meta.url))
const chainSpec = {
  topology: 'chain',
  options: { length: 4 },
  categories: ['math'],
  samplesPerTask: 2,
  seed: '7',
}

describe('generateDataset', () => {
  test('default targets: every template of the first category, in category order, samples 0..S-1', async () => {
    const { manifest, instances } = await generateDataset(chainSpec, { registry: defaultRegistry() })
    expect(manifest.count).toBe(80)
    expect(manifest.spec).toEqual(chainSpec)
    expect(instances.map((i) => i.task)).toEqual(math.templates.flatMap((t) => [t.id, t.id]))
    expect(instances.slice(0, 2).map((i) => i.id)).toEqual([
      `chain/math/${math.templates[0]!.id}#0`,
      `chain/math/${math.templates[0]!.id}#1`,
    ])
  })

  test('1 worker and 2 workers write byte-identical files, reporting progress', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-gen-'))
    const spec = {
      topology: 'multichain',
      options: { structure: "['m','m',['m','m'],['m','m'],'m','m']" },
      categories: ['math'],
      samplesPerTask: 3,
      seed: 'w',
    }
    const progress: [number, number][] = []
    await writeGeneratedDataset(join(dir, 'one.jsonl'), spec, { workers: 1 })
    await writeGeneratedDataset(join(dir, 'two.jsonl'), spec, {
      workers: 2,
      onProgress: (done, total) => progress.push([done, total]),
    })
    const one = readFileSync(join(dir, 'one.jsonl'), 'utf8')
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toBe(one)
    expect(one.split('\n').filter(Boolean)).toHaveLength(121)
    expect(progress.at(-1)).toEqual([120, 120])
    const { instances } = await readDataset(join(dir, 'one.jsonl'))
    expect(instances[0]!.nodes).toHaveLength(8)
  })

  test('explicit targets keep their order; unknown ids are errors', async () => {
    const { instances } = await generateDataset(
      { ...chainSpec, targets: ['DivisorSum', 'FWHT'] },
      { registry: defaultRegistry() },
    )
    expect(instances.map((i) => i.task)).toEqual(['DivisorSum', 'DivisorSum', 'FWHT', 'FWHT'])
    const error = await rejection(
      generateDataset({ ...chainSpec, targets: ['NoSuchTask'] }, { registry: defaultRegistry() }),
    )
    expect(error.code).toBe('ARBIGRAPH_UNKNOWN_TEMPLATE')
    expect(error.message).toContain('targets: unknown template "NoSuchTask" in category "math"')
  })

  test('bad topology options name the option', async () => {
    const error = await rejection(
      generateDataset({ ...chainSpec, options: { length: 0 } }, { registry: defaultRegistry() }),
    )
    expect(error.code).toBe('ARBIGRAPH_USAGE')
    expect(error.message).toContain('topology "chain": option "length"')
    const unknown = await rejection(
      generateDataset({ ...chainSpec, options: { lenght: 3 } }, { registry: defaultRegistry() }),
    )
    expect(unknown.message).toContain('topology "chain"')
    expect(unknown.message).toContain('lenght')
  })

  test('a bad spec names the field; an unknown topology lists the known ones', async () => {
    const error = await rejection(
      generateDataset({ ...chainSpec, samplesPerTask: 0 }, { registry: defaultRegistry() }),
    )
    expect(error.code).toBe('ARBIGRAPH_USAGE')
    expect(error.message).toContain('generation spec: samplesPerTask')
    const topology = await rejection(
      generateDataset({ ...chainSpec, topology: 'spiral' }, { registry: defaultRegistry() }),
    )
    expect(topology.code).toBe('ARBIGRAPH_UNKNOWN_TOPOLOGY')
    expect(topology.message).toContain('"chain"')
  })

  test('a custom registry cannot be shared with workers', async () => {
    const error = await rejection(generateDataset(chainSpec, { registry: defaultRegistry(), workers: 2 }))
    expect(error.code).toBe('ARBIGRAPH_USAGE')
  })

  test('a user plugin from arbigraph.config.ts generates in-thread and in workers alike', async () => {
    const spec = { topology: 'toy-pair', options: {}, categories: ['toy'], samplesPerTask: 3, seed: 'toy' }
    const one = await generateDataset(spec, { cwd: fixture })
    const two = await generateDataset(spec, { cwd: fixture, workers: 2 })
    // Total reads a list but the target reads a picked scalar, so it is skipped.
    expect([...new Set(one.instances.map((i) => i.task))]).toEqual(['Shift', 'Countdown'])
    expect(two.instances).toEqual(one.instances)
    const first = one.instances[0]!
    expect(first.junctions[0]).toMatchObject({ op: 'pick', index: 1, name: 'task_2_input' })
    expect(first.nodes[1]!.input).toBe((first.nodes[0]!.output as bigint[])[1])
  })

  test('random shapes pin each target on a sink that can read it, reproducibly', async () => {
    const spec = {
      topology: 'random',
      options: { nodes: 60 },
      categories: ['math'],
      samplesPerTask: 3,
      seed: 'r',
      targets: ['DivisorSum', 'Convolution'],
    }
    const a = await generateDataset(spec, { registry: defaultRegistry() })
    const b = await generateDataset(spec, { registry: defaultRegistry() })
    expect(b.instances.map(encodeInstance)).toEqual(a.instances.map(encodeInstance))
    for (const instance of a.instances) {
      const carrier = instance.nodes.find(
        (n) => instance.targets.includes(n.id) && n.template === instance.task,
      )
      expect(carrier, instance.id).toBeDefined()
      expect(instance.nodes).toHaveLength(60)
    }
  })

  test('errors inside workers keep their code', async () => {
    const spec = {
      topology: 'chain',
      options: { length: 45 },
      categories: ['math'],
      samplesPerTask: 2,
      seed: '0',
      targets: ['DivisorSum'],
      maxAttempts: 2,
    }
    const error = await rejection(generateDataset(spec, { workers: 2 }))
    expect(error.code).toBe('ARBIGRAPH_GENERATION_FAILED')
    expect(error.message).toContain('target "DivisorSum"')
  })

  test('a helper thread that cannot start fails the run with its reason and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-gen-'))
    const missing = join(dir, 'no-such-helper.js')
    useGenerationHelper(missing)
    try {
      // Enough samples that this thread is still making them when the helper's failure comes.
      const spec = { ...chainSpec, samplesPerTask: 64 }
      const error = await rejection(writeGeneratedDataset(join(dir, 'out.jsonl'), spec, { workers: 2 }))
      expect(error.code).toBe('ARBIGRAPH_GENERATION_FAILED')
      expect(error.message).toContain('a generation thread failed')
      expect(error.message).toContain('no-such-helper.js')
      expect(existsSync(join(dir, 'out.jsonl'))).toBe(false)
      expect(readdirSync(dir)).toEqual([])
    } finally {
      useGenerationHelper()
    }
  })
})
