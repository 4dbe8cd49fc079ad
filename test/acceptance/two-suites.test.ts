/**
 * Acceptance: two suites of one topology and category in one run (chain/math with length 2 and
 * with length 3, same target, same sample ids) stay two suites. A real child Vitest run writes
 * every trial once, each suite's case ids name what sets it apart, the table shows two cells
 * named by it, and `arbigraph report` and `arbigraph compare` read the run's own results file.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../../src/cli/command.ts'
import { compareCommand } from '../../src/cli/commands/compare.ts'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { Results } from '../../src/contracts/results.ts'
import { tempDir } from '../cli/run-cli.ts'
import { runFixture } from '../reporters/run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'two-suites')

async function cli(command: typeof reportCommand, argv: string[], cwd: string) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), cwd }
  const code = await command.run(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('two chain/math suites of different lengths in one run', { timeout: 300_000 }, () => {
  it('keeps every trial once, names each cell by its length, and report and compare read the file', async () => {
    const dir = tempDir()
    const run = await runFixture(
      ['run'],
      {
        ARBIGRAPH_SIM: 'sim:oracle',
        ARBIGRAPH_EPOCHS: '2',
        ARBIGRAPH_RESULTS: join(dir, 'results.json'),
        ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
        ARBIGRAPH_DASHBOARD: 'off',
      },
      root,
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results
    // 2 suites × 1 target × 1 sample × 2 epochs, each trial once.
    const trials = results.records.map((r) => `${r.caseId} @${r.epoch}`).sort()
    expect(trials).toEqual([
      'chain/math/DivisorSum#0 (length=2) @0',
      'chain/math/DivisorSum#0 (length=2) @1',
      'chain/math/DivisorSum#0 (length=3) @0',
      'chain/math/DivisorSum#0 (length=3) @1',
    ])
    expect(results.records.map((r) => r.suite)).toEqual([
      { length: '2' },
      { length: '2' },
      { length: '3' },
      { length: '3' },
    ])
    // Two instances, not one: length 2 has 2 graded outputs, length 3 has 3.
    expect(results.records.map((r) => r.grade?.nodes.length)).toEqual([2, 2, 3, 3])
    expect(run.stdout).toMatch(/chain\/math \(length 2\)/)
    expect(run.stdout).toMatch(/chain\/math \(length 3\)/)

    const report = await cli(reportCommand, ['results.json'], dir)
    expect(report.code, report.err).toBe(0)
    // Table rows, not the per-cell status lines (`chain/math (length 2): statuses …`).
    const rows = report.out.split('\n').filter((line) => /^chain\/math \([^)]*\)\s/.test(line))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(/^chain\/math \(length 2\)\s/)
    expect(rows[1]).toMatch(/^chain\/math \(length 3\)\s/)

    const compared = await cli(compareCommand, ['results.json', 'results.json'], dir)
    expect(compared.code, compared.err).toBe(0)
    expect(compared.out).toContain('chain/math (length 2)')
    expect(compared.out).toContain('chain/math (length 3)')
  })
})
