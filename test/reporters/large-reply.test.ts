/**
 * A valid agent reply of 16 MiB (half the 32 MiB limit) for every case, through the real path:
 * `vitest run suites/chain/math.eval.ts` with an HTTP agent on loopback, the reporters at the end
 * of the run, then `arbigraph report` on the results file in its own process. Forty such answers
 * make a results file longer than V8's longest string (2^29 − 24 characters), which a reporter
 * that stringified the whole file could not write (`RangeError: Invalid string length`: no
 * results, no dashboard); written record by record, it is written, and read back streamed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    ['run', 'suites/chain/math.eval.ts'],
    {
      ARBIGRAPH_HARNESS: url,
      ARBIGRAPH_SIM: 'sim:oracle',
      ARBIGRAPH_SAMPLES: '1',
      ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
      ARBIGRAPH_RESULTS: join(dir, 'results.json'),
      ARBIGRAPH_CASES: join(dir, 'cases'),
      ARBIGRAPH_DASHBOARD_DIR: join(dir, 'dashboard'),
    },
    repo,
  )
}, 1_800_000) // 2 GB through three writers: about 11 minutes on a loaded 2-core machine
afterAll(() => {
  agent?.close()
  rmSync(dir, { recursive: true, force: true }) // about 2 GB of results, details and dashboard
})

describe('16 MiB agent replies through the reporters', () => {
  it('write the results file, longer than one string can be, and the dashboard', () => {
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stderr).not.toContain('Invalid string length')
    expect(run.stdout).toContain('arbigraph: wrote 40 case records to')
    expect(statSync(join(dir, 'results.json')).size).toBeGreaterThan(LONGEST_STRING)
    expect(existsSync(join(dir, 'dashboard', 'index.html'))).toBe(true)
    expect(readdirSync(join(dir, 'dashboard', 'data'))).toContain('cases-00000.js')
    expect(statSync(join(dir, 'dashboard', 'data', 'cases-00000.js')).size).toBeGreaterThan(LONGEST_STRING)
  })

  it('and `arbigraph report` reads it back: every case graded, none answered in full', () => {
    const report = spawnSync(
      process.execPath,
      [join(repo, 'bin', 'arbigraph.js'), 'report', 'results.json'],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    )
    expect(report.status, report.stderr).toBe(0)
    expect(report.stdout).toContain('40 trials')
    expect(report.stdout).toMatch(/chain\/math\s+40\s+0\.000/)
    expect(report.stdout).toContain('chain/math: statuses missing_requested_task_answers 40')
  }, 600_000)
})
