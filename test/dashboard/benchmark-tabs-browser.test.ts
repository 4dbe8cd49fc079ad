/**
 * Every benchmark's tab of the static dashboard in real headless Chromium (file://), drawn from
 * what the benchmark declares and nothing else:
 * - a Long-Transduction run of `suites/transduction`'s documents (all four families, two budgets)
 *   on sim:noisy: the overview, the paper's figures and a document view render with no console
 *   error, and the numbers on the page are those `arbigraph report` prints for the same file;
 * - the toy benchmark loaded from an `arbigraph.config.ts`, which declares no dashboard: its tab
 *   still has an overview and its cases.
 * One small run of each, shared by the file.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import type { DocumentDetail } from '../../plugins/transduction/dashboard/document-view.ts'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { loadConfig } from '../../src/config.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { readDetails } from '../../src/dashboard/detail-store.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { runCommand } from '../cli/reference-io.ts'
import { tempDir } from '../cli/run-cli.ts'
import { chromiumAvailable, launchChromium, pageReady } from './chromium.ts'
import type { TransductionRun } from './transduction-run.ts'
import { transductionRun } from './transduction-run.ts'

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'out', 'artifacts', 'screenshots')

/** Goes to `href` and waits for `view`: a hash change on the same page keeps the last `ready`, so it is cleared first. */
const open = async (page: Page, href: string, view: string) => {
  await page.evaluate("document.documentElement.dataset.ready = ''").catch(() => {})
  await page.goto(href)
  await pageReady(page, view)
}

const now = new Date().toISOString()
const RUN = { started: now, finished: now, reason: 'passed' as const, shard: null, merged: false, env: {} }
/** A results file of no ArbiGraph case: the run was of other benchmarks only. */
const noArbigraph = () => buildResults([], RUN, 'arbigraph tests')

/** The cells of a text table's line, split on its column gaps. */
const cells = (line: string) => line.trim().split(/\s{2,}/)

describe.skipIf(!chromiumAvailable())('benchmark tabs in headless Chromium (file://)', () => {
  let browser: BrowserContext
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
  })
  afterAll(async () => {
    await browser?.close()
  })

  describe('Long-Transduction on sim:noisy, four families, two budgets', () => {
    let run: TransductionRun
    let url: string
    let report: string[]

    beforeAll(async () => {
      run = await transductionRun({ budgets: ['4K', '8K'], levels: [0, 2] })
      const dir = join(tempDir(), 'dashboard')
      const built = await buildDashboard(noArbigraph(), {
        dir,
        resultsDir: run.dir,
        benchmarks: [{ bench: transduction, records: run.records }],
      })
      expect(built.benchmarks).toEqual({ transduction: run.records.length })
      url = `file://${dir}/index.html`
      const printed = await runCommand(reportCommand, [run.file], run.dir)
      expect(printed.code).toBe(0)
      report = printed.out.split('\n')
    })

    it('opens on its overview: the headline and the by-budget table are the report’s numbers', async () => {
      await open(page, url, 'bench:overview')
      expect(await page.locator('#nav a[data-bench="transduction"]').textContent()).toBe('Long-Transduction')
      expect(await page.locator('#nav a[data-route="overview"]').isHidden()).toBe(true)
      const headline = report.find((l) => l.startsWith('macro accuracy '))!
      const [, accuracy, consistency, exact] =
        /^macro accuracy ([\d.]+), self-consistency ([\d.]+), exact completion ([\d.]+)$/.exec(headline)!
      expect(await page.textContent('#kpi-accuracy')).toBe(accuracy)
      expect(await page.textContent('#kpi-consistency')).toBe(consistency)
      expect(await page.textContent('#kpi-exact')).toBe(exact)
      const counts = report.find((l) => l.includes(' documents: '))!
      const [, documents, scored] = / (\d+) documents: (\d+) scored/.exec(counts)!
      expect(await page.textContent('#kpi-documents')).toBe(documents)
      expect(await page.textContent('#kpi-scored')).toBe(scored)
      // The report's "Accuracy by budget (Fig. 2a)" table, row for row.
      const at = report.indexOf('Accuracy by budget (Fig. 2a)')
      const expected = report.slice(at + 2, at + 4).map(cells)
      const shown = await page
        .locator('#lt-by-budget tbody tr')
        .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent)))
      expect(shown).toEqual(expected)
      // One bar per budget and metric, with its band.
      expect(await page.locator('#section-lt-by-budget-chart g.bar-group').count()).toBe(6)
      expect(await page.locator('#section-lt-by-budget-chart line.err').count()).toBe(18)
      await page.screenshot({ path: join(SCREENSHOTS, 'transduction-overview.png'), fullPage: true })
      expect(errors).toEqual([])
    })

    it('draws every figure for the budgets and variants that ran, at the page’s width', async () => {
      await open(page, `${url}#/b/transduction/figures`, 'bench:figures')
      // Fig. 2a: three series over two budgets, the points the report's by-budget figures.
      const at = report.indexOf('Accuracy by budget (Fig. 2a)')
      const table = report.slice(at + 2, at + 4).map(cells)
      const points = await page
        .locator('#section-fig-2a circle.point')
        .evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('data-value')).toFixed(3)))
      expect(points).toEqual([
        ...table.map((r) => r[2]),
        ...table.map((r) => r[3]),
        ...table.map((r) => r[4]),
      ])
      expect(await page.locator('#section-fig-2b g.bar-group').count()).toBe(4) // a bar per task
      expect(await page.locator('#section-fig-3 g.bar-group').count()).toBe(12) // per task × format
      for (const family of ['arithmetic', 'uuid-sort', 'variable-lookup', 'table']) {
        expect(await page.locator(`#section-fig-4-${family} g.series`).count()).toBe(3)
        expect(await page.locator(`#section-fig-7-${family} g.series`).count()).toBe(3)
      }
      expect(await page.locator('#section-fig-5-accuracy g.series').count()).toBe(2)
      expect(await page.locator('#section-fig-5-consistency g.series').count()).toBe(2)
      expect(await page.locator('#fig-8 td[data-value]:not([data-value=""])').count()).toBe(12)
      expect(await page.locator('#table-2 tbody tr').count()).toBe(12)
      // Table 2's totals at 8K, summed over variants, are the report's exact completion at 8K.
      const totals = await page.locator('#table-2 tbody tr td:last-child').allTextContents()
      const sum = totals
        .map((t) => t.split('/').map(Number))
        .reduce((a, [k, n]) => [a[0]! + k!, a[1]! + n!], [0, 0])
      const completion = report.slice(report.findIndex((l) => l.startsWith('Exact completion (Table 2)')))
      expect(cells(completion.find((l) => l.startsWith('8K'))!).at(-2)).toBe(`${sum[0]}/${sum[1]}`)
      // Charts take the page's width (the viewport is 1280 wide).
      const width = await page
        .locator('#section-fig-2a svg')
        .evaluate((svg) => svg.getBoundingClientRect().width)
      expect(width).toBeGreaterThan(1100)
      await page.screenshot({ path: join(SCREENSHOTS, 'transduction-figures.png'), fullPage: true })
      expect(errors).toEqual([])
    })

    it('lists the documents, filters them in English, and opens one aligned record by record', async () => {
      await open(page, `${url}#/b/transduction/cases`, 'bench:cases')
      const total = run.records.length
      expect(await page.textContent('#bench-case-count')).toBe(`${total} of ${total} cases`)
      expect(await page.locator('#bench-filter-family option').first().textContent()).toBe('all families')
      await page.selectOption('#bench-filter-family', 'arithmetic')
      await page.waitForFunction(
        `document.querySelector('#bench-case-count')?.textContent?.startsWith('12 of')`,
      )
      await page.selectOption('#bench-filter-outcome', 'partial')
      const partial = run.records.filter(
        (r) => r.family === 'arithmetic' && r.score && !r.score.exact && r.score.counts.correct > 0,
      )
      expect(partial.length).toBeGreaterThan(0)
      await page.waitForFunction(
        `document.querySelector('#bench-case-count')?.textContent?.startsWith('${partial.length} of')`,
      )
      await page.locator('#bench-case-table tbody tr').first().click()
      await pageReady(page, 'bench:case')
      // The link names the document, not its position.
      const id = decodeURIComponent(/case\/([^/?]+)$/.exec(page.url())![1]!)
      const record = run.records.find((r) => r.documentId === id)!
      expect(await page.textContent('#bench-title')).toContain(record.documentId)
      const counts = record.score!.counts
      expect(await page.locator('#lt-aligned tbody tr').count()).toBe(counts.records)
      expect(await page.locator('#lt-aligned tbody tr.bad').count()).toBe(counts.records - counts.correct)
      expect(await page.locator('#lt-aligned tbody tr.first-bad').count()).toBe(1)
      expect(await page.textContent('#lt-lost')).toContain('The first wrong record is #')
      const [detail] = (await readDetails(
        [{ ref: record.detailRef!, id: record.documentId }],
        run.dir,
      )) as DocumentDetail[]
      expect(await page.textContent('#lt-prompt')).toBe(detail!.prompt)
      expect(await page.textContent('#lt-output')).toBe(detail!.output)
      expect(await page.textContent('#kpi-doc-accuracy')).toBe(record.score!.accuracy.toFixed(3))
      await page.screenshot({ path: join(SCREENSHOTS, 'transduction-document.png') })
      expect(errors).toEqual([])
    })

    it('opens a document by its id, the same from a dashboard in another order; an unknown id says so', async () => {
      const record = run.records[3]!
      const link = `#/b/transduction/case/${encodeURIComponent(record.documentId)}`
      await open(page, `${url}${link}`, 'bench:case')
      expect(await page.textContent('#bench-title')).toContain(record.documentId)
      expect(await page.textContent('#kpi-doc-accuracy')).toBe(record.score!.accuracy.toFixed(3))
      const dir = join(tempDir(), 'reordered')
      await buildDashboard(noArbigraph(), {
        dir,
        resultsDir: run.dir,
        benchmarks: [{ bench: transduction, records: [...run.records].reverse() }],
      })
      await open(page, `file://${dir}/index.html${link}`, 'bench:case')
      expect(await page.textContent('#bench-title')).toContain(record.documentId)
      expect(await page.textContent('#kpi-doc-accuracy')).toBe(record.score!.accuracy.toFixed(3))
      // An old position link names no document: it says so rather than opening the one there now.
      await open(page, `file://${dir}/index.html#/b/transduction/case/3`, 'bench:case-missing')
      expect(await page.textContent('#case-missing')).toContain(
        'names a position (#3) from an older dashboard',
      )
      await open(page, `${url}#/b/transduction/case/nope%2Fs9`, 'bench:case-missing')
      expect(await page.textContent('#case-missing')).toBe('No case "nope/s9" in this run.')
      expect(errors).toEqual([])
    })

    it('opens a budget’s documents from its bar and its table row, a cell’s from its link', async () => {
      const total = run.records.length
      const at4K = run.records.filter((r) => r.budget === '4K').length
      await open(page, url, 'bench:overview')
      await page.click('#lt-by-budget tbody tr:first-child a.cell-link')
      await pageReady(page, 'bench:cases')
      expect(page.url()).toContain('#/b/transduction/cases?budget=4K')
      expect(await page.textContent('#bench-case-count')).toBe(`${at4K} of ${total} cases`)
      await open(page, url, 'bench:overview')
      await page.click('#section-lt-by-budget-chart g.bar-group.linked[data-category="8K"] rect')
      await pageReady(page, 'bench:cases')
      expect(await page.textContent('#bench-case-count')).toBe(`${total - at4K} of ${total} cases`)
      // The format a board links to: a family × budget cell.
      await open(
        page,
        `${url}#/b/transduction/cases?cell=${encodeURIComponent('arithmetic/8K')}`,
        'bench:cases',
      )
      const cell = run.records.filter((r) => r.family === 'arithmetic' && r.budget === '8K').length
      expect(cell).toBeGreaterThan(0)
      expect(await page.textContent('#bench-case-count')).toBe(`${cell} of ${total} cases`)
      expect(await page.inputValue('#bench-filter-cell')).toBe('arithmetic/8K')
      // A heatmap cell of the figures opens its variant at its budget.
      await open(page, `${url}#/b/transduction/figures`, 'bench:figures')
      const first = page.locator('#fig-8-budgets td a.cell-link').first()
      const target = new URLSearchParams((await first.getAttribute('href'))!.split('?')[1])
      await first.click()
      await pageReady(page, 'bench:cases')
      const variant = run.records.filter(
        (r) =>
          r.family === target.get('family') &&
          r.format === target.get('format') &&
          r.budget === target.get('budget'),
      ).length
      expect(variant).toBeGreaterThan(0)
      expect(await page.textContent('#bench-case-count')).toBe(`${variant} of ${total} cases`)
      expect(errors).toEqual([])
    })
  })

  describe('the toy benchmark of an arbigraph.config.ts, with no dashboard of its own', () => {
    let echo: AnyBenchmark
    let records: unknown[]
    let url: string

    beforeAll(async () => {
      const config = await loadConfig(join(import.meta.dirname, '..', 'fixtures', 'toy-benchmark'))
      echo = config.plugins[0]!.benchmarks![0]!
      expect(echo.dashboard).toBeUndefined()
      const cases = await echo.cases(echo.options.parse({ cases: 4, words: 3 }))
      const sim = await startSimServer({ persona: 'sim:oracle', seed: 0 })
      try {
        sim.register(echo.simCases!(cases))
        const context = {
          endpoint: sim.url,
          model: sim.model,
          apiKey: 'arbigraph',
          signal: new AbortController().signal,
          log: () => {},
        }
        records = await Promise.all(
          cases.map((c) => runBenchmarkCase(echo, c, singleShot({ maxTokens: 64 }), context)),
        )
      } finally {
        await sim.close()
      }
      const dir = join(tempDir(), 'dashboard')
      await buildDashboard(noArbigraph(), { dir, benchmarks: [{ bench: echo, records }] })
      url = `file://${dir}/index.html`
      expect(readFileSync(join(dir, 'data', 'benchmarks.js'), 'utf8')).toContain('"name":"echo"')
    })

    it('has an overview of its cells and a list of its cases, each opening its record', async () => {
      await open(page, url, 'bench:overview')
      expect(await page.locator('#nav a[data-bench="echo"]').textContent()).toBe('echo')
      expect(await page.textContent('#kpi-records')).toBe('4')
      expect(await page.textContent('#kpi-graded')).toBe('4')
      const [cell] = echo.progressCells!(records)
      const row = await page.locator('#bench-cells tbody tr').first().locator('td').allTextContents()
      expect(row).toEqual([
        cell!.cell,
        String(cell!.graded),
        String(cell!.correct),
        (cell!.correct! / cell!.graded).toFixed(3),
        '0',
      ])
      await page.click('#bench-nav a[data-page="cases"]')
      await pageReady(page, 'bench:cases')
      expect(await page.textContent('#bench-case-count')).toBe('4 of 4 cases')
      await page.locator('#bench-case-table tbody tr').nth(2).click()
      await pageReady(page, 'bench:case')
      expect(JSON.parse((await page.textContent('#case-record'))!)).toEqual(records[2])
      // Without an id of its own, a record's link names a hash of its content, not its position.
      expect(page.url()).toMatch(/#\/b\/echo\/case\/[0-9a-f]{12}$/)
      // Its one cell's row opens the cases of that cell.
      await open(page, url, 'bench:overview')
      await page.click('#bench-cells tbody tr:first-child a.cell-link')
      await pageReady(page, 'bench:cases')
      expect(page.url()).toContain(`cell=${encodeURIComponent(cell!.cell)}`)
      expect(await page.textContent('#bench-case-count')).toBe('4 of 4 cases')
      expect(errors).toEqual([])
    })
  })
})
