/**
 * A frozen dataset suite's options and cases: only `harness` and `conditions` go with `dataset`;
 * cases follow the file's order, named like a generated suite's, repeated per epoch, each with
 * the dataset's hash and the instance's position, and ids that carry the hash's first digits.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { writeGeneratedDataset } from '../../src/generate/generate-dataset.ts'
import { loadFrozenDataset } from '../../src/io/frozen-dataset.ts'
import { datasetCases, declareDatasetSuite } from '../../src/vitest/dataset-suite.ts'
import { scratchDir } from '../cli/reference-io.ts'

describe('defineSuite({ dataset })', () => {
  it('refuses generation options beside a dataset, and a missing path', () => {
    expect(() => declareDatasetSuite({ dataset: 'd.jsonl', seed: '1' } as never)).toThrow(
      'defineSuite: "seed" does not go with "dataset"',
    )
    expect(() => declareDatasetSuite({ dataset: '' })).toThrow(
      'defineSuite: dataset: expected the path of a dataset file',
    )
    expect(() => declareDatasetSuite({ dataset: '/no/such/file.jsonl' })).toThrow(
      '/no/such/file.jsonl: no such dataset file',
    )
  })

  it('cases in file order, per epoch, named as a generated suite names them', async () => {
    const dir = scratchDir()
    const path = join(dir, 'd.jsonl')
    const spec = {
      topology: 'chain',
      options: { length: 2 },
      categories: ['math'],
      targets: ['DivisorSum'],
      samplesPerTask: 2,
      seed: 's',
    }
    await writeGeneratedDataset(path, spec, { registry: defaultRegistry() })
    const { sha256 } = await loadFrozenDataset(path, defaultRegistry())
    const cases = await datasetCases(path, process.cwd(), { samples: 5, epochs: 2, seed: 'ignored' })
    expect(cases.map((c) => c.name)).toEqual([
      'DivisorSumTask #0 epoch 0',
      'DivisorSumTask #0 epoch 1',
      'DivisorSumTask #1 epoch 0',
      'DivisorSumTask #1 epoch 1',
    ])
    expect(cases[2]!.identity).toEqual({
      caseId: `chain/math/DivisorSum#1 (dataset=${sha256.slice(0, 12)})`,
      instanceId: `chain/math/DivisorSum#1 (dataset=${sha256.slice(0, 12)})`,
      topology: 'chain',
      category: 'math',
      task: 'DivisorSum',
      sample: 1,
      epoch: 0,
      suite: { dataset: sha256.slice(0, 12) },
      dataset: { sha256, index: 1, file: 'd.jsonl' },
    })
  })
})
