/**
 * Frozen datasets read as they are: our JSONL checked before it is evaluated (a generated file
 * by regenerating it from its spec, an imported one by the instance digests its manifest holds),
 * a changed file refused naming the first changed instance, the reference's format read through
 * the importer, and the content hash the same for a reference file and its import.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { importReferenceCommand } from '../../src/cli/commands/import-reference.ts'
import { writeGeneratedDataset } from '../../src/generate/generate-dataset.ts'
import { datasetLabel } from '../../src/io/dataset-label.ts'
import { loadFrozenDataset } from '../../src/io/frozen-dataset.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'
import { rejection } from '../rejection.ts'
import {
  arbigraphDir,
  baselineFile,
  divisorSumRecord,
  haveReference,
  writeJson,
} from './reference/fixtures.ts'

const registry = defaultRegistry()
const dir = scratchDir()
const generated = join(dir, 'chain-math.jsonl')
const spec = {
  topology: 'chain',
  options: { length: 3 },
  categories: ['math'],
  targets: ['DivisorSum', 'FWHT'],
  samplesPerTask: 2,
  seed: 'frozen',
}

/** A copy of the file with one change: the first `from` (at or after `after`) on line `lineNo` (1-based) becomes `to`. */
function changeByte(path: string, lineNo: number, from: string, to: string, after = 0): string {
  const lines = readFileSync(path, 'utf8').split('\n')
  const line = lines[lineNo - 1]!
  const at = line.indexOf(from, after)
  expect(at, `"${from}" on line ${lineNo}`).toBeGreaterThanOrEqual(0)
  lines[lineNo - 1] = `${line.slice(0, at)}${to}${line.slice(at + to.length)}`
  const out = path.replace(/\.jsonl$/, `.changed-${lineNo}.jsonl`)
  writeFileSync(out, lines.join('\n'))
  return out
}

const instanceBytesHash = (path: string) =>
  createHash('sha256').update(readFileSync(path, 'utf8').split('\n').slice(1).join('\n')).digest('hex')

beforeAll(async () => {
  await writeGeneratedDataset(generated, spec, { registry })
})

describe('our JSONL, generated (checked by regenerating it from its spec)', () => {
  it('reads every instance in file order; the hash is that of the instance lines', async () => {
    const data = await loadFrozenDataset(generated, registry)
    expect(data.format).toBe('jsonl')
    expect(data.file).toBe('chain-math.jsonl')
    expect(data.instances.map((i) => i.id)).toEqual([
      'chain/math/DivisorSum#0',
      'chain/math/DivisorSum#1',
      'chain/math/FWHT#0',
      'chain/math/FWHT#1',
    ])
    expect(data.sha256).toBe(instanceBytesHash(generated))
  })

  it('a one-byte change in an instance is refused, naming that instance, its position and line', async () => {
    // Line 4 is instance 2 (FWHT #0): the first digit of its prompt goes one up.
    const line = readFileSync(generated, 'utf8').split('\n')[3]!
    const prompt = line.indexOf('"prompt"')
    const digit = /\d/.exec(line.slice(prompt))![0]
    const path = changeByte(generated, 4, digit, digit === '9' ? '8' : String(Number(digit) + 1), prompt)
    const error = await rejection(loadFrozenDataset(path, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_MODIFIED' })
    expect(error.message).toContain(`${path}:4: instance 2 ("chain/math/FWHT#0")`)
    expect(error.message).toContain(
      "differs from what the manifest's spec generates at its position (first at prompt)",
    )
  })

  it('a change in the manifest spec is refused at the first instance it no longer makes', async () => {
    const path = changeByte(generated, 1, 'frozen', 'F')
    const error = await rejection(loadFrozenDataset(path, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_MODIFIED' })
    expect(error.message).toContain('instance 0 ("chain/math/DivisorSum#0")')
  })

  it('a task pool the spec does not use is refused rather than read as a changed file', async () => {
    const pool = join(dir, 'pool.json')
    writeFileSync(pool, '{}')
    vi.stubEnv('ARBIGRAPH_PYTHON_POOL', pool)
    const error = await rejection(loadFrozenDataset(generated, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_UNVERIFIED' })
    expect(error.message).toContain(
      'the variable ARBIGRAPH_PYTHON_POOL was given, but the spec uses the built-in python pool; leave it out',
    )
  })

  it('a line that no longer parses is still named as the changed instance', async () => {
    const path = changeByte(generated, 3, '{', '[')
    const error = await rejection(loadFrozenDataset(path, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_MODIFIED' })
    expect(error.message).toContain(':3: instance 1')
    expect(error.message).toContain('the line is not JSON any more')
  })
})

describe('our JSONL, imported (checked by the digests its manifest holds)', () => {
  const importDir = scratchDir()
  const imported = join(importDir, 'two.jsonl')
  beforeAll(async () => {
    writeJson(
      importDir,
      'two.json',
      baselineFile([divisorSumRecord(), { ...divisorSumRecord(), sample_idx: 1 }]),
    )
    const run = await runCommand(importReferenceCommand, ['two.json', '--out', 'two.jsonl'], importDir)
    expect(run.code).toBe(0)
  })

  it('the manifest holds the SHA-256 of every instance line; the file reads back', async () => {
    const manifest = JSON.parse(readFileSync(imported, 'utf8').split('\n')[0]!)
    const lines = readFileSync(imported, 'utf8').split('\n').slice(1, 3)
    expect(manifest.instanceSha256).toEqual(lines.map((l) => createHash('sha256').update(l).digest('hex')))
    const data = await loadFrozenDataset(imported, registry)
    expect(data.instances.map((i) => i.id)).toEqual([
      'baseline/math/DivisorSum#0',
      'baseline/math/DivisorSum#1',
    ])
    expect(data.sha256).toBe(instanceBytesHash(imported))
  })

  it('a one-byte change is refused with the instance named', async () => {
    // The second instance's static input -25 becomes -26.
    const path = changeByte(imported, 3, '-25', '-26')
    const error = await rejection(loadFrozenDataset(path, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_MODIFIED' })
    expect(error.message).toContain(
      `${path}:3: instance 1 ("baseline/math/DivisorSum#1") does not match its SHA-256 in the manifest's instanceSha256`,
    )
  })

  it('a file with neither a spec nor digests cannot be checked, and is refused', async () => {
    const lines = readFileSync(imported, 'utf8').split('\n')
    const manifest = JSON.parse(lines[0]!)
    delete manifest.instanceSha256
    const path = join(importDir, 'bare.jsonl')
    writeFileSync(path, [JSON.stringify(manifest), ...lines.slice(1)].join('\n'))
    const error = await rejection(loadFrozenDataset(path, registry))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_DATASET_UNVERIFIED' })
    expect(error.message).toContain('re-import it with "arbigraph import-reference"')
  })

  it('the reference file and its import have one content hash', async () => {
    const fromJson = await loadFrozenDataset(join(importDir, 'two.json'), registry)
    expect(fromJson.format).toBe('reference')
    expect(fromJson.sha256).toBe((await loadFrozenDataset(imported, registry)).sha256)
  })

  it('labels: topology and categories, read at definition time', () => {
    expect(datasetLabel(imported)).toEqual({ topology: 'baseline', categories: ['math'] })
    expect(datasetLabel(join(importDir, 'two.json'))).toEqual({ topology: 'baseline', categories: ['math'] })
    expect(datasetLabel(generated)).toEqual({ topology: 'chain', categories: ['math'] })
  })
})

describe.skipIf(!haveReference)('the released reference files', () => {
  it('math_chain.json is labelled chain/math', () => {
    expect(datasetLabel(join(arbigraphDir, 'math_chain.json'))).toEqual({
      topology: 'chain',
      categories: ['math'],
    })
  })
})
