import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { builtinPlugin, defaultRegistry } from '../../plugins/index.ts'
import { chain } from '../../plugins/topologies/chain.ts'
import { topology } from '../../src/contracts/topology.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { generateDataset, streamDataset, writeGeneratedDataset } from '../../src/generate/generate-dataset.ts'
import { encodeInstance, encodeManifest } from '../../src/io/dataset.ts'
import { createRegistry } from '../../src/registry.ts'
import { rejection } from '../rejection.ts'

const spec = {
  topology: 'chain',
  options: { length: 3 },
  categories: ['math'],
  samplesPerTask: 2,
  seed: 's',
  targets: ['DivisorSum', 'FWHT', 'NTT'],
}

/**
 * A random-shape chain whose n-th build throws: build 1 is the target probe, build k + 2 the
 * skeleton of sample k, so the run fails part-way, after earlier samples were made.
 */
function failingAtBuild(n: number) {
  let builds = 0
  const flaky = topology({
    name: 'flaky',
    summary: 'a chain that breaks at one build',
    options: chain.options,
    defaults: chain.defaults,
    shape: 'random',
    build: (options, rng) => {
      if (++builds === n) throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `build ${n} broke`)
      return chain.build(options, rng)
    },
  })
  return createRegistry([builtinPlugin, { name: 'test', topologies: [flaky] }])
}

describe('streamDataset', () => {
  test('makes an instance only when the consumer asks for it', async () => {
    const progress: number[] = []
    const { manifest, items } = await streamDataset(spec, 'instances', {
      registry: defaultRegistry(),
      onProgress: (done) => progress.push(done),
    })
    expect(manifest.count).toBe(6)
    expect(progress).toEqual([])
    const iterator = items[Symbol.asyncIterator]()
    const first = await iterator.next()
    expect(first.done).toBe(false)
    expect(progress).toEqual([1])
    await iterator.next()
    expect(progress).toEqual([1, 2])
    await iterator.return?.()
  })

  test('lines are the encoded instances, bytes the same lines in UTF-8, in dataset order, on one thread and on two', async () => {
    const { manifest, instances } = await generateDataset(spec, { registry: defaultRegistry() })
    const expected = instances.map(encodeInstance)
    for (const workers of [1, 2]) {
      const options = workers === 1 ? { registry: defaultRegistry() } : { workers }
      const stream = await streamDataset(spec, 'lines', options)
      const lines: string[] = []
      for await (const line of stream.items) lines.push(line)
      expect(lines).toEqual(expected)
      expect(encodeManifest(stream.manifest)).toBe(encodeManifest(manifest))
      // Bytes come in blocks that, in order, make the lines, each ending in a newline.
      const blocks: Uint8Array[] = []
      for await (const block of (await streamDataset(spec, 'bytes', options)).items) blocks.push(block)
      expect(Buffer.concat(blocks).toString('utf8')).toBe(expected.map((line) => `${line}\n`).join(''))
    }
  })
})

describe('writeGeneratedDataset', () => {
  test('writes the manifest (with the final count) and every line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-stream-'))
    const path = join(dir, 'd.jsonl')
    const manifest = await writeGeneratedDataset(path, spec, { registry: defaultRegistry() })
    const lines = readFileSync(path, 'utf8').split('\n')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(8)
    expect(lines[0]).toBe(encodeManifest(manifest))
    expect(JSON.parse(lines[0]!).count).toBe(6)
  })

  test('a sample failing part-way leaves neither a file nor a temporary file, and keeps an old file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-stream-'))
    const path = join(dir, 'd.jsonl')
    writeFileSync(path, 'previous good dataset\n')
    const progress: number[] = []
    const error = await rejection(
      writeGeneratedDataset(
        path,
        { ...spec, topology: 'flaky' },
        { registry: failingAtBuild(5), onProgress: (done) => progress.push(done) },
      ),
    )
    expect(error.code).toBe('ARBIGRAPH_BAD_GRAPH')
    expect(error.message).toBe('build 5 broke')
    expect(progress).toEqual([1, 2, 3])
    expect(readdirSync(dir)).toEqual(['d.jsonl'])
    expect(readFileSync(path, 'utf8')).toBe('previous good dataset\n')
  })
})
