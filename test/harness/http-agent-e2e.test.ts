/**
 * End to end: the example agent (examples/http-agent/server.mjs, plain Node, a separate process
 * as an agent in another language would be) listens on loopback, and `vitest run
 * suites/chain/math.eval.ts` hands it every case with ARBIGRAPH_HARNESS=<its URL>, i.e.
 * `httpAgent({ url })`. The agent talks to the simulator through the run's request pool; with
 * sim:oracle every record must be graded correct, say it came from the http agent, and carry the
 * agent's reported turns, tool calls and tokens; a second run on the same cache replays them all.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { FixtureRun } from '../reporters/run-fixture.ts'
import { runFixture } from '../reporters/run-fixture.ts'

const repo = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-http-agent-'))
let agent: ChildProcess
let url = ''
let run: FixtureRun
let rerun: FixtureRun

/** Starts the example agent on a free loopback port and waits for the line that names its URL. */
async function startAgent(): Promise<string> {
  agent = spawn(process.execPath, [join(repo, 'examples', 'http-agent', 'server.mjs'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  for await (const line of createInterface({ input: agent.stdout! })) {
    const found = /listening on (http:\/\/\S+)/.exec(line)
    if (found) return found[1]!
  }
  throw new Error('the example agent exited before it listened')
}

const runSuite = (name: string) =>
  runFixture(
    ['run', 'suites/chain/math.eval.ts'],
    {
      ARBIGRAPH_HARNESS: url,
      ARBIGRAPH_SIM: 'sim:oracle',
      ARBIGRAPH_SAMPLES: '1',
      ARBIGRAPH_CACHE_DIR: join(dir, 'cache'), // shared: the second run replays the first
      ARBIGRAPH_RESULTS: join(dir, `${name}.json`),
      ARBIGRAPH_CASES: join(dir, `cases-${name}`),
      ARBIGRAPH_DASHBOARD_DIR: join(dir, `dashboard-${name}`),
    },
    repo,
  )
const records = (name: string) =>
  (JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as { records: CaseRecord[] }).records

beforeAll(async () => {
  url = await startAgent()
  run = await runSuite('first')
  rerun = await runSuite('again')
}, 480_000)
afterAll(() => {
  agent?.kill()
})

describe('the example HTTP agent on suites/chain/math', () => {
  it('runs every case through the agent, graded, all correct under the oracle', () => {
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const first = records('first')
    expect(first).toHaveLength(40) // every chain × math target, one sample
    for (const record of first) {
      expect(record).toMatchObject({
        harness: 'http-agent',
        topology: 'chain',
        infraError: null,
        protocol: 'chat',
      })
      expect(record.grade?.correct, record.caseId).toBe(true)
      // The oracle calls the calculator once, then answers: two turns the agent reported.
      expect(record.turns).toBe(2)
      expect(record.toolCalls).toBeGreaterThan(0)
      expect(record.tokens.prompt).toBeGreaterThan(0)
    }
    expect(run.stdout).toMatch(/chain\/math\s+40\s+1\.000/)
  })

  it("goes through the request pool: a rerun replays every one of the agent's requests from the cache", () => {
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0)
    const again = records('again')
    expect(again).toHaveLength(40)
    expect(again.every((r) => r.grade?.correct === true && r.cachedTurns === r.turns)).toBe(true)
    expect(records('first').every((r) => r.cachedTurns === 0)).toBe(true)
  })
})
