/**
 * A Long-Transduction JSONL file as a frozen dataset: its documents in file order, each checked
 * by regenerating it from the grid point and seed its line names (a one-byte change is refused
 * naming the document), every record with the file's content hash and the document's position,
 * the run's results listing the dataset, and no grid options beside `dataset`.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { transduction } from '../../../plugins/transduction/benchmark.ts'
import { generateTransduction } from '../../../plugins/transduction/generate-grid.ts'
import { checkTransductionRecord } from '../../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../../plugins/transduction/report/build-results.ts'
import { transductionDatasetCases } from '../../../plugins/transduction/suite/dataset-cases.ts'
import { transductionInfraRecord } from '../../../plugins/transduction/suite/score-record.ts'
import { parseBenchmarkOptions } from '../../../src/contracts/benchmark.ts'
import { datasetKind } from '../../../src/io/dataset-label.ts'
import { scratchDir } from '../../cli/reference-io.ts'

const dir = scratchDir()
const path = join(dir, 'lt.jsonl')
const docs = generateTransduction(
  { families: ['arithmetic'], levels: [0], budgets: ['4K'], samples: 2 },
  'frozen',
).slice(0, 2)
const text = docs.map((d) => `${JSON.stringify(d)}\n`).join('')
writeFileSync(path, text)
const sha256 = createHash('sha256').update(text).digest('hex')

describe('a Long-Transduction dataset file', () => {
  it('is told apart from ArbiGraph files by its first line', () => {
    expect(datasetKind(path)).toBe('transduction')
  })

  it('gives one case per document in file order, with the content hash and position', async () => {
    const cases = await transduction.cases(
      parseBenchmarkOptions(transduction, { family: 'arithmetic', dataset: path }, 't'),
    )
    expect(cases.map((c) => c.name)).toEqual(docs.map((d) => `${d.family} ${d.format} L0 4K #${d.sample}`))
    expect(cases[1]!.identity).toMatchObject({
      documentId: `${docs[1]!.id} (dataset=${sha256.slice(0, 12)})`,
      dataset: { sha256, index: 1, file: 'lt.jsonl' },
    })
    const records = cases.map((c) =>
      transductionInfraRecord(c.identity as never, 'not run', { model: 'sim:oracle', latencyMs: 0 }),
    )
    for (const record of records) expect(checkTransductionRecord(record)).toEqual(record)
    const run = {
      started: 'a',
      finished: 'b',
      reason: 'passed' as const,
      shard: null,
      merged: false,
      env: {},
    }
    expect(buildTransductionResults(records, run, 'test').datasets).toEqual([
      { sha256, file: 'lt.jsonl', instances: 2, trials: 2 },
    ])
  })

  it('a one-byte change is refused naming the document', () => {
    const lines = readFileSync(path, 'utf8').split('\n')
    const at = lines[1]!.indexOf('"prompt":"') + 10
    lines[1] = `${lines[1]!.slice(0, at)}${lines[1]![at] === 'x' ? 'y' : 'x'}${lines[1]!.slice(at + 1)}`
    const changed = join(dir, 'changed.jsonl')
    writeFileSync(changed, lines.join('\n'))
    expect(() => transductionDatasetCases(changed)).toThrow(
      `${changed}:2: document 1 ("${docs[1]!.id}") differs from the document its family, format, level, budget, sample and seed generate`,
    )
  })

  it('takes no grid options beside the dataset', () => {
    expect(() =>
      parseBenchmarkOptions(
        transduction,
        { family: 'arithmetic', dataset: path, budgets: ['8K'] },
        'defineTransductionSuite',
      ),
    ).toThrow('defineTransductionSuite: budgets: does not go with "dataset"')
  })
})
