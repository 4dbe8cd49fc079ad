import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../plugins/index.ts'
import { snapshotPath, snapshotSpecs } from '../scripts/snapshot-specs.ts'
import { generateDataset } from '../src/generate/generate-dataset.ts'
import { encodeInstance, encodeManifest } from '../src/io/dataset.ts'

const registry = defaultRegistry()

describe('golden datasets in snapshots/ (accept a reviewed change with `npm run snapshots`)', () => {
  it.each(Object.entries(snapshotSpecs))('%s regenerates byte for byte', async (name, spec) => {
    const { manifest, instances } = await generateDataset(spec, { registry })
    const text = `${[encodeManifest(manifest), ...instances.map(encodeInstance)].join('\n')}\n`
    expect(instances.length).toBeGreaterThan(0)
    expect(text).toBe(readFileSync(snapshotPath(name), 'utf8'))
  })
})
