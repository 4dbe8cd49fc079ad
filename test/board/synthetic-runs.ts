/**
 * Synthetic ArbiGraph results files for the board and export tests and the board bench: trial `i`
 * is the same case in every model's file (test/report/synthetic-records.ts), its correctness drawn
 * from a generator seeded by the model, so models share instances and pair; `skill` shifts a
 * model's accuracy. Written as a run writes them (buildResults + the streamed writer).
 */
import { join } from 'node:path'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { writeJsonRecords } from '../../src/io/write-json-records.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { createRng } from '../../src/rng.ts'
import { syntheticRecord } from '../report/synthetic-records.ts'

export interface SyntheticRun {
  model: string
  trials: number
  /** Added to every trial's chance of being right (may be negative). @default 0 */
  skill?: number
  /** Epoch of every record. @default 0 */
  epoch?: number
  /** Trials that are infrastructure errors: every `infraEvery`-th. @default none */
  infraEvery?: number
}

/**
 * The records of one synthetic run.
 * @example syntheticRunRecords({ model: 'a', trials: 36 }).length // 36
 */
export function syntheticRunRecords(run: SyntheticRun): CaseRecord[] {
  const rng = createRng(`board-synthetic/${run.model}/${run.epoch ?? 0}`)
  const skill = run.skill ?? 0
  return Array.from({ length: run.trials }, (_, i) => {
    // The shift moves the draw that decides `correct` (the record's first draw).
    let first = true
    const draw = () => {
      const x = rng.float()
      if (!first) return x
      first = false
      return Math.min(0.999, Math.max(0, x - skill))
    }
    const record: CaseRecord = { ...syntheticRecord(i, draw), model: run.model, epoch: run.epoch ?? 0 }
    if (run.infraEvery && i % run.infraEvery === run.infraEvery - 1)
      return { ...record, grade: null, infraError: { reason: 'HTTP 503 after 4 attempts' }, turns: 0 }
    return record
  })
}

/**
 * Writes one synthetic run's results file `<dir>/<name>.json`; returns its path.
 * @example await writeSyntheticRun(dir, 'a', { model: 'model-a', trials: 36 })
 */
export async function writeSyntheticRun(dir: string, name: string, run: SyntheticRun): Promise<string> {
  const now = '2026-12-06T00:00:00.000Z'
  const results = buildResults(
    syntheticRunRecords(run),
    { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
    'synthetic',
  )
  const file = join(dir, `${name}.json`)
  await writeJsonRecords(file, results, 'records')
  return file
}
