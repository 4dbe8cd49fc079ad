/**
 * The dashboard's Sweeps page in real headless Chromium, opened from file://: a run with two
 * sweep curves (chain length on sim:noisy, and the same sweep on sim:oracle under another name)
 * shows both plots with one shaded band and one line per curve, the breaking point read off, and
 * logs no console error; a sweep run under the three context conditions shows three lines, one
 * per condition. The screenshots go to out/artifacts/screenshots/sweeps*.png.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { tempDir } from '../cli/run-cli.ts'
import { fixedRun as run, sweepConditionsRun, sweepRun } from '../sweep/sweep-run.ts'
import { chromiumAvailable, launchChromium } from './chromium.ts'

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'out', 'artifacts', 'screenshots')

describe.skipIf(!chromiumAvailable())('the Sweeps page in headless Chromium (file://)', () => {
  let dir: string
  let conditionsDir: string
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined

  beforeAll(async () => {
    const sweep = {
      topology: 'chain',
      category: 'math',
      vary: { length: [1, 2, 4, 8, 16] },
      samplesPerTask: 1,
      repeatTemplates: true,
    }
    const noisy = await sweepRun('sim:noisy', sweep)
    const oracle = await sweepRun('sim:oracle', {
      ...sweep,
      name: 'chain-length-oracle',
      targets: ['Convolution', 'NTT'],
    })
    dir = join(tempDir(), 'dashboard')
    await buildDashboard(buildResults([...noisy, ...oracle], run, 'test'), { dir })
    const conditions = await sweepConditionsRun('sim:noisy', { ...sweep, vary: { length: [1, 2, 4, 8] } })
    conditionsDir = join(tempDir(), 'dashboard-conditions')
    await buildDashboard(buildResults(conditions, run, 'test'), { dir: conditionsDir })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows both plots, a band and a line per curve, and the fit; no console errors', async () => {
    const page = await browser!.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
    await page.goto(`file://${dir}/index.html#/sweeps`)
    await page.waitForFunction(`document.documentElement.dataset.ready === 'sweeps'`)
    expect(await page.locator('#nav a[data-route="sweeps"]').textContent()).toBe('Sweeps')
    for (const plot of ['#sweep-plot-size', '#sweep-plot-tokens']) {
      expect(await page.locator(`${plot} svg.sweep g.sweep-curve`).count()).toBe(2)
      expect(await page.locator(`${plot} svg.sweep polygon.band`).count()).toBe(2)
    }
    // Five points per curve, each with its exact numbers on hover.
    expect(await page.locator('#sweep-plot-size g[data-curve="chain-length/math"] circle').count()).toBe(5)
    expect(
      await page
        .locator('#sweep-plot-size g[data-curve="chain-length-oracle/math"] circle title')
        .first()
        .textContent(),
    ).toBe(
      'chain-length-oracle/math length=1 (size 1): 2/2 = 100.0%, 95% CI 34.2%–100.0%, ' +
        (await page.locator('tr[data-point="chain-length-oracle/math@1"] td').nth(5).textContent()) +
        ' prompt tokens',
    )
    const fits = await page.locator('p.sweep-fit').allTextContents()
    // Curves sort by key: "chain-length-oracle/math" before "chain-length/math".
    expect(fits[0]).toMatch(/^breaking point beyond the largest size swept \(16\)/)
    expect(fits[1]).toMatch(/^breaking point at size [\d.]+ \(95% CI /)
    expect(await page.locator('#sweep-plot-size line.breaking-point').count()).toBe(1)
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOTS, 'sweeps.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  it('a sweep run under the three conditions shows one shaded line per condition', async () => {
    const page = await browser!.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
    await page.goto(`file://${conditionsDir}/index.html#/sweeps`)
    await page.waitForFunction(`document.documentElement.dataset.ready === 'sweeps'`)
    for (const plot of ['#sweep-plot-size', '#sweep-plot-tokens']) {
      const curves = page.locator(`${plot} svg.sweep g.sweep-curve`)
      expect(await curves.count()).toBe(3)
      expect(await curves.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-condition')))).toEqual([
        'in-graph',
        'isolated',
        'chained',
      ])
      expect(await page.locator(`${plot} svg.sweep polygon.band`).count()).toBe(3)
      expect(await page.locator(`${plot} svg.sweep g.sweep-curve > polyline:not(.fit)`).count()).toBe(3)
    }
    expect(await page.locator('h3').allTextContents()).toEqual([
      'sweep chain-length/math',
      'sweep chain-length/math:isolated',
      'sweep chain-length/math:chained',
    ])
    await page.screenshot({ path: join(SCREENSHOTS, 'sweeps-conditions.png'), fullPage: true })
    expect(errors).toEqual([])
  })
})
