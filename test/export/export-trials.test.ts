/**
 * `arbigraph export` end to end through the command, on synthetic ArbiGraph runs of two models
 * (one with infrastructure errors): the Parquet file, read back with hyparquet, and the CSV, read
 * back with csv-parse, have one row per trial and the documented columns, integers stored as
 * integers (INT32/INT64 in Parquet); JSONL likewise; a bad file leaves no table behind.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet'
import { beforeAll, describe, expect, it } from 'vitest'
import '../../index.ts'
import { exportCommand } from '../../src/cli/commands/export.ts'
import { TRIAL_COLUMNS } from '../../src/export/trial-columns.ts'
import { syntheticRunRecords, writeSyntheticRun } from '../board/synthetic-runs.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'

const A = { model: 'model-a', trials: 90, skill: 0.1 }
const B = { model: 'sim:noisy', trials: 60, infraEvery: 7 }
const names = TRIAL_COLUMNS.map((c) => c.name)

describe('arbigraph export', () => {
  let dir: string
  beforeAll(async () => {
    dir = scratchDir()
    await writeSyntheticRun(dir, 'a', A)
    await writeSyntheticRun(dir, 'b', B)
  })

  it('parquet: one row per trial, the documented columns and types, integers as INT32/INT64', async () => {
    const out = join(dir, 'trials.parquet')
    const { code, out: said } = await runCommand(
      exportCommand,
      ['a.json', 'b.json', '--format', 'parquet', '--out', out],
      dir,
    )
    expect(code).toBe(0)
    expect(said).toContain('export: 150 trials from 2 results files')
    const bytes = readFileSync(out)
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    const metadata = parquetMetadata(file)
    expect(Number(metadata.num_rows)).toBe(150)
    const schema = parquetSchema(metadata).children.map((c) => [c.element.name, c.element.type])
    expect(schema).toEqual(
      TRIAL_COLUMNS.map((c) => [c.name, c.type === 'STRING' || c.type === 'JSON' ? 'BYTE_ARRAY' : c.type]),
    )
    const rows = await parquetReadObjects({ file })
    expect(rows).toHaveLength(150)
    const records = [...syntheticRunRecords(A), ...syntheticRunRecords(B)]
    rows.forEach((row, i) => {
      const r = records[i]!
      expect(row.model).toBe(r.model)
      expect(row.case_id).toBe(r.caseId)
      expect(row.correct).toBe(r.grade ? r.grade.correct : null)
      expect(row.completion_tokens).toBe(BigInt(r.tokens.completion))
      expect(row.turns).toBe(r.turns)
      expect(row.cell).toBe(`${r.topology}/${r.category}`)
    })
    expect(rows.filter((r) => r.correct === null).length).toBe(8) // every 7th of 60
    expect(JSON.parse(rows[0]!.dimensions as string)).toEqual({ topology: 'baseline', category: 'math' })
  })

  it('csv: a header of the documented columns and one row per trial, empty fields for nulls', async () => {
    const out = join(dir, 'trials.csv')
    expect((await runCommand(exportCommand, [dir, '--format', 'csv', '--out', out], dir)).code).toBe(0)
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[]
    expect(Object.keys(rows[0]!)).toEqual(names)
    expect(rows).toHaveLength(150)
    const infra = rows.filter((r) => r.status === 'infra')
    expect(infra).toHaveLength(8)
    expect(infra.every((r) => r.correct === '' && r.infra_reason === 'HTTP 503 after 4 attempts')).toBe(true)
    expect(rows.every((r) => /^\d+$/.test(r.prompt_tokens!) && /^(true|false|)$/.test(r.correct!))).toBe(true)
  })

  it('jsonl: one object per line with the documented keys', async () => {
    const out = join(dir, 'trials.jsonl')
    expect((await runCommand(exportCommand, ['a.json', '--format', 'jsonl', '--out', out], dir)).code).toBe(0)
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(90)
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual(names)
  })

  it('refuses a file that is no results file, and writes nothing', async () => {
    const out = join(dir, 'none.csv')
    const bad = join(dir, 'bad.json')
    await import('node:fs').then((fs) => fs.writeFileSync(bad, '{"schema": "something/1", "records": []}'))
    await expect(
      runCommand(exportCommand, ['a.json', 'bad.json', '--format', 'csv', '--out', out], dir),
    ).rejects.toThrow(/bad\.json: not a results file the board reads \(schema "something\/1"\)/)
    expect(existsSync(out)).toBe(false)
  })

  it('refuses a missing or unknown --format', async () => {
    await expect(runCommand(exportCommand, ['a.json'], dir)).rejects.toThrow(/missing --format/)
    await expect(runCommand(exportCommand, ['a.json', '--format', 'xlsx'], dir)).rejects.toThrow(
      /--format expects csv, parquet or jsonl, got "xlsx"/,
    )
  })
})
