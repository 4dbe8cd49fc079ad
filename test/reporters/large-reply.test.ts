/**
 * A valid agent reply of 16 MiB (half the 32 MiB limit), through the real path and then past V8's
 * longest string (2^29 − 24 characters):
 * - one case of `vitest run suites/chain/math.eval.ts` with an HTTP agent on loopback answering
 *   16 MiB: the reply goes through the harness, the worker's record and case details, and the
 *   reporters at the end of the run (results file, dashboard);
 * - that real record and its real case details, copied (each its own case) until together they
 *   pass the longest string, through the writers the reporters call (`writeJsonRecords`, and
 *   `buildDashboard` on the fewer copies whose chunk passes it, a case there holding the reply
 *   twice): a results file and a dashboard chunk longer than one string can be, which
 *   a writer that stringified the whole file could not write (`RangeError: Invalid string
 *   length`: no results, no dashboard); written record by record, they are written, and
 *   `arbigraph report` reads the file back streamed.
 * Forty real 16 MiB cases in one child run cost minutes of a 2-core machine for the same bytes:
 * the child run proves the reply path on one case, the writers are proved on the copies.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { Results } from '../../src/contracts/results.ts'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { parseDetailRef } from '../../src/dashboard/case-details.ts'
import { writeJsonRecords } from '../../src/io/write-json-records.ts'
import { runCli } from '../cli/run-cli.ts'
import type { FixtureRun } from './run-fixture.ts'
import { runFixture } from './run-fixture.ts'

const repo = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-large-reply-'))
const REPLY_BYTES = 16 * 1024 * 1024
const LONGEST_STRING = 2 ** 29 - 24
let agent: Server
let run: FixtureRun

/**
 * An agent that answers the first output of every case with 16 MiB of text (no turns), leaving
 * the others unanswered: its record holds the 16 MiB answer, the case is wrong.
 */
async function startAgent(): Promise<string> {
  agent = createServer((request, response) => {
    const body: Buffer[] = []
    request.on('data', (chunk: Buffer) => body.push(chunk))
    request.on('end', () => {
      const { case: testCase } = JSON.parse(Buffer.concat(body).toString('utf8'))
      const head = Buffer.from(`{"answers":{${JSON.stringify(testCase.expected[0])}:"`)
      const tail = Buffer.from('"}}')
      const text = Buffer.alloc(REPLY_BYTES - head.length - tail.length, 'x')
      // One request per connection: a kept-alive socket this server times out while the client
      // reuses it reads as "other side closed", a fault of this stand-in, not of the run.
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      response.end(Buffer.concat([head, text, tail]))
    })
  })
  await new Promise<void>((ok) => agent.listen(0, '127.0.0.1', ok))
  return `http://127.0.0.1:${(agent.address() as AddressInfo).port}`
}

beforeAll(async () => {
  const url = await startAgent()
  run = await runFixture(
    ['run', 'suites/chain/math.eval.ts', '-t', 'ConvolutionTask'],
    {
      ARBIGRAPH_HARNESS: url,
      ARBIGRAPH_SIM: 'sim:oracle',
      ARBIGRAPH_SAMPLES: '1',
      ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
      ARBIGRAPH_RESULTS: join(dir, 'run', 'results.json'),
      ARBIGRAPH_CASES: join(dir, 'cases'),
      ARBIGRAPH_DASHBOARD_DIR: join(dir, 'run', 'dashboard'),
    },
    repo,
  )
}, 600_000)
afterAll(() => {
  agent?.close()
  rmSync(dir, { recursive: true, force: true }) // about 2 GB of results, details and dashboard
})

describe('16 MiB agent replies through the reporters', () => {
  it('one real case: its record and details hold the reply, and the reporters write them', () => {
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('arbigraph: wrote 1 case records to')
    const { records } = JSON.parse(readFileSync(join(dir, 'run', 'results.json'), 'utf8')) as Results
    expect(records).toHaveLength(1)
    expect(records[0]!.status).toBe('missing_requested_task_answers')
    expect(statSync(join(dir, 'run', 'results.json')).size).toBeGreaterThan(REPLY_BYTES - 100)
    const chunk = join(dir, 'run', 'dashboard', 'data', 'cases-00000.js')
    // The answer in the record and again in the transcript of the details.
    expect(statSync(chunk).size).toBeGreaterThan(2 * (REPLY_BYTES - 100))
  })

  it('as many of them as pass the longest string: the results file and a dashboard chunk longer than one string can be, read back by `arbigraph report`', async () => {
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const real = JSON.parse(readFileSync(join(dir, 'run', 'results.json'), 'utf8')) as Results
    const [record] = real.records as [CaseRecord]
    // Enough copies of the real record to pass the longest string by one record or more.
    const copies = Math.floor(LONGEST_STRING / JSON.stringify(record).length) + 2
    // A dashboard case holds the reply twice (answer and transcript): the real run's one-case
    // chunk says how many copies pass the longest string there, about half as many as the results
    // file needs. Building it from all of them would write twice the bytes to prove the same.
    const chunkCopies =
      Math.floor(LONGEST_STRING / statSync(join(dir, 'run', 'dashboard', 'data', 'cases-00000.js')).size) + 2
    expect(chunkCopies).toBeLessThanOrEqual(copies)
    const ref = parseDetailRef(record.transcriptRef, join(dir, 'run'))!
    const line = readFileSync(ref.file, 'utf8').split('\n')[ref.line - 1]!
    const idField = `"caseId":${JSON.stringify(record.caseId)}`
    expect(line).toContain(idField)
    // Cases each with its own id; the first `chunkCopies` with their own detail line (the same
    // 16 MiB strings, shared), the ones only the results file holds point at no line.
    mkdirSync(join(dir, 'out', 'cases'), { recursive: true })
    const store = join(dir, 'out', 'cases', 'copies.jsonl')
    const records: CaseRecord[] = []
    for (let i = 0; i < copies; i++) {
      const caseId = `${record.caseId}~${i}`
      if (i < chunkCopies)
        appendFileSync(store, `${line.replace(idField, `"caseId":${JSON.stringify(caseId)}`)}\n`)
      records.push({
        ...record,
        caseId,
        instanceId: `${record.instanceId}~${i}`,
        transcriptRef: `${store}#${i + 1}`,
      })
    }
    const results: Results = { ...real, records }
    const path = join(dir, 'out', 'results.json')
    await writeJsonRecords(path, results, 'records')
    expect(statSync(path).size).toBeGreaterThan(LONGEST_STRING)
    const built = await buildDashboard(
      { ...results, records: records.slice(0, chunkCopies) },
      { dir: join(dir, 'out', 'dashboard'), resultsDir: join(dir, 'out') },
    )
    expect(built).toMatchObject({ cases: chunkCopies, withDetails: chunkCopies })
    expect(existsSync(join(dir, 'out', 'dashboard', 'index.html'))).toBe(true)
    expect(readdirSync(join(dir, 'out', 'dashboard', 'data'))).toContain('cases-00000.js')
    expect(statSync(join(dir, 'out', 'dashboard', 'data', 'cases-00000.js')).size).toBeGreaterThan(
      LONGEST_STRING,
    )

    const report = await runCli(['report', 'results.json'], join(dir, 'out'))
    expect(report.code, report.err).toBe(0)
    expect(report.out).toContain(`${copies} trials`)
    expect(report.out).toMatch(new RegExp(`chain/math\\s+${copies}\\s+0\\.000`))
    expect(report.out).toContain(`chain/math: statuses missing_requested_task_answers ${copies}`)
  }, 600_000)
})
