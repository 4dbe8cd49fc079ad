/**
 * Results files at scale: a 10⁵-record run and a run of 16 MiB agent replies (40 records, each
 * holding one such answer, as an agent answering every case of chain/math with 16 MiB would
 * leave) are written by the results reporter's writer, then `arbigraph report` reads each in its
 * own process. Printed: the write time and file size, and report's wall time and peak RSS
 * against the file's size, beside the same figures of the reader before streaming (the whole
 * file as one string, bench/whole-text-report.ts) measured in the same run, and the host phase.
 * Run: `npm run bench:results [records]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import { writeJsonRecords } from '../src/io/write-json-records.ts'
import { buildResults } from '../src/report/build-results.ts'
import { createRng } from '../src/rng.ts'
import { syntheticRecord } from '../test/report/synthetic-records.ts'
import { median, timeProcess } from './time-process.ts'

const repo = join(import.meta.dirname, '..')
const trials = Number(process.argv[2] ?? 100_000)
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-results-bench-'))
const run = { started: 's', finished: 'f', reason: 'passed', shard: null, merged: false, env: {} } as const
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

const bare: number[] = []
for (let i = 0; i < 5; i++)
  bare.push((await timeProcess({ label: 'node -e 0', command: process.execPath, args: ['-e', '0'] })).wallMs)
console.log(`host phase: node -e 0 takes ${median(bare).toFixed(0)} ms (median of 5)`)

/** Writes `records` as the reporter does, then reads the file with both readers. */
async function measure(label: string, records: CaseRecord[]): Promise<void> {
  const file = join(dir, `${label}.json`)
  const started = performance.now()
  await writeJsonRecords(file, buildResults(records, run, 'bench'), 'records')
  const size = statSync(file).size
  console.log(
    `\n${label}: ${records.length} records, ${mb(size)} written in ${((performance.now() - started) / 1000) | 0} s`,
  )
  const read = async (name: string, args: string[]) => {
    try {
      const { wallMs, peakRssBytes } = await timeProcess({
        label: name,
        command: process.execPath,
        args,
        cwd: repo,
        usage: true,
      })
      console.log(
        `  ${name}: ${(wallMs / 1000).toFixed(1)} s, peak RSS ${mb(peakRssBytes!)} = ${(peakRssBytes! / size).toFixed(2)}× the file`,
      )
      return peakRssBytes!
    } catch (error) {
      console.log(
        `  ${name}: failed — ${(error as Error).message.split('\n').find((l) => /Error|heap/.test(l)) ?? 'non-zero exit'}`,
      )
      return undefined
    }
  }
  const streamed = await read('report (streamed)', ['bin/arbigraph.js', 'report', file])
  const whole = await read('whole-text read (before)', [
    '--import',
    'tsx',
    'bench/whole-text-report.ts',
    file,
  ])
  if (streamed && whole) console.log(`  peak RSS streamed / before: ${(streamed / whole).toFixed(2)}`)
  rmSync(file)
}

const rng = createRng('results-bench')
await measure(
  'synthetic run',
  Array.from({ length: trials }, (_, i) => syntheticRecord(i, () => rng.float())),
)

// One 16 MiB string shared by the 40 records in memory, 40 copies of it on disk.
const reply = 'x'.repeat(16 * 1024 * 1024 - 32)
await measure(
  '16 MiB replies',
  Array.from({ length: 40 }, (_, i) => {
    const record = syntheticRecord(i, () => rng.float())
    const [first, ...others] = record.grade!.nodes
    const { mismatch: _mismatch, ...node } = first!
    const unreadable = {
      ...node,
      answer: reply,
      got: null,
      verdict: 'format' as const,
      failure: 'too-long' as const,
    }
    return {
      ...record,
      grade: {
        ...record.grade!,
        correct: false,
        exact: false,
        nodes: [unreadable, ...others],
        attribution: record.grade!.attribution ?? { kind: 'format' as const, target: 't4' },
      },
    }
  }),
)
rmSync(dir, { recursive: true, force: true })
