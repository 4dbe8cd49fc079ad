/**
 * The board in real headless Chromium, opened from file:// as a user would: a board of three
 * models over ArbiGraph runs (one model's two runs pooled, one run with its own dashboard beside
 * it) and Long-Transduction runs opens with no console error, shows the three models in the
 * matrix, draws the paper's views, and a cell leads to its cases — the board's own case list
 * (loaded on demand), or the run's dashboard filtered to that cell.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../index.ts'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { boardCommand } from '../../src/cli/commands/board.ts'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'
import { chromiumAvailable, launchChromium, pageReady } from '../dashboard/chromium.ts'
import { syntheticRunRecords, writeSyntheticRun } from './synthetic-runs.ts'
import { syntheticTransductionRecords, writeSyntheticTransduction } from './synthetic-transduction.ts'

const oracleTransduction = syntheticTransductionRecords('sim:oracle', 1.2, 3, true)

describe.skipIf(!chromiumAvailable())('board in headless Chromium (file://)', () => {
  let dir: string
  let url: string
  let browser: BrowserContext
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    dir = scratchDir()
    mkdirSync(join(dir, 'runs', 'oracle'), { recursive: true })
    mkdirSync(join(dir, 'runs', 'noisy'), { recursive: true })
    mkdirSync(join(dir, 'runs', 'reference'), { recursive: true })
    await writeSyntheticRun(join(dir, 'runs', 'oracle'), 'results', {
      model: 'sim:oracle',
      trials: 72,
      skill: 0.5,
    })
    await writeSyntheticRun(join(dir, 'runs', 'noisy'), 'results', {
      model: 'sim:noisy',
      trials: 72,
      infraEvery: 9,
    })
    await writeSyntheticRun(join(dir, 'runs', 'noisy'), 'results-epoch1', { model: 'sim:noisy', trials: 72 })
    const reference = { model: 'qwen3.5-27b', trials: 72, skill: 0.2 }
    await writeSyntheticRun(join(dir, 'runs', 'reference'), 'results', reference)
    // The reference run has its dashboard beside its results file, as a run writes it.
    const now = '2026-12-06T00:00:00.000Z'
    await buildDashboard(
      buildResults(
        syntheticRunRecords(reference),
        { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
        'synthetic',
      ),
      { dir: join(dir, 'runs', 'reference', 'dashboard'), resultsDir: join(dir, 'runs', 'reference') },
    )
    await writeSyntheticTransduction(join(dir, 'runs', 'oracle'), 'transduction', 'sim:oracle', 1.2, 3, true)
    // The oracle's runs have their dashboard too, with its Long-Transduction tab.
    await buildDashboard(
      buildResults(
        syntheticRunRecords({ model: 'sim:oracle', trials: 72, skill: 0.5 }),
        { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
        'synthetic',
      ),
      {
        dir: join(dir, 'runs', 'oracle', 'dashboard'),
        resultsDir: join(dir, 'runs', 'oracle'),
        benchmarks: [{ bench: transduction, records: oracleTransduction }],
      },
    )
    await writeSyntheticTransduction(join(dir, 'runs', 'noisy'), 'transduction', 'sim:noisy', 0.8, 3, true)
    const built = await runCommand(boardCommand, ['runs', '--out', 'board'], dir)
    expect(built.out).toContain('board: 3 models, 6 runs')
    url = `file://${join(dir, 'board')}/index.html`
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('opens with three models in the matrix, the views drawn, and no console error', async () => {
    await page.goto(url)
    await pageReady(page, 'overview')
    const models = await page
      .locator('#matrix-arbigraph tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { model: string } }).dataset.model))
    expect(models.sort()).toEqual(['qwen3.5-27b', 'sim:noisy', 'sim:oracle'])
    expect(await page.textContent('#board-summary')).toContain('3 models · 6 runs')
    // Fig. 3: one group per cell, one bar per model in each.
    expect(await page.locator('#view-arbigraph-accuracy g.group').count()).toBe(18)
    expect(await page.locator('#view-arbigraph-accuracy g.group').first().locator('rect.bar').count()).toBe(3)
    // Long-Transduction: Fig. 2a one line per model, Fig. 8 one heatmap per model.
    expect(await page.locator('#view-transduction-accuracy-budget g.series').count()).toBe(2)
    expect(await page.locator('#view-transduction-family-budget table.heatmap').count()).toBe(2)
    // Fig. 2b: one group per task at the longest budget, one bar per model in each.
    expect(await page.locator('#view-transduction-accuracy-family-longest g.group').count()).toBe(2)
    expect(
      await page
        .locator('#view-transduction-accuracy-family-longest g.group')
        .first()
        .locator('rect.bar')
        .count(),
    ).toBe(2)
    expect(await page.locator('#matrix-transduction tbody tr').count()).toBe(2)
    // Sweeps: one curve per model in each, overlaid.
    const sweeps = page.locator('#section-transduction figure.sweep')
    expect(await sweeps.count()).toBeGreaterThan(0)
    expect(await sweeps.first().locator('g.series').count()).toBe(2)
    expect(errors).toEqual([])
  })

  it('a cell leads to its cases: the pooled runs of a model, loaded on demand', async () => {
    await page.goto(url)
    await pageReady(page, 'overview')
    const row = page.locator('#matrix-arbigraph tbody tr[data-model="sim:noisy"]')
    await row.locator('td').nth(1).locator('a.cell-link').click()
    await pageReady(page, 'cases')
    // baseline/gsm: trials i with i % 6 == 0 and floor(i / 6) % 3 == 1 → 4 of 72, in each of two runs.
    expect(await page.textContent('#case-count')).toMatch(/^8 trials: /)
    const cells = await page.locator('#case-table tbody tr td:nth-child(2)').allTextContents()
    expect(new Set(cells)).toEqual(new Set(['baseline/gsm']))
    expect(errors).toEqual([])
  })

  it("a run with a dashboard: the cell opens that dashboard's case table, filtered to the cell", async () => {
    await page.goto(url)
    await pageReady(page, 'overview')
    const link = page
      .locator('#matrix-arbigraph tbody tr[data-model="qwen3.5-27b"] td')
      .nth(1)
      .locator('a.cell-link')
    expect(await link.getAttribute('href')).toBe(
      '../runs/reference/dashboard/index.html#/cases?topology=baseline&category=gsm',
    )
    await link.click()
    await page.waitForFunction(
      `document.documentElement.dataset.ready === 'cases' && !!document.querySelector('#case-count')`,
    )
    expect(await page.textContent('#case-count')).toMatch(/^4 of 72 trials/)
    expect(errors).toEqual([])
  })

  it("another benchmark's cell opens its tab of the run's dashboard, filtered to the cell", async () => {
    await page.goto(url)
    await pageReady(page, 'overview')
    const link = page
      .locator('#matrix-transduction tbody tr[data-model="sim:oracle"] td')
      .nth(1)
      .locator('a.cell-link')
    const href = (await link.getAttribute('href'))!
    const [, cell] = /^\.\.\/runs\/oracle\/dashboard\/index\.html#\/b\/transduction\/cases\?cell=(.+)$/.exec(
      href,
    )!
    const [family, budget] = decodeURIComponent(cell!).split('/')
    await link.click()
    await page.waitForFunction(
      `document.documentElement.dataset.ready === 'bench:cases' && !!document.querySelector('#bench-case-count')`,
    )
    const inCell = oracleTransduction.filter((r) => r.family === family && r.budget === budget).length
    expect(inCell).toBeGreaterThan(0)
    expect(await page.textContent('#bench-case-count')).toBe(
      `${inCell} of ${oracleTransduction.length} cases`,
    )
    // The board's own case list of that model and cell links the same tab.
    await page.goto(url)
    await pageReady(page, 'overview')
    const s = await page.evaluate(
      `window.board.store.board.sections.findIndex((x) => x.benchmark === 'transduction')`,
    )
    const c = await page.evaluate(
      `window.board.store.board.sections[${s}].columns.findIndex((x) => x.key === 'sim:oracle')`,
    )
    await page.goto(`${url}#/cases/${s}/${c}?cell=${cell}`)
    await pageReady(page, 'cases')
    expect(await page.locator('a.dashboard-link').getAttribute('href')).toBe(href)
    expect(errors).toEqual([])
  })
})
