/**
 * The conditions through a real `vitest run` of a suite, as a user runs it: ARBIGRAPH_CONDITIONS
 * adds isolated and chained to a chain/math suite against the built-in simulator (whose case book
 * learns each node prompt at run time), the records and results file carry them, the terminal and
 * Markdown show the context-conditions section, and a bad value stops the run before any case.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { contextLoss } from '../../src/metrics/context-loss.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'
import { runFixture } from '../reporters/run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'settings-suite')

const outputs = (dir: string) => ({
  ARBIGRAPH_RESULTS: join(dir, 'results.json'),
  ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
  ARBIGRAPH_DASHBOARD: 'off',
  ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
})

describe('ARBIGRAPH_CONDITIONS on a real suite run', () => {
  it('sim:oracle: every node right in all three conditions, reported in the table, Markdown and results', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-conditions-'))
    const run = await runFixture(
      ['run'],
      {
        ...outputs(dir),
        ARBIGRAPH_SIM: 'sim:oracle',
        ARBIGRAPH_CONDITIONS: 'in-graph,isolated,chained',
      },
      root,
    )
    expect(run.stderr + run.stdout).not.toMatch(/unknown case/)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const results = decodeResults(readFileSync(join(dir, 'results.json'), 'utf8'), 'results.json')
    expect(results.records).toHaveLength(2)
    for (const record of results.records) {
      expect(record.conditions!.ran).toEqual(['in-graph', 'isolated', 'chained'])
      for (const node of record.conditions!.nodes) {
        expect(node.isolated!.verdict).toBe('correct')
        expect(node.chained!.verdict).toBe('correct')
      }
    }
    expect(results.contextLoss).toEqual(contextLoss(results.records))
    const cell = results.contextLoss!.rows[0]!
    expect(cell.accuracy.isolated!.correct).toBe(cell.nodes)
    expect(run.stdout).toContain('Context conditions: node accuracy per condition')
    expect(run.stdout).toMatch(/chain\/math\s+all\s+4\s+100\.0%\s+100\.0%\s+100\.0%/)
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('### Context conditions')
    // `arbigraph report` recomputes the same section from the results file.
    const lines: string[] = []
    const io = { out: (line: string) => lines.push(line), err: () => {}, cwd: dir }
    expect(await reportCommand.run(['results.json'], io)).toBe(0)
    const section = lines.join('\n').slice(lines.join('\n').indexOf('Context conditions:'))
    expect(section.length).toBeGreaterThan(100)
    expect(run.stdout).toContain(section.trimEnd())
  }, 120_000)

  // A run checks its settings with checkRunSettings before any case, and any problem it finds
  // stops the run with exit 1 and that line (test/acceptance/bad-settings.test.ts, through real
  // runs); ARBIGRAPH_CONDITIONS is one of its variables, so the check itself is what is left.
  it('a bad ARBIGRAPH_CONDITIONS stops the run before any case, naming the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-conditions-'))
    expect(() =>
      checkRunSettings(
        { ...outputs(dir), ARBIGRAPH_SIM: 'sim:oracle', ARBIGRAPH_CONDITIONS: 'isolated' },
        root,
      ),
    ).toThrow('ARBIGRAPH_CONDITIONS: "in-graph" must be among the conditions')
  })
})
