/**
 * The dashboard overview of a sequential-gate run, in real headless Chromium: it lists, per
 * cell, after how many cases the gate decided, the verdict with its interval and what the unsent
 * cases saved — the line the terminal and the Markdown summary print. The decisions are replayed
 * from a simulated run's records (src/metrics/sequential/replay-gate.ts), half of the cell left
 * unsent, and the results file with them passes its schema.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resultsSchema } from '../../src/contracts/results.ts'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { parseGate } from '../../src/metrics/gate.ts'
import { planSequentialGate } from '../../src/metrics/sequential/cell-stream.ts'
import { replaySequentialGate } from '../../src/metrics/sequential/replay-gate.ts'
import { formatDecision } from '../../src/report/format-sequential.ts'
import { streamCells } from '../../src/vitest/sequential-case.ts'
import { tempDir } from '../cli/run-cli.ts'
import { chromiumAvailable, launchChromium } from './chromium.ts'
import { simRun } from './make-run.ts'

describe.skipIf(!chromiumAvailable())(
  'dashboard overview of a sequential gate run (headless Chromium)',
  () => {
    it('lists each cell’s decision, interval and savings', async () => {
      const run = await simRun({ samplesPerTask: 2 })
      const records = run.results.records
      const half = Math.floor(records.length / 2)
      const trials = records.map((record, order) => ({
        suite: 'suites/chain/math.eval.ts',
        order,
        cells: streamCells(record),
        label: '',
        record: order < half ? record : undefined,
        notRun: order >= half,
      }))
      const plan = planSequentialGate(parseGate('chain/math.accuracy>=0.05'), 0.05)
      const cells = replaySequentialGate(plan, trials, { tasks: false })
      expect(cells[0]!.notRun).toBe(records.length - half)
      const results = {
        ...run.results,
        records: records.slice(0, half),
        sequentialGate: { alpha: 0.05, alphaPerRule: 0.05, cells },
      }
      expect(resultsSchema.safeParse(results).success).toBe(true)
      const dir = join(tempDir(), 'dashboard-sequential')
      await buildDashboard(results, { dir, resultsDir: run.dir })
      const browser = await launchChromium()
      try {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(String(e)))
        await page.goto(`file://${dir}/index.html`)
        await page.waitForFunction(`document.documentElement.dataset.ready === "overview"`)
        const lines = await page.$$eval('#sequential-gate li', (items) => items.map((li) => li.textContent))
        expect(lines).toEqual([formatDecision(cells[0]!)])
        expect(lines[0]).toMatch(
          /^chain\/math: decided after \d+ of \d+ cases; "chain\/math.accuracy>=0.05" pass at α=0.05, rate in \[/,
        )
        expect(lines[0]).toContain(`${records.length - half} cases not run: gate decided`)
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    })
  },
)
