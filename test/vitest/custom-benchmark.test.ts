/**
 * A third benchmark, one file (test/fixtures/toy-benchmark/echo-benchmark.ts) registered from
 * the project's arbigraph.config.ts, runs through `vitest run` with our reporters: its cases are
 * declared and answered by the simulator, its records checked against its schema and grouped
 * under its name, its text section printed and its own results and Markdown files written by the
 * generic benchmark reporter; a case whose harness reports a dead endpoint fails its test and is
 * an infrastructure record with the reason, never a score. ArbiGraph's reporters stay silent.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runFixture } from '../reporters/run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'toy-benchmark')

describe('a benchmark registered from arbigraph.config.ts', () => {
  it('runs through vitest with the reporters, its records grouped under its name', {
    timeout: 240_000,
  }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'ag-toy-benchmark-'))
    const run = await runFixture(
      ['run'],
      {
        ARBIGRAPH_SIM: 'sim:oracle',
        ARBIGRAPH_CACHE_DIR: join(out, 'cache'),
        ARBIGRAPH_RESULTS: join(out, 'results.json'),
        ARBIGRAPH_DASHBOARD: 'off',
        TOY_ECHO_RESULTS: join(out, 'echo.json'),
        TOY_ECHO_MARKDOWN: join(out, 'echo.md'),
      },
      root,
    )
    const output = run.stdout + run.stderr
    // The infrastructure error fails its test, so the run fails.
    expect(run.code, output).toBe(1)
    expect(output).toContain('toy endpoint down (HTTP 503)')
    expect(output).toContain('echo — model sim:oracle: 4/4 correct, 1 infrastructure errors')
    const results = JSON.parse(readFileSync(join(out, 'echo.json'), 'utf8'))
    expect(results.schema).toBe('toy.echo-results/1')
    expect(
      results.records.map((r: { caseId: string; correct: boolean | null }) => [r.caseId, r.correct]),
    ).toEqual([
      ['echo/2/0', null],
      ['echo/2/1', true],
      ['echo/4/0', true],
      ['echo/4/1', true],
      ['echo/4/2', true],
    ])
    expect(results.records[0].infraError.reason).toContain('toy endpoint down (HTTP 503)')
    expect(readFileSync(join(out, 'echo.md'), 'utf8')).toBe(
      '## echo\n\necho — model sim:oracle: 4/4 correct, 1 infrastructure errors\n',
    )
    // No ArbiGraph case ran: its results file is not written, its table not printed.
    expect(existsSync(join(out, 'results.json'))).toBe(false)
    expect(output).not.toContain('no case records')
  })
})
