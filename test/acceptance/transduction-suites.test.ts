/**
 * End-to-end: the Long-Transduction suites run as a user runs them (`npx vitest run
 * suites/transduction` in a child process) against the built-in simulator: sim:oracle must score
 * every document 1.0, and the ArbiGraph reporters stay out of a transduction-only run (no empty
 * results file, no "no case records" line). The suites' documents at 4K, 8K and 16K, answered by
 * sim:noisy in-process, must lose accuracy as the budget grows (4K > 8K > 16K), which is the
 * paper's headline effect (Fig. 2a).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { summarizeTransduction } from '../../plugins/transduction/metrics/summarize-transduction.ts'
import { decodeTransductionResults } from '../../plugins/transduction/results.ts'
import { transductionRun } from '../dashboard/transduction-run.ts'
import { runSuites as runAll } from './vitest-child.ts'

/** The transduction suites in a child Vitest (test/acceptance/vitest-child.ts). */
const runSuites = (env: Record<string, string>) => runAll(['suites/transduction'], env)

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

  // The paper's effect is the simulator's and the scorer's, not the process's: the documents the
  // suites generate at the three budgets, answered by sim:noisy (seed 0, noise 1, a run's default)
  // and scored in-process; the run above shows the same suites as a user runs them.
  it.concurrent('sim:noisy loses accuracy as the budget grows (4K > 8K > 16K)', {
    timeout: 240_000,
  }, async () => {
    const { records } = await transductionRun({ budgets: ['16K', '8K', '4K'], levels: [0, 1, 2, 3] })
    expect(records).toHaveLength(144)
    const byBudget = summarizeTransduction(records).byBudget
    expect(byBudget.map((line) => line.group)).toEqual(['4K', '8K', '16K'])
    const [a4, a8, a16] = byBudget.map((line) => line.accuracy)
    expect(a4!).toBeGreaterThan(a8!)
    expect(a8!).toBeGreaterThan(a16!)
    expect(a4!).toBeLessThan(1)
  })
})
