import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import type { Manifest } from '../../src/contracts/dataset.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import { writeGeneratedDataset } from '../../src/generate/generate-dataset.ts'
import { readDataset, readDatasetInstances } from '../../src/io/dataset.ts'

const spec = {
  topology: 'chain',
  options: { length: 2 },
  categories: ['math'],
  targets: ['Convolution', 'DivisorSum'],
  samplesPerTask: 1,
  seed: '0',
}

describe('reading a dataset file', () => {
  it('streams the instances one by one and checks the manifest count at the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-dataset-'))
    const file = join(dir, 'd.jsonl')
    await writeGeneratedDataset(file, spec, { registry: defaultRegistry() })
    const whole = await readDataset(file)
    expect(whole.instances).toHaveLength(2)
    const read: { manifest?: Manifest } = {}
    const streamed: Instance[] = []
    for await (const instance of readDatasetInstances(file, read)) streamed.push(instance)
    expect(streamed).toEqual(whole.instances)
    expect(read.manifest).toEqual(whole.manifest)

    // The last instance's line dropped: its manifest still says 2.
    const short = join(dir, 'short.jsonl')
    writeFileSync(short, readFileSync(file, 'utf8').split('\n').slice(0, 2).join('\n'))
    const seen: Instance[] = []
    const reading = (async () => {
      for await (const instance of readDatasetInstances(short)) seen.push(instance)
    })()
    await expect(reading).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_DATASET',
      message: `${short}: manifest says 2 instances, file has 1`,
    })
    expect(seen).toHaveLength(1)
    await expect(readDataset(short)).rejects.toThrow(`${short}: manifest says 2 instances, file has 1`)
  })
})
