/**
 * End to end: `suites/transduction/arithmetic` on a small grid (4K budget, 3 samples: one cell of
 * 36 documents) against the built-in `sim:noisy`, with an accuracy and an exact-completion rule
 * on Long-Transduction's cells, run once as a user runs it (one child `vitest run`) under
 * ARBIGRAPH_GATE_MODE=sequential. The fixed-n run it is compared with answers every document of
 * the same grid in-process through the same harness against a simulator of the same persona and
 * seed (so the same outputs): the sequential run sends fewer than half its requests (each
 * simulator counts its own, ARBIGRAPH_SIM_STATS for the child) and reaches the fixed-n gate's
 * decision on the full records; its documents are the full run's; its unsent documents are
 * skipped tests, not failures; its results file, Markdown and `arbigraph report` say what was
 * decided, and so does its dashboard's Long-Transduction tab (in real headless Chromium).
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { decodeTransductionResults } from '../../plugins/transduction/results.ts'
import { transductionSuiteCases } from '../../plugins/transduction/suite/cases.ts'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { evaluateGate, parseGate } from '../../src/metrics/gate.ts'
import { type SimServer, startSimServer } from '../../src/sim/index.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { runCommand } from '../cli/reference-io.ts'
import { chromiumAvailable, launchChromium } from '../dashboard/chromium.ts'
import { runSuites } from './vitest-child.ts'

const GATE = 'transduction:*.accuracy>=0.5,transduction:arithmetic/4K.exact>=0.1'
const grid = { ARBIGRAPH_LT_BUDGETS: '4K', ARBIGRAPH_LT_SAMPLES: '3' }
const stats = mkdtempSync(join(tmpdir(), 'ag-lt-seq-gate-'))

type Run = Awaited<ReturnType<typeof runSuites>>

/** Every document of the grid answered in-process (the fixed-n run), and the requests it sent. */
async function fixedRun(sim: SimServer): Promise<TransductionRecord[]> {
  const cases = transductionSuiteCases({ family: 'arithmetic' }, { budgets: ['4K'], samples: 3 }, undefined)
  sim.register(transduction.simCases!(cases))
  const harness = singleShot()
  const records: TransductionRecord[] = []
  // Two at a time, as the child's pool sends them.
  for (let i = 0; i < cases.length; i += 2)
    records.push(
      ...(await Promise.all(
        cases.slice(i, i + 2).map((c) =>
          runBenchmarkCase(transduction, c, harness, {
            endpoint: sim.url,
            model: sim.model,
            apiKey: 'arbigraph',
            signal: new AbortController().signal,
            log: () => {},
          }),
        ),
      )),
    )
  return records
}

describe('sequential gate end to end on Long-Transduction (suites/transduction/arithmetic, sim:noisy)', () => {
  let sequential: Run
  let full: TransductionRecord[]
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:noisy', seed: 0 })
    ;[sequential, full] = await Promise.all([
      runSuites(['suites/transduction/arithmetic.eval.ts'], {
        ...grid,
        ARBIGRAPH_SIM: 'sim:noisy',
        ARBIGRAPH_GATE: GATE,
        ARBIGRAPH_GATE_MODE: 'sequential',
        ARBIGRAPH_ALLOW_SIMULATED: '1',
        ARBIGRAPH_CONCURRENCY: '2',
        ARBIGRAPH_SIM_STATS: join(stats, 'sequential.json'),
        ARBIGRAPH_DASHBOARD: 'on',
        ARBIGRAPH_DASHBOARD_DIR: join(stats, 'dashboard'),
      }),
      fixedRun(sim),
    ])
  }, 240_000)
  afterAll(() => sim?.close())

  const sent = () =>
    (JSON.parse(readFileSync(join(stats, 'sequential.json'), 'utf8')) as { sim: { requests: number } }).sim
      .requests
  const results = () =>
    decodeTransductionResults(
      readFileSync(join(sequential.dir, 'transduction.json'), 'utf8'),
      'transduction.json',
    )

  test('the sequential run sends fewer than half the documents of the fixed-n run', () => {
    expect(full).toHaveLength(36)
    // One request per document, plus what the harness asks the server once (both runs alike).
    expect(sim.stats.requests).toBeGreaterThanOrEqual(36)
    expect(sent()).toBeLessThan(sim.stats.requests / 2)
    expect(results().records.length).toBeLessThan(18)
    expect(sequential.output).toMatch(/Tests\s+\d+ passed \| \d+ skipped \(36\)/)
    expect(sequential.output).not.toContain('failed')
  })

  test('it reaches the fixed-n gate’s decision on the full records', () => {
    const sources = [{ bench: transduction as AnyBenchmark, records: full }]
    expect(evaluateGate(parseGate(GATE), [], [], sources)).toEqual([])
    expect(sequential.output).toMatch(
      /transduction:arithmetic\/4K: decided after \d+ of 36 cases; "transduction:\*\.accuracy>=0\.5" pass at α=0\.025, rate in \[[\d.]+%, [\d.]+%\]; "transduction:arithmetic\/4K\.exact>=0\.1" pass at α=0\.025, rate in \[[\d.]+%, [\d.]+%\]; \d+ cases not run: gate decided \(≈ \d+ model calls, ≈ \d+ tokens saved\)/,
    )
    expect(sequential.output).toContain('gate: all 2 rule(s) hold')
    expect(sequential.code).toBe(0)
  })

  test('the documents it sent are answered and scored as in the full run', () => {
    const byId = new Map(full.map((r) => [r.documentId, r]))
    const { records } = results()
    expect(records.length).toBeGreaterThan(0)
    for (const r of records) expect(r.score).toEqual(byId.get(r.documentId)!.score)
  })

  test('the results file and the Markdown say what was decided, after how many cases', () => {
    const { records, sequentialGate } = results()
    expect(sequentialGate?.alpha).toBe(0.05)
    const [cell] = sequentialGate!.cells
    expect(cell).toMatchObject({ cell: 'transduction:arithmetic/4K', population: 36, fixedReason: null })
    expect(cell!.recorded).toBe(records.length)
    expect(cell!.notRun + cell!.recorded).toBe(36)
    expect(cell!.saved.calls).toBe(cell!.notRun)
    expect(cell!.rules.map((r) => [r.rule, r.pass])).toEqual([
      ['transduction:*.accuracy>=0.5', true],
      ['transduction:arithmetic/4K.exact>=0.1', true],
    ])
    const markdown = readFileSync(join(sequential.dir, 'transduction.md'), 'utf8')
    expect(markdown).toContain('**gate (sequential, α=0.05 split over 2 rule(s))**')
    expect(markdown).toMatch(/- transduction:arithmetic\/4K: decided after \d+ of 36 cases/)
  })

  test('arbigraph report of its file shows the decisions, and --gate the fixed-n verdict of what ran', async () => {
    const file = join(sequential.dir, 'transduction.json')
    const report = await runCommand(reportCommand, [file], sequential.dir)
    expect(report.code).toBe(0)
    expect(report.out).toMatch(
      /sequential gate of the run \(α=0\.05\):\n {2}transduction:arithmetic\/4K: decided after \d+ of 36 cases/,
    )
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    try {
      const gated = await runCommand(
        reportCommand,
        [file, '--gate', 'transduction:*.accuracy>=0.5'],
        sequential.dir,
      )
      expect(gated.out).toContain('gate: all 1 rule(s) hold')
      expect(gated.code).toBe(0)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test.skipIf(!chromiumAvailable())(
    'the dashboard’s Long-Transduction tab lists the cell’s decision',
    async () => {
      const [cell] = results().sequentialGate!.cells
      const browser = await launchChromium()
      try {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(String(e)))
        await page.goto(`file://${join(stats, 'dashboard')}/index.html#/b/transduction`)
        await page.waitForFunction('document.documentElement.dataset.ready === "bench:overview"')
        const rows = await page.$$eval('table#sequential-gate tbody tr', (trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
        )
        expect(rows).toHaveLength(1)
        expect(rows[0]![0]).toBe('arithmetic/4K')
        expect(rows[0]![1]).toMatch(
          new RegExp(
            `^decided after ${cell!.decidedAfter} of 36 cases; .*${cell!.notRun} cases not run: gate decided`,
          ),
        )
        expect(await page.getAttribute('table#sequential-gate a.cell-link', 'href')).toContain(
          'arithmetic%2F4K',
        )
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    },
  )
})
