/**
 * End-to-end: the Long-Transduction suites run as a user runs them (`npx vitest run
 * suites/transduction` in a child process) against the built-in simulator. sim:oracle must score
 * every document 1.0; sim:noisy must lose accuracy as the budget grows (4K > 8K > 16K), which is
 * the paper's headline effect (Fig. 2a). Both runs also check that the ArbiGraph reporters stay
 * out of a transduction-only run (no empty results file, no "no case records" line).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { summarizeTransduction } from '../../plugins/transduction/metrics/summarize-transduction.ts'
import { decodeTransductionResults } from '../../plugins/transduction/results.ts'

const ROOT = join(import.meta.dirname, '../..')

/** Our environment minus what Vitest set for this worker and any ARBIGRAPH_* of the caller. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(VITEST|TINYPOOL|ARBIGRAPH_)/.test(key) ||
      ['MODE', 'TEST', 'NODE_ENV', 'NODE_OPTIONS', 'GITHUB_STEP_SUMMARY'].includes(key)
    )
      continue
    env[key] = value
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra }
}

function runSuites(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ag-lt-e2e-'))
  const child = spawn('npx', ['vitest', 'run', '--reporter=dot', 'suites/transduction'], {
    cwd: ROOT,
    env: childEnv({
      ARBIGRAPH_CACHE_DIR: dir,
      ARBIGRAPH_RESULTS: join(dir, 'results.json'),
      ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
      ARBIGRAPH_LT_RESULTS: join(dir, 'transduction.json'),
      ARBIGRAPH_LT_MARKDOWN: join(dir, 'transduction.md'),
      ARBIGRAPH_DASHBOARD: 'off',
      ...env,
    }),
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output, dir })))
}

const results = (dir: string) =>
  decodeTransductionResults(readFileSync(join(dir, 'transduction.json'), 'utf8'), 'transduction.json')

describe('Long-Transduction suites against the simulator', () => {
  it.concurrent('sim:oracle scores every document 1.0 (default run: 4K and 8K, 96 documents)', {
    timeout: 240_000,
  }, async () => {
    const run = await runSuites({ ARBIGRAPH_SIM: 'sim:oracle' })
    expect(run.code, run.output).toBe(0)
    const { records, model } = results(run.dir)
    expect(model).toBe('sim:oracle')
    expect(records).toHaveLength(96)
    expect(new Set(records.map((r) => r.budget))).toEqual(new Set(['4K', '8K']))
    expect(records.filter((r) => r.score?.accuracy !== 1 || !r.score.exact)).toEqual([])
    expect(run.output).toContain('Accuracy by budget (Fig. 2a)')
    expect(run.output).toMatch(/all\s+24\/24\s+24\/24\s+24\/24\s+24\/24\s+96\/96\s+1\.000/)
    expect(readFileSync(join(run.dir, 'transduction.md'), 'utf8')).toContain('## Long-Transduction')
    expect(existsSync(join(run.dir, 'results.json'))).toBe(false)
    expect(run.output).not.toContain('no case records')
  })

  it.concurrent('sim:noisy loses accuracy as the budget grows (4K > 8K > 16K)', {
    timeout: 240_000,
  }, async () => {
    const run = await runSuites({ ARBIGRAPH_SIM: 'sim:noisy', ARBIGRAPH_LT_BUDGETS: '16K,8K,4K' })
    expect(run.code, run.output).toBe(0)
    const { records } = results(run.dir)
    expect(records).toHaveLength(144)
    const byBudget = summarizeTransduction(records).byBudget
    expect(byBudget.map((line) => line.group)).toEqual(['4K', '8K', '16K'])
    const [a4, a8, a16] = byBudget.map((line) => line.accuracy)
    expect(a4!).toBeGreaterThan(a8!)
    expect(a8!).toBeGreaterThan(a16!)
    expect(a4!).toBeLessThan(1)
  })
})
