/**
 * Results files written record by record and read streamed: the writer's bytes are those of
 * `JSON.stringify(results, null, 2)` (files of earlier versions are the same bytes), a failed
 * write leaves the earlier file, the reader gives what `decodeResults` gives with the same
 * messages, and `arbigraph report` reads a 3·10⁴-record file in a heap where reading the file as
 * one string and validating it whole runs out of memory.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Results } from '../../src/contracts/results.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { writeJsonRecords } from '../../src/io/write-json-records.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { readResults } from '../../src/report/read-results.ts'
import { createRng } from '../../src/rng.ts'
import { makeRecord } from '../metrics/make-record.ts'
import { syntheticRecord } from './synthetic-records.ts'

const repo = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-read-results-'))
const run = { started: 's', finished: 'f', reason: 'passed', shard: null, merged: false, env: {} } as const
const results = buildResults(
  [
    makeRecord({ task: 'MulMod', sample: 0 }),
    makeRecord({ task: 'MulMod', sample: 1, correct: false, attribution: 'stale' }),
    makeRecord({ task: 'DivSum', sample: 0, infra: 'HTTP 503' }),
  ],
  run,
  'test',
)
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}
const message = async (name: string, text: string) => {
  const path = file(name, text)
  let streamed = 'read'
  let whole = 'read'
  await readResults(path, name).catch((error: Error) => (streamed = error.message))
  try {
    decodeResults(text, name)
  } catch (error) {
    whole = (error as Error).message
  }
  return { streamed, whole }
}

describe('writeJsonRecords', () => {
  it('writes the bytes of JSON.stringify(document, null, 2), members after the array included', async () => {
    const document = { ...results, after: { records: [1], text: 'x\ny' } }
    await writeJsonRecords(join(dir, 'written.json'), document, 'records')
    expect(readFileSync(join(dir, 'written.json'), 'utf8')).toBe(`${JSON.stringify(document, null, 2)}\n`)
    await writeJsonRecords(join(dir, 'empty.json'), { ...results, records: [] }, 'records')
    expect(readFileSync(join(dir, 'empty.json'), 'utf8')).toBe(
      `${JSON.stringify({ ...results, records: [] }, null, 2)}\n`,
    )
  })

  it('leaves the earlier file whole, and no temporary, when a record cannot be written', async () => {
    const path = join(dir, 'kept.json')
    await writeJsonRecords(path, results, 'records')
    const before = readFileSync(path, 'utf8')
    const broken = { ...results, records: [...results.records, { bad: 1n }] }
    await expect(writeJsonRecords(path, broken, 'records')).rejects.toThrow('BigInt')
    expect(readFileSync(path, 'utf8')).toBe(before)
    expect(readdirSync(dir).filter((name) => name.startsWith('kept.json.'))).toEqual([])
  })
})

describe('readResults', () => {
  it('reads what decodeResults reads: pretty (this version and earlier), compact, tabs', async () => {
    for (const [name, text] of [
      ['pretty.json', `${JSON.stringify(results, null, 2)}\n`],
      ['compact.json', JSON.stringify(results)],
      ['tabs.json', JSON.stringify(results, null, '\t')],
    ] as const) {
      expect(await readResults(file(name, text), name)).toEqual(decodeResults(text, name))
    }
  })

  it('refuses what decodeResults refuses, with the same message', async () => {
    const bad = (change: (r: Results) => unknown) => JSON.stringify(change(structuredClone(results)))
    const cases: [string, string][] = [
      ['truncated.json', JSON.stringify(results).slice(0, -40)],
      ['no-records.json', bad(({ records: _, ...rest }) => rest)],
      ['records-object.json', bad((r) => ({ ...r, records: {} }))],
      ['bad-record.json', bad((r) => ({ ...r, records: [r.records[0], { ...r.records[1], epoch: -1 }] }))],
      ['twice.json', bad((r) => ({ ...r, records: [...r.records, r.records[0]] }))],
      ['other-schema.json', bad((r) => ({ ...r, schema: 'someone.else/1' }))],
      ['bad-run.json', bad((r) => ({ ...r, run: { ...r.run, reason: 'maybe' } }))],
    ]
    for (const [name, text] of cases) {
      const { streamed, whole } = await message(name, text)
      expect(streamed, name).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `))
      if (name === 'truncated.json') {
        // Both say malformed JSON; where it broke is worded by each parser.
        expect(streamed).toContain(`${name}: malformed JSON (the file ends before its JSON object does`)
        expect(whole).toContain(`${name}: malformed JSON (`)
      } else expect(streamed, name).toBe(whole)
    }
  })

  it('lets `arbigraph report` read 3·10⁴ records in a 96 MB heap, where the whole-text read runs out', async () => {
    const rng = createRng('read-results-test')
    const records = Array.from({ length: 30_000 }, (_, i) => syntheticRecord(i, () => rng.float()))
    const path = join(dir, 'large.json')
    await writeJsonRecords(path, buildResults(records, run, 'test'), 'records')
    expect(statSync(path).size).toBeGreaterThan(50e6)
    const node = (args: string[]) =>
      spawnSync(process.execPath, ['--max-old-space-size=96', ...args], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      })
    const report = node(['bin/arbigraph.js', 'report', path])
    expect(report.status, report.stderr).toBe(0)
    expect(report.stdout).toContain('arbigraph · model synthetic-model · 30000 trials')
    // The reader before this one: the file as one string, then validated whole.
    const whole = node([
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { readFileSync } from 'node:fs'; import { decodeResults } from './src/contracts/results.ts'; decodeResults(readFileSync(${JSON.stringify(path)}, 'utf8'), 'large.json')`,
    ])
    expect(whole.status).not.toBe(0)
    expect(whole.stderr).toContain('JavaScript heap out of memory')
  }, 300_000)
})
