/**
 * Runs of frozen datasets pair trial by trial on the dataset's content hash and the instance's
 * position (whatever their case ids say), and runs of different datasets are refused, in
 * `compareRuns` and at the `arbigraph compare` command line.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { compareRuns } from '../../src/metrics/compare.ts'
import { runDatasets } from '../../src/metrics/run-datasets.ts'
import { trialKey } from '../../src/metrics/trial-key.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { runCli, tempDir } from '../cli/run-cli.ts'
import { rejection } from '../rejection.ts'
import { makeRecord } from './make-record.ts'

const H1 = 'a'.repeat(64)
const H2 = 'b'.repeat(64)

/** `n` trials of dataset `sha256`, the first `right` correct, with case ids made of `prefix`. */
const run = (sha256: string | null, n: number, right: number, prefix = 'x', model = 'qwen3.5-27b') =>
  Array.from({ length: n }, (_, index) =>
    makeRecord({
      caseId: `${prefix}-${index}`,
      correct: index < right,
      model,
      ...(sha256 ? { dataset: { sha256, index, file: 'd.jsonl' } } : {}),
    }),
  )

describe('pairing trials of frozen datasets', () => {
  it('keys a dataset trial by hash, position and epoch; any other by case id and epoch', () => {
    expect(trialKey(run(H1, 1, 1)[0]!)).toBe(`${H1}#0@0`)
    expect(trialKey(run(null, 1, 1)[0]!)).toBe('x-0@0')
  })

  it('pairs the same instances of one dataset even under other case ids', () => {
    const result = compareRuns(run(H1, 30, 28, 'first'), run(H1, 30, 12, 'renamed'))
    expect(result.total).toMatchObject({ shared: 30, lost: 16, won: 0, verdict: 'degraded' })
  })

  it('refuses runs of different datasets, or a dataset against generated suites, naming both', async () => {
    const other = await rejection(Promise.resolve().then(() => compareRuns(run(H1, 3, 3), run(H2, 3, 3))))
    expect(other).toMatchObject({ code: 'ARBIGRAPH_DATASET_MISMATCH' })
    expect(other.message).toContain(
      `A ran d.jsonl (sha256 ${H1.slice(0, 12)}…), B ran d.jsonl (sha256 ${H2.slice(0, 12)}…)`,
    )
    const generated = await rejection(
      Promise.resolve().then(() => compareRuns(run(null, 3, 3), run(H1, 3, 3))),
    )
    expect(generated.message).toContain('A ran no frozen dataset (generated suites only)')
    // Runs without datasets compare as they always did.
    expect(compareRuns(run(null, 3, 3), run(null, 3, 3)).total.shared).toBe(3)
  })

  it("lists a run's datasets: distinct instances and trials per hash", () => {
    const records: CaseRecord[] = [...run(H2, 2, 2), ...run(H1, 3, 3), { ...run(H1, 1, 1)[0]!, epoch: 1 }]
    expect(runDatasets(records)).toEqual([
      { sha256: H1, file: 'd.jsonl', instances: 3, trials: 4 },
      { sha256: H2, file: 'd.jsonl', instances: 2, trials: 2 },
    ])
  })

  it('arbigraph compare refuses two results files of different datasets with the coded error', async () => {
    const dir = tempDir()
    const facts = {
      started: '2026-12-06T00:00:00.000Z',
      finished: '2026-12-06T00:00:01.000Z',
      reason: 'passed' as const,
      shard: null,
      merged: false,
      env: {},
    }
    writeFileSync(join(dir, 'a.json'), JSON.stringify(buildResults(run(H1, 3, 3), facts, 'test')))
    writeFileSync(join(dir, 'b.json'), JSON.stringify(buildResults(run(H2, 3, 3), facts, 'test')))
    const { code, err } = await runCli(['compare', 'a.json', 'b.json'], dir)
    expect(code).toBe(1)
    expect(err).toContain(
      `arbigraph compare: cannot pair a.json and b.json: a.json ran d.jsonl (sha256 ${H1.slice(0, 12)}…)`,
    )
  })
})
