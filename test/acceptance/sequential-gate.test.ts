/**
 * End to end: `suites/chain/math` against the built-in `sim:noisy` with a `>= 0.5` accuracy
 * rule, run twice as a user runs it (child `vitest run`, the two in parallel): fixed-n and
 * sequential. The sequential run sends fewer than half the simulator's requests (counted by the
 * simulator itself, ARBIGRAPH_SIM_STATS) and reaches the same verdict; its unsent cases are
 * skipped tests, not failures; and `arbigraph report` of its records still gives the fixed-n
 * report of the cases that ran.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { runCommand } from '../cli/reference-io.ts'
import { runSuites } from './vitest-child.ts'

const common = {
  ARBIGRAPH_SIM: 'sim:noisy',
  ARBIGRAPH_GATE: 'chain/math.accuracy>=0.5',
  ARBIGRAPH_ALLOW_SIMULATED: '1',
  // A pool smaller than the cell, as on a GPU server: in-flight cases finish when it is decided.
  ARBIGRAPH_CONCURRENCY: '6',
}

type Run = Awaited<ReturnType<typeof runSuites>>
const stats = mkdtempSync(join(tmpdir(), 'ag-seq-gate-'))
const requests = (name: string) =>
  (JSON.parse(readFileSync(join(stats, name), 'utf8')) as { sim: { requests: number } }).sim.requests

describe('sequential gate end to end (suites/chain/math, sim:noisy)', () => {
  let fixed: Run
  let sequential: Run
  let regression: Run
  beforeAll(async () => {
    ;[fixed, sequential] = await Promise.all([
      runSuites(['suites/chain/math.eval.ts'], { ...common, ARBIGRAPH_SIM_STATS: join(stats, 'fixed.json') }),
      runSuites(['suites/chain/math.eval.ts'], {
        ...common,
        ARBIGRAPH_SIM_STATS: join(stats, 'sequential.json'),
        ARBIGRAPH_GATE_MODE: 'sequential',
      }),
    ])
    // A baseline release that answered every case right: sim:noisy is a clear regression from it.
    const baseline = JSON.parse(readFileSync(join(fixed.dir, 'results.json'), 'utf8')) as {
      records: { grade: { correct: boolean; exact: boolean } | null }[]
    }
    for (const r of baseline.records) if (r.grade) Object.assign(r.grade, { correct: true, exact: true })
    writeFileSync(join(stats, 'release.json'), JSON.stringify(baseline))
    regression = await runSuites(['suites/chain/math.eval.ts'], {
      ...common,
      ARBIGRAPH_GATE: 'chain/math.accuracy>=baseline',
      ARBIGRAPH_GATE_MODE: 'sequential',
      ARBIGRAPH_GATE_BASELINE: join(stats, 'release.json'),
    })
  }, 360_000)

  test('both runs pass the gate', () => {
    expect(fixed.output).toContain('gate: all 1 rule(s) hold')
    expect(fixed.code).toBe(0)
    expect(sequential.output).toMatch(
      /chain\/math: decided after \d+ of 80 cases; "chain\/math.accuracy>=0.5" pass at α=0.05, rate in \[/,
    )
    expect(sequential.output).toContain('gate: all 1 rule(s) hold')
    expect(sequential.code).toBe(0)
  })

  test('the sequential run sends fewer than half the requests', () => {
    expect(requests('sequential.json')).toBeLessThan(requests('fixed.json') / 2)
  })

  test('unsent cases are skipped tests marked not run, and the report says what they saved', () => {
    expect(sequential.output).toMatch(
      /\d+ cases not run: gate decided \(≈ \d+ model calls, ≈ \d+ tokens saved\)/,
    )
    expect(sequential.output).toMatch(/Tests\s+\d+ passed \| \d+ skipped \(80\)/)
    expect(sequential.output).not.toContain('failed')
  })

  test('the results file and the Markdown summary say what was decided, after how many cases', () => {
    const results = JSON.parse(readFileSync(join(sequential.dir, 'results.json'), 'utf8')) as {
      records: unknown[]
      sequentialGate: { alpha: number; cells: Record<string, unknown>[] }
    }
    expect(results.sequentialGate.alpha).toBe(0.05)
    const [cell] = results.sequentialGate.cells
    expect(cell).toMatchObject({ cell: 'chain/math', population: 80, fixedReason: null })
    expect(cell!.recorded).toBe(results.records.length)
    expect((cell!.notRun as number) + (cell!.recorded as number)).toBe(80)
    expect((cell!.rules as { pass: boolean }[])[0]).toMatchObject({
      rule: 'chain/math.accuracy>=0.5',
      pass: true,
    })
    const summary = readFileSync(join(sequential.dir, 'summary.md'), 'utf8')
    expect(summary).toContain('**gate (sequential, α=0.05 split over 1 rule(s))**')
    expect(summary).toMatch(/- chain\/math: decided after \d+ of 80 cases/)
    expect(summary).toContain('**Gate holds**')
    expect(JSON.parse(readFileSync(join(fixed.dir, 'results.json'), 'utf8')).sequentialGate).toBeUndefined()
  })

  test('arbigraph report of the same records gives the fixed-n report of what ran', async () => {
    const results = JSON.parse(readFileSync(join(sequential.dir, 'results.json'), 'utf8')) as {
      records: unknown[]
    }
    expect(results.records.length).toBeLessThan(40)
    const report = await runCommand(reportCommand, [join(sequential.dir, 'results.json')], sequential.dir)
    expect(report.code).toBe(0)
    expect(report.out).toMatch(new RegExp(`chain/math\\s+${results.records.length}\\s`))
  })

  test('a baseline rule fails a significant regression against the last release before the cell is done', () => {
    expect(regression.output).toContain(
      'gate: rule "chain/math.accuracy>=baseline" is broken: chain/math regressed significantly against the baseline',
    )
    expect(regression.output).toMatch(
      /chain\/math: decided after \d+ of 80 cases; "chain\/math.accuracy>=baseline" fail at α=0.05; \d+ cases not run: gate decided/,
    )
    expect(regression.code).toBe(1)
  })
})
