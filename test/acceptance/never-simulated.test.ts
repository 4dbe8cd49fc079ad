/**
 * Acceptance: never a silent simulator. With only `OPENAI_BASE_URL` (and `OPENAI_API_KEY`,
 * `OPENAI_MODEL`) set, a real suite sends its requests to that server — a loopback stand-in
 * that records them — and not to the built-in simulator. A gate on simulated results exits 1
 * saying so, in a run (test/reporters/reporter-suite.test.ts) and in `arbigraph report --gate`,
 * unless ARBIGRAPH_ALLOW_SIMULATED=1 (a run and the report here).
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { Results } from '../../src/contracts/results.ts'
import { runFixture } from '../reporters/run-fixture.ts'
import { type StandIn, startStandIn } from './openai-stand-in.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'settings-suite')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-never-sim-'))
const files = (name: string) => ({
  ARBIGRAPH_RESULTS: join(dir, name, 'results.json'),
  ARBIGRAPH_MARKDOWN: 'off',
  ARBIGRAPH_DASHBOARD: 'off',
  ARBIGRAPH_CACHE_DIR: join(dir, name, 'cache'),
})

/** `test` with a stand-in of its own, so the tests can run at once and each sees only its run. */
async function withStandIn(test: (standIn: StandIn) => Promise<void>): Promise<void> {
  const standIn = await startStandIn()
  try {
    await test(standIn)
  } finally {
    await standIn.close()
  }
}

const readResults = (name: string) =>
  JSON.parse(readFileSync(join(dir, name, 'results.json'), 'utf8')) as Results

describe('never a silent simulator', { timeout: 120_000 }, () => {
  // The three runs are child processes: they go at once.
  it.concurrent('OPENAI_BASE_URL alone sends every request to that server, with OPENAI_API_KEY and OPENAI_MODEL', () =>
    withStandIn(async ({ url, seen }) => {
      const run = await runFixture(
        ['run'],
        {
          ...files('openai'),
          OPENAI_BASE_URL: url,
          OPENAI_API_KEY: 'sk-stand-in',
          OPENAI_MODEL: 'stand-in-model',
          ARBIGRAPH_MAX_RETRIES: '0',
        },
        root,
      )
      expect(run.stderr, run.stderr).not.toContain('SIMULATED')
      expect(run.code, run.stdout + run.stderr).toBe(0)
      // The stand-in names no checkpoint (no `root`): the run says its cache is tied to the URL.
      expect(run.stderr).toContain(`arbigraph: ${url} does not say which checkpoint serves "stand-in-model"`)
      const turns = seen.filter((s) => s.method === 'POST' && s.url === '/v1/chat/completions')
      expect(turns.length).toBeGreaterThanOrEqual(2) // two cases, at least one turn each
      for (const turn of turns) {
        expect(turn.model).toBe('stand-in-model')
        expect(turn.authorization).toBe('Bearer sk-stand-in')
      }
      const results = readResults('openai')
      expect(results.simulated).toBe(false)
      expect(results.model).toBe('stand-in-model')
      expect(results.records).toHaveLength(2)
    }))

  it.concurrent('ARBIGRAPH_* wins over OPENAI_* when both are set', () =>
    withStandIn(async ({ url, seen }) => {
      const run = await runFixture(
        ['run'],
        {
          ...files('both'),
          OPENAI_BASE_URL: 'http://openai.invalid/v1', // never asked: the run would stop on it
          OPENAI_MODEL: 'openai-model',
          ARBIGRAPH_BASE_URL: url,
          ARBIGRAPH_MODEL: 'arbigraph-model',
        },
        root,
      )
      expect(run.code).toBe(0)
      const turns = seen.filter((s) => s.url === '/v1/chat/completions')
      expect(turns.length).toBeGreaterThanOrEqual(2)
      expect(turns.every((t) => t.model === 'arbigraph-model')).toBe(true)
    }))

  // Without ARBIGRAPH_ALLOW_SIMULATED the same gate refuses, exit 1 and the same line: the run
  // "refused" of test/reporters/reporter-suite.test.ts checks exactly that (same gate reporter,
  // records of sim:oracle), so this file does not start that run again.
  it.concurrent('ARBIGRAPH_ALLOW_SIMULATED=1 lets a gate on simulated results judge', async () => {
    const gate = { ARBIGRAPH_SIM: 'sim:oracle', ARBIGRAPH_GATE: '*.accuracy>=0.5' }
    const allowed = await runFixture(
      ['run'],
      { ...files('sim'), ...gate, ARBIGRAPH_ALLOW_SIMULATED: '1' },
      root,
    )
    expect(allowed.code).toBe(0)
    expect(allowed.stdout).toContain('gate: all 1 rule(s) hold')
    expect(allowed.stderr).not.toContain('gate: refused')
  })

  // On the results file of the allowed run above.
  it('arbigraph report --gate on a simulated results file exits 1 unless ARBIGRAPH_ALLOW_SIMULATED=1', async () => {
    const err: string[] = []
    const io = { out: () => {}, err: (line: string) => err.push(line), cwd: dir }
    const argv = [join(dir, 'sim', 'results.json'), '--gate', '*.accuracy>=0.5']
    const saved = process.env.ARBIGRAPH_ALLOW_SIMULATED
    try {
      // Shares its worker: the variable is put back in `finally`.
      delete process.env.ARBIGRAPH_ALLOW_SIMULATED
      expect(await reportCommand.run(argv, io)).toBe(1)
      expect(err.join('\n')).toContain('gate: refused — these results are SIMULATED')
      process.env.ARBIGRAPH_ALLOW_SIMULATED = '1'
      expect(await reportCommand.run(argv, io)).toBe(0)
    } finally {
      if (saved === undefined) delete process.env.ARBIGRAPH_ALLOW_SIMULATED
      else process.env.ARBIGRAPH_ALLOW_SIMULATED = saved
    }
  })
})
