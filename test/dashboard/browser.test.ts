/**
 * The static dashboard in real headless Chromium, opened from file:// as a user would: the
 * overview loads, a filter narrows the case table, a case opens with its graph and transcript,
 * and no page logs a console error. Screenshots go to out/artifacts/screenshots/ (a CI artifact).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { compareRuns } from '../../src/metrics/compare.ts'
import { tempDir } from '../cli/run-cli.ts'
import { chromiumAvailable, pageReady, sharedChromium } from './chromium.ts'
import type { SimRun } from './make-run.ts'
import { simRun } from './make-run.ts'

/** One browser for the file's tests, each on a page of its own. */
const chromium = sharedChromium()
afterAll(() => chromium.close())

export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'out', 'artifacts', 'screenshots')

// Predicates are strings: they run in the page, and this project's TypeScript has no DOM types.
/** Goes to `href` and waits for `view`: a hash change on the same page keeps the last `ready`, so it is cleared first. */
const open = async (page: Page, href: string, view: string) => {
  await page.evaluate("document.documentElement.dataset.ready = ''").catch(() => {})
  await page.goto(href)
  await pageReady(page, view)
}
const countStarts = (page: Page, text: string) =>
  page.waitForFunction(
    `document.querySelector('#case-count')?.textContent?.startsWith(${JSON.stringify(text)})`,
  )

describe.skipIf(!chromiumAvailable())('dashboard in headless Chromium (file://)', () => {
  let run: SimRun
  let url: string
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    run = await simRun({
      noise: 3,
      suites: [
        { topology: 'chain', category: 'math' },
        { topology: 'baseline', category: 'math' },
      ],
    })
    const dir = join(tempDir(), 'dashboard')
    await buildDashboard(run.results, { dir, resultsDir: run.dir })
    url = `file://${dir}/index.html`
    mkdirSync(SCREENSHOTS, { recursive: true })
    page = await chromium.newPage()
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
  })
  afterAll(async () => {
    await page?.close()
  })

  it('loads the overview: headline accuracy, one error-barred bar per cell, the cell table', async () => {
    await open(page, url, 'overview')
    const records = run.results.records
    const correct = records.filter((r) => r.grade?.correct).length
    expect(await page.textContent('#kpi-accuracy')).toBe(`${((correct / records.length) * 100).toFixed(1)}%`)
    expect(await page.locator('svg.accuracy g.cell').count()).toBe(2)
    expect(await page.locator('#cell-table tbody tr').count()).toBe(3) // two cells and "All"
    expect(await page.textContent('#banner')).toContain('SIMULATED')
    await page.screenshot({ path: join(SCREENSHOTS, 'overview.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  it('narrows the case table with filters and sorts it by a column', async () => {
    await open(page, `${url}#/cases`, 'cases')
    const total = run.results.records.length
    expect(await page.textContent('#case-count')).toBe(`${total} of ${total} trials`)
    // Each filter's empty choice reads as English.
    expect(await page.locator('#filter-category option').first().textContent()).toBe('all categories')
    expect(await page.locator('#filter-status option').first().textContent()).toBe('all statuses')
    expect(await page.locator('#filter-topology option').first().textContent()).toBe('all topologies')
    await page.selectOption('#filter-topology', 'chain')
    await countStarts(page, '40 of')
    await page.selectOption('#filter-outcome', 'wrong')
    const wrong = run.results.records.filter(
      (r) => r.topology === 'chain' && r.grade?.correct === false,
    ).length
    await countStarts(page, `${wrong} of`)
    const topologies = await page.locator('#case-table tbody tr td:nth-child(2)').allTextContents()
    expect(new Set(topologies)).toEqual(new Set(['chain']))
    expect(page.url()).toContain('topology=chain')
    // Each click re-renders on hashchange: wait for its arrow before the next click or the read.
    const header = 'th[data-col="completionTokens"]'
    await page.click(header)
    await page.waitForFunction(`document.querySelector('${header}')?.textContent?.endsWith('▲')`)
    await page.click(header)
    await page.waitForFunction(`document.querySelector('${header}')?.textContent?.endsWith('▼')`)
    const tokens = (await page.locator('#case-table tbody tr td:nth-child(13)').allTextContents()).map(Number)
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a))
    await page.screenshot({ path: join(SCREENSHOTS, 'cases.png') })
    expect(errors).toEqual([])
  })

  it('opens a wrong case with its coloured task graph, prompt and transcript', async () => {
    await page.locator('#case-table tbody tr').first().click()
    await pageReady(page, 'case')
    await page.waitForSelector('#case-graph svg')
    // The link names the case and its epoch, not a position in this run's order.
    const [, id, epoch] = /#\/case\/([^?]+)\?epoch=(\d+)$/.exec(page.url())!
    const record = run.results.records.find(
      (r) => r.caseId === decodeURIComponent(id!) && r.epoch === Number(epoch),
    )!
    expect(record.grade?.correct).toBe(false)
    expect(await page.textContent('#case-title')).toContain(record.caseId)
    expect(await page.locator('#case-graph svg g.node').count()).toBeGreaterThanOrEqual(2)
    expect(await page.locator('#case-graph svg g.edge text').count()).toBeGreaterThan(0)
    const fills = await page
      .locator('#case-graph svg g.node path, #case-graph svg g.node polygon')
      .evaluateAll((els) => els.map((e) => e.getAttribute('fill')))
    expect(fills.some((f) => f === '#ffa8a8' || f === '#ffd8a8')).toBe(true) // a wrong node is painted
    expect(await page.textContent('#case-prompt')).toContain('task_1_out')
    expect(await page.locator('#transcript article.turn').count()).toBe(record.turns)
    await page.screenshot({ path: join(SCREENSHOTS, 'case.png'), fullPage: true })
    await page.click('text=‹ back')
    await pageReady(page, 'cases')
    expect(page.url()).toContain('outcome=wrong')
    expect(errors).toEqual([])
  })

  it('opens a case by its id, and the same case from a dashboard of the records in another order', async () => {
    const records = run.results.records
    const record = records[5]!
    const link = `#/case/${encodeURIComponent(record.caseId)}?epoch=${record.epoch}`
    await open(page, `${url}${link}`, 'case')
    expect(await page.textContent('#case-title')).toContain(record.caseId)
    expect(await page.textContent('#case-prompt')).toContain('task_1_out')
    const prompt = await page.textContent('#case-prompt')
    // The same records reversed: every position now holds another case, the link still this one.
    // A second epoch of each follows them (the link names epoch 0).
    const dir = join(tempDir(), 'reordered')
    const again = records.map((r) => ({ ...r, epoch: 1 }))
    await buildDashboard(
      { ...run.results, records: [...[...records].reverse(), ...again] },
      { dir, resultsDir: run.dir },
    )
    await open(page, `file://${dir}/index.html${link}`, 'case')
    expect(await page.textContent('#case-title')).toContain(record.caseId)
    expect(await page.textContent('#case-prompt')).toBe(prompt)
    expect(await page.locator('#transcript article.turn').count()).toBe(record.turns)
    expect(await page.textContent('p.facts')).toContain('epoch 0')
    // A link without the epoch opens the case when it ran once, and lists its epochs otherwise.
    await open(page, `${url}#/case/${encodeURIComponent(record.caseId)}`, 'case')
    expect(await page.textContent('#case-title')).toContain(record.caseId)
    await open(page, `file://${dir}/index.html#/case/${encodeURIComponent(record.caseId)}`, 'case-epochs')
    expect(await page.locator('ul a').allTextContents()).toEqual(['epoch 0', 'epoch 1'])
    await page.click('text=epoch 1')
    await pageReady(page, 'case')
    expect(await page.textContent('p.facts')).toContain('epoch 1')
    // An old position link says what it is instead of opening the case now at that position.
    await open(page, `file://${dir}/index.html#/case/5`, 'case-missing')
    expect(await page.textContent('#case-missing')).toContain('names a position (#5) from an older dashboard')
    expect(await page.locator('#case-missing a').textContent()).toBe(records.at(-6)!.caseId)
    // An unknown id: a clear message, not a blank page or another case.
    await open(page, `${url}#/case/${encodeURIComponent('no/such/case')}?epoch=0`, 'case-missing')
    expect(await page.textContent('#case-missing')).toBe('No case "no/such/case" (epoch 0) in this run.')
    expect(await page.locator('#case-title').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('opens a cell’s cases from its row of the cell table and from its bar of the chart', async () => {
    const records = run.results.records
    await open(page, url, 'overview')
    await page.click('#cell-table tr[data-cell="chain/math"] a.cell-link')
    await pageReady(page, 'cases')
    expect(page.url()).toContain('#/cases?cell=chain%2Fmath')
    const chain = records.filter((r) => r.topology === 'chain').length
    expect(await page.textContent('#case-count')).toBe(`${chain} of ${records.length} trials`)
    expect(await page.inputValue('#filter-cell')).toBe('chain/math')
    expect(new Set(await page.locator('#case-table tbody tr td:nth-child(2)').allTextContents())).toEqual(
      new Set(['chain']),
    )
    await open(page, url, 'overview')
    await page.click('svg.accuracy g.cell[data-cell="baseline/math"] rect.bar')
    await pageReady(page, 'cases')
    expect(await page.textContent('#case-count')).toBe(
      `${records.length - chain} of ${records.length} trials`,
    )
    // A task row opens that task's trials of its cell.
    await open(page, url, 'overview')
    await page.click('details.tasks summary')
    const task = page.locator('#task-table tbody tr').first()
    const [topology, category, name] = (await task.getAttribute('data-cell'))!.split('/')
    await task.locator('a.cell-link').click()
    await pageReady(page, 'cases')
    const ofTask = records.filter(
      (r) => r.topology === topology && r.category === category && r.task === name,
    )
    expect(ofTask.length).toBeGreaterThan(0)
    expect(await page.textContent('#case-count')).toBe(`${ofTask.length} of ${records.length} trials`)
    // A linked cell no trial of this run is in (a compare's missing cell): none, and the filter says which.
    await open(page, `${url}#/cases?cell=${encodeURIComponent('dag/math')}`, 'cases')
    expect(await page.textContent('#case-count')).toBe(`0 of ${records.length} trials`)
    expect(await page.inputValue('#filter-cell')).toBe('dag/math')
    expect(errors).toEqual([])
  })

  it('shows the compare page with one row per cell and the gate verdict', async () => {
    const records = run.results.records
    // B = A with every chain case turned wrong: chain/math must be flagged.
    const worse = records.map((r) =>
      r.topology === 'chain' && r.grade ? { ...r, grade: { ...r.grade, correct: false } } : r,
    )
    const comparison = compareRuns(records, worse)
    const dir = join(tempDir(), 'compare')
    await buildDashboard(
      { ...run.results, records: worse },
      { dir, compare: { ...comparison, labelA: 'run A', labelB: 'run B' } },
    )
    await open(page, `file://${dir}/index.html#/compare`, 'compare')
    expect(await page.locator('table.compare tbody tr').count()).toBe(3)
    expect(await page.textContent('#compare-verdict')).toContain('1 cell(s) fail (chain/math)')
    expect(await page.textContent('tr[data-cell="chain/math"]')).toContain('degraded')
    await page.screenshot({ path: join(SCREENSHOTS, 'compare.png') })
    // A row leads to its cell's cases of run B (the dashboard's), and a case from there names B too.
    await page.click('table.compare tr[data-cell="chain/math"] a.cell-link')
    await pageReady(page, 'cases')
    expect(await page.textContent('#run-note')).toBe('Run B: run B')
    const chain = worse.filter((r) => r.topology === 'chain')
    expect(await page.textContent('#case-count')).toBe(`${chain.length} of ${worse.length} trials`)
    await page.locator('#case-table tbody tr').first().click()
    await pageReady(page, 'case')
    expect(page.url()).toMatch(/#\/case\/[^?]+\?epoch=\d+&run=B$/)
    expect(await page.textContent('#run-note')).toBe('Run B: run B')
    // A link naming run A is told where A's cases are, not shown B's.
    await open(page, `file://${dir}/index.html#/cases?cell=chain%2Fmath&run=A`, 'other-run')
    expect(await page.textContent('#run-note')).toContain("run A's (run A) are in A's own dashboard")
    expect(await page.locator('#case-table').count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe.skipIf(!chromiumAvailable())('dashboard overview of a replayed run (headless Chromium)', () => {
  it('says how many cases were replayed, from which server and when', async () => {
    const cachePath = join(tempDir(), 'responses.jsonl')
    const first = await simRun({ cachePath })
    expect(first.results.records.every((r) => r.cachedTurns === 0)).toBe(true)
    const before = new Date().toISOString()
    const again = await simRun({ cachePath })
    const n = again.results.records.length
    expect(again.results.records.every((r) => r.cachedTurns === r.turns && r.replay !== undefined)).toBe(true)
    const dir = join(tempDir(), 'dashboard-replayed')
    await buildDashboard(again.results, { dir, resultsDir: again.dir })
    const page = await chromium.newPage()
    try {
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      await open(page, `file://${dir}/index.html`, 'overview')
      const line = await page.textContent('#replay')
      expect(line).toMatch(
        new RegExp(
          `^${n} of ${n} cases replayed \\(sim:noisy seed=0 noise=1 server=default, ${first.results.run.started.slice(0, 10)} \\d\\d:\\d\\d`,
        ),
      )
      // The original answers were given before the second run began.
      expect(again.results.records.every((r) => r.replay!.at < before)).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
    // A run that replayed nothing shows no such line.
    const fresh = join(tempDir(), 'dashboard-fresh')
    await buildDashboard(first.results, { dir: fresh, resultsDir: first.dir })
    const freshPage = await chromium.newPage()
    try {
      await open(freshPage, `file://${fresh}/index.html`, 'overview')
      expect(await freshPage.locator('#replay').count()).toBe(0)
    } finally {
      await freshPage.close()
    }
  })
})
