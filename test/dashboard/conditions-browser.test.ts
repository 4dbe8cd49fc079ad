/**
 * The dashboard's Conditions page in real headless Chromium (file://): a sim:noisy chain/math run
 * with all three conditions shows, per cell and depth, the same accuracies and differences as the
 * reports, one row per case with every node's three outcomes, and a case opens its full view.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Results } from '../../src/contracts/results.ts'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { formatDifference } from '../../src/report/format-context-loss.ts'
import { tempDir } from '../cli/run-cli.ts'
import { conditionsRun } from '../conditions/conditions-run.ts'
import { chromiumAvailable, launchChromium, pageReady } from './chromium.ts'

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'out', 'artifacts', 'screenshots')

describe.skipIf(!chromiumAvailable())('Conditions page in headless Chromium (file://)', () => {
  let results: Results
  let url: string
  let browser: BrowserContext
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    const run = await conditionsRun({
      persona: 'sim:noisy',
      noise: 2,
      suites: [{ topology: 'chain', category: 'math' }],
    })
    const now = new Date().toISOString()
    results = buildResults(
      run.records,
      { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
      'arbigraph tests',
    )
    const dir = join(tempDir(), 'dashboard')
    await buildDashboard(results, { dir })
    url = `file://${dir}/index.html`
    mkdirSync(SCREENSHOTS, { recursive: true })
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows the three conditions side by side per cell and depth, with the reports’ differences', async () => {
    await page.goto(`${url}#/conditions`)
    await pageReady(page, 'conditions')
    const rows = results.contextLoss!.rows
    expect(await page.locator('#conditions-cells tbody tr').count()).toBe(rows.length)
    const first = page.locator('#conditions-cells tbody tr').first()
    const cell = rows[0]!
    expect(await first.locator('td.in-graph').textContent()).toBe(
      `${(cell.accuracy['in-graph'].estimate * 100).toFixed(1)}% (${cell.accuracy['in-graph'].correct}/${cell.nodes})`,
    )
    expect(await first.locator('td.isolated').textContent()).toContain(`(${cell.accuracy.isolated!.correct}/`)
    expect(await first.locator('td.chained').textContent()).toContain(`(${cell.accuracy.chained!.correct}/`)
    expect(await first.locator('td.loss').textContent()).toBe(formatDifference(cell.contextLoss))
    expect(cell.contextLoss!.estimate).toBeGreaterThan(0)
    expect(await page.locator('#nav a[data-route="conditions"]').count()).toBe(1)
    await page.screenshot({ path: join(SCREENSHOTS, 'conditions.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  it('lists every case with each node’s three outcomes, and opens a case', async () => {
    await page.goto(`${url}#/conditions`)
    await pageReady(page, 'conditions')
    const records = results.records
    expect(await page.locator('#conditions-cases tbody tr').count()).toBe(records.length)
    const wrong = records.findIndex((r) => r.grade?.nodes.some((n) => n.verdict !== 'correct'))
    expect(wrong).toBeGreaterThanOrEqual(0)
    const row = page.locator(`#conditions-cases tbody tr[data-index="${wrong}"]`)
    expect(await row.locator('span.node').count()).toBe(records[wrong]!.conditions!.nodes.length)
    expect(await row.locator('span.node.wrong').count()).toBe(
      records[wrong]!.grade!.nodes.filter((n) => n.verdict !== 'correct').length,
    )
    const label = records[wrong]!.conditions!.nodes.find((n) => n.evidence)!.evidence!
    expect(await row.textContent()).toContain(label)
    await row.click()
    await pageReady(page, 'case')
    expect(page.url()).toContain(
      `#/case/${encodeURIComponent(records[wrong]!.caseId)}?epoch=${records[wrong]!.epoch}`,
    )
    // The case view puts each node's isolated and chained verdicts and its label beside its grade.
    const nodes = records[wrong]!.conditions!.nodes
    expect(await page.locator('table.grade td.isolated').allTextContents()).toEqual(
      nodes.map((n) => n.isolated!.verdict),
    )
    expect(await page.locator('table.grade td.chained').allTextContents()).toEqual(
      nodes.map((n) => n.chained!.verdict),
    )
    expect(await page.locator('table.grade td.evidence').allTextContents()).toEqual(
      nodes.map((n) => n.evidence ?? ''),
    )
    expect(errors).toEqual([])
  })
})
