/**
 * Dashboard scale: a synthetic 50,000-trial results file (6 topologies × 3 categories × 40
 * tasks, four graded outputs per trial, a realistic mix of wrong answers, statuses and repairs)
 * is built into the static folder, then opened from file:// in headless Chromium. It reports
 * the build time and data sizes, the time from navigation until the overview is rendered and
 * answering clicks (the app marks `data-ready` after its first render, once the summary and the
 * whole case index are parsed), then how long the 50,000-row table takes to open, to apply a
 * filter, to sort, and to open one case (its chunk is loaded lazily). The acceptance bound is an
 * interactive overview within 3 s. First it measures a 1,440-document full-grid Long-Transduction
 * run's tab against the time to parse its results JSON (bench/transduction-dashboard.ts); a
 * `trials` of 0 stops there. Run: `npx tsx bench/dashboard.bench.ts [trials]`.
 */
import { statSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDashboard } from '../src/dashboard/build-dashboard.ts'
import { buildResults } from '../src/report/build-results.ts'
import { createRng } from '../src/rng.ts'
import { CHROMIUM, chromiumAvailable, launchChromium } from '../test/dashboard/chromium.ts'
import { syntheticRecord } from '../test/report/synthetic-records.ts'
import { transductionDashboardBench } from './transduction-dashboard.ts'

const ms = (start: number) => Math.round(performance.now() - start)
const mb = (file: string) => `${(statSync(file).size / 1e6).toFixed(1)} MB`

await transductionDashboardBench(await mkdtemp(join(tmpdir(), 'arbigraph-lt-dash-bench-')))
const trials = Number(process.argv[2] ?? 50_000)
if (trials === 0) process.exit(0)
const rng = createRng('dashboard-bench')
const draw = () => rng.float()
const records = Array.from({ length: trials }, (_, i) => syntheticRecord(i, draw))
const now = new Date().toISOString()
const results = buildResults(
  records,
  { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
  'bench',
)
const dir = join(await mkdtemp(join(tmpdir(), 'arbigraph-dash-bench-')), 'dashboard')
let start = performance.now()
const built = await buildDashboard(results, { dir })
console.log(`build: ${trials} trials → ${built.chunks} chunks in ${ms(start)} ms`)
console.log(
  `data: summary.js ${mb(join(dir, 'data', 'summary.js'))}, index.js ${mb(join(dir, 'data', 'index.js'))}`,
)

if (!chromiumAvailable()) process.exit(0)
const browser = await launchChromium()
const page = await browser.newPage()
// Predicates are strings (they run in the page; this project's TypeScript has no DOM types).
// `rendered` clears the app's ready mark first, so a wait ends only after the next render.
const ready = (view: string) =>
  page.waitForFunction(`document.documentElement.dataset.ready === '${view}'`, undefined, { timeout: 60_000 })
const rendered = async (view: string, action: () => Promise<unknown>) => {
  await page.evaluate('delete document.documentElement.dataset.ready')
  const begin = performance.now()
  await action()
  await ready(view)
  return ms(begin)
}
start = performance.now()
await page.goto(`file://${dir}/index.html`)
await ready('overview')
const overviewMs = ms(start)
const tableMs = await rendered('cases', () => page.click('a[data-route="cases"]'))
const filterMs = await rendered('cases', () => page.selectOption('#filter-topology', 'chain'))
const shown = await page.textContent('#case-count')
const sortMs = await rendered('cases', () => page.click('th[data-col="completionTokens"]'))
const caseMs = await rendered('case', () => page.locator('#case-table tbody tr').first().click())
console.log(`chromium (${CHROMIUM}), file://, ${trials} trials:`)
console.log(
  `  overview interactive: ${overviewMs} ms (bound 3000 ms) ${overviewMs <= 3000 ? 'OK' : 'TOO SLOW'}`,
)
console.log(
  `  case table: ${tableMs} ms, filter to "${shown}": ${filterMs} ms, sort: ${sortMs} ms, open a case: ${caseMs} ms`,
)
await browser.close()
if (overviewMs > 3000) process.exitCode = 1

// The board across runs (bench/board.bench.ts, also `npm run bench:board`): 20 runs × 2,000
// trials and 10⁶ trials, build time and peak RSS beside the time to parse the same files.
const { boardBench } = await import('./board.bench.ts')
await boardBench()
