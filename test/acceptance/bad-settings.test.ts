/**
 * Acceptance: a run that cannot start leaves every earlier output alone. A good run of a small
 * real suite (sim:oracle) writes results, summary, dashboard, case details and the response
 * cache; then a run with each bad setting must exit 1 with one message naming the variable (no
 * Vitest banner, no stack), and every file of the good run must still be byte-identical.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FixtureRun } from '../reporters/run-fixture.ts'
import { fileHashes, runFixture } from '../reporters/run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'settings-suite')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-settings-'))
const out = join(dir, 'out')
const cacheDir = join(dir, 'cache')

/** Where the good run writes; every bad run gets the same. */
const outputs = {
  ARBIGRAPH_SIM: 'sim:oracle',
  ARBIGRAPH_RESULTS: join(out, 'results.json'),
  ARBIGRAPH_MARKDOWN: join(out, 'summary.md'),
  ARBIGRAPH_DASHBOARD_DIR: join(out, 'dashboard'),
  ARBIGRAPH_CACHE_DIR: cacheDir,
}

const snapshot = (folder: string) => fileHashes(folder, dir)

/** A loopback port with nothing listening on it (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const aFile = join(dir, 'a-file')
writeFileSync(aFile, 'not a folder\n')

// [variable, value, what the one message must say]
const badSettings: [string, string | (() => Promise<string>), RegExp][] = [
  ['ARBIGRAPH_CONCURRENCY', 'abc', /^arbigraph: ARBIGRAPH_CONCURRENCY: .*got "abc"$/],
  ['ARBIGRAPH_CONCURRENCY', '0', /^arbigraph: ARBIGRAPH_CONCURRENCY: .*\(an integer ≥ 1\), got "0"$/],
  [
    'ARBIGRAPH_BASE_URL',
    'localhost:8000',
    /^arbigraph: ARBIGRAPH_BASE_URL: expected comma-separated http\(s\) URLs/,
  ],
  [
    'ARBIGRAPH_SAMPLES',
    '0',
    /^arbigraph: ARBIGRAPH_SAMPLES: expected samples per task \(an integer ≥ 1\), got "0"$/,
  ],
  [
    'ARBIGRAPH_SIM',
    'sim:genius',
    /^arbigraph: ARBIGRAPH_SIM: expected one of sim:oracle, sim:noisy, sim:chaos, got "sim:genius"$/,
  ],
  [
    'ARBIGRAPH_CACHE',
    'sometimes',
    /^arbigraph: ARBIGRAPH_CACHE: expected one of off, read, write, readwrite/,
  ],
  [
    'ARBIGRAPH_CACHE_DIR',
    aFile,
    /^arbigraph: ARBIGRAPH_CACHE_DIR ".*a-file": ".*a-file" is a file, not a folder$/,
  ],
  ['ARBIGRAPH_PYTHON_WORKERS', 'abc', /^arbigraph: ARBIGRAPH_PYTHON_WORKERS: .*got "abc"$/],
  ['ARBIGRAPH_LT_BUDGETS', '3K', /^arbigraph: ARBIGRAPH_LT_BUDGETS: unknown budget "3K"/],
  [
    'ARBIGRAPH_BASE_URL',
    async () => `http://127.0.0.1:${await closedPort()}/v1`,
    /^arbigraph: the model endpoint "http:\/\/127\.0\.0\.1:\d+\/v1" \(ARBIGRAPH_BASE_URL\) is unreachable \(ECONNREFUSED\)/,
  ],
  ...(existsSync('/proc/self')
    ? ([
        [
          'ARBIGRAPH_RESULTS',
          '/proc/nope/results.json',
          /^arbigraph: ARBIGRAPH_RESULTS "\/proc\/nope\/results\.json": cannot create the folder "\/proc\/nope"/,
        ],
      ] as [string, string, RegExp][])
    : []),
]

let good: FixtureRun
let before: Record<string, string>
const bad: { variable: string; value: string; message: RegExp; run: FixtureRun }[] = []
const staleTemp = join(out, 'results.json.4194305.deadbeef.tmp') // above Linux's pid_max: never alive

beforeAll(async () => {
  mkdirSync(out, { recursive: true })
  writeFileSync(staleTemp, '{"half": ') // what a write killed before its rename leaves
  good = await runFixture(['run'], outputs, root)
  before = { ...snapshot(out), ...snapshot(cacheDir) }
  // Each bad run is one busy process that stops before any worker starts: a core each. Every
  // test below still checks its own run, and the outputs only after all of them ended.
  let next = 0
  const runner = async () => {
    for (let i = next++; i < badSettings.length; i = next++) {
      const [variable, given, message] = badSettings[i]!
      const value = typeof given === 'string' ? given : await given()
      const run = await runFixture(['run'], { ...outputs, [variable]: value }, root)
      bad[i] = { variable, value, message, run }
    }
  }
  await Promise.all(Array.from({ length: availableParallelism() }, runner))
}, 300_000)

describe('a run with a bad setting writes nothing and says why in one line', () => {
  it('the good run wrote every output and removed the stale temporary file of a killed write', () => {
    expect(good.code, good.stdout + good.stderr).toBe(0)
    const files = Object.keys(before)
    expect(files).toContain('/out/results.json')
    expect(files).toContain('/out/summary.md')
    expect(files).toContain('/out/dashboard/index.html')
    expect(files).toContain('/out/dashboard/data/summary.js')
    expect(files).toContain('/cache/responses.jsonl')
    expect(existsSync(staleTemp)).toBe(false)
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it.each(badSettings.map(([variable, , message], i) => [variable, message.source, i] as const))(
    '%s (%s)',
    (variable, _message, i) => {
      const { run, message, value } = bad[i]!
      expect(run.code, `${variable}=${value}`).toBe(1)
      const lines = run.stderr.trim().split('\n')
      expect(lines, run.stderr).toHaveLength(1)
      expect(lines[0]).toMatch(message)
      expect(run.stdout + run.stderr).not.toMatch(
        /Unhandled Error|Startup Error|No test files found|\n\s+at /,
      )
      expect({ ...snapshot(out), ...snapshot(cacheDir) }).toEqual(before)
    },
  )

  it('ARBIGRAPH_DEBUG=1 adds the stack to the message', async () => {
    const run = await runFixture(['run'], { ...outputs, ARBIGRAPH_SAMPLES: '0', ARBIGRAPH_DEBUG: '1' }, root)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^\narbigraph: ARBIGRAPH_SAMPLES: /)
    expect(run.stderr).toMatch(/\n\s+at checkRunSettings /)
    expect({ ...snapshot(out), ...snapshot(cacheDir) }).toEqual(before)
  })
})
