/**
 * The Long-Transduction half of `npm run bench:dashboard`: a synthetic full-grid run (4 families ×
 * 3 formats × 4 levels × 6 budgets × 5 samples = 1,440 document records, scores drawn so accuracy
 * falls with budget and along the output) is written as `transduction.json`, then, in the same
 * process and run: the time to parse that file (JSON.parse alone, and the full decode that also
 * re-summarises it), the time to build the dashboard's Long-Transduction tab (overview, every
 * figure, the document list and its chunks), and the time for headless Chromium to open it from
 * file:// until the overview and then the figures are drawn. `node -e 0` is timed beside them as
 * the machine's floor. Records are synthesized (no details stored), so documents open without
 * their prompt and output.
 */
import { writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { transduction } from '../plugins/transduction/benchmark.ts'
import { budgetLabels, families, formatsOf, levels } from '../plugins/transduction/grid.ts'
import { POSITION_BINS } from '../plugins/transduction/metrics/position-bins.ts'
import type { TransductionRecord } from '../plugins/transduction/record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../plugins/transduction/record.ts'
import { buildTransductionResults } from '../plugins/transduction/report/build-results.ts'
import { decodeTransductionResults } from '../plugins/transduction/results.ts'
import { buildDashboard } from '../src/dashboard/build-dashboard.ts'
import { buildResults } from '../src/report/build-results.ts'
import { createRng } from '../src/rng.ts'
import { chromiumAvailable, launchChromium } from '../test/dashboard/chromium.ts'
import { timeProcess } from './time-process.ts'

const SAMPLES = 5
const ms = (start: number) => Math.round(performance.now() - start)

/** One scored document: per-bin accuracy decaying with budget and position, counts to match. */
function record(
  family: (typeof families)[number],
  format: TransductionRecord['format'],
  level: number,
  budget: TransductionRecord['budget'],
  b: number,
  sample: number,
  draw: () => number,
): TransductionRecord {
  const records = 40 * 2 ** b
  const bins = Array.from({ length: POSITION_BINS }, (_, i) =>
    Math.max(0, Math.min(1, 1 - (b * 0.1 + level * 0.05) * (i / POSITION_BINS) * 2 - draw() * 0.1)),
  )
  const correct = Math.round((records * bins.reduce((a, v) => a + v, 0)) / POSITION_BINS)
  const consistent = Math.min(records, correct + Math.round((records - correct) * 0.8))
  return {
    schema: TRANSDUCTION_RECORD_SCHEMA,
    documentId: `${family}/${format}/L${level}/${budget}/s${sample}`,
    family,
    format,
    level,
    budget,
    sample,
    seed: '0',
    model: 'sim:noisy',
    outcome: 'completed',
    score: {
      accuracy: correct / records,
      consistency: consistent / records,
      exact: correct === records,
      positions: { accuracy: bins, consistency: bins.map((v) => Math.min(1, v + 0.2)) },
      counts: {
        records,
        correct,
        consistent,
        missing: records - correct,
        extra: 0,
        duplicates: 0,
        unparsed: 0,
        orderViolations: 0,
      },
    },
    tokens: { input: 1000 * 2 ** b, prompt: 1000 * 2 ** b, completion: 500 * 2 ** b },
    latencyMs: 1000,
    infraError: null,
  }
}

/** Runs the Long-Transduction measurements in `dir` and prints them. */
export async function transductionDashboardBench(dir: string): Promise<void> {
  const draw = (() => {
    const rng = createRng('lt-dashboard-bench')
    return () => rng.float()
  })()
  const records: TransductionRecord[] = []
  for (const family of families)
    for (const format of formatsOf(family))
      for (const level of levels)
        budgetLabels.forEach((budget, b) => {
          for (let sample = 0; sample < SAMPLES; sample++)
            records.push(record(family, format, level, budget, b, sample, draw))
        })
  records.sort(transduction.records.compare)
  const now = new Date().toISOString()
  const run = { started: now, finished: now, reason: 'passed' as const, shard: null, merged: false, env: {} }
  const file = join(dir, 'transduction.json')
  writeFileSync(file, `${JSON.stringify(buildTransductionResults(records, run, 'bench'), null, 2)}\n`)

  const bare = await timeProcess({ label: 'node -e 0', command: process.execPath, args: ['-e', '0'] })
  const text = await readFile(file, 'utf8')
  let start = performance.now()
  JSON.parse(text)
  const parseMs = ms(start)
  start = performance.now()
  decodeTransductionResults(text, file)
  const decodeMs = ms(start)
  start = performance.now()
  const built = await buildDashboard(buildResults([], run, 'bench'), {
    dir: join(dir, 'lt-dashboard'),
    resultsDir: dir,
    benchmarks: [{ bench: transduction, records }],
  })
  const buildMs = ms(start)
  console.log(
    `Long-Transduction full grid: ${records.length} documents (${(text.length / 1e6).toFixed(1)} MB results JSON)`,
  )
  console.log(`  node -e 0:                       ${Math.round(bare.wallMs)} ms (whole process, the floor)`)
  console.log(
    `  parse the results JSON:          ${parseMs} ms (JSON.parse); ${decodeMs} ms (decode + summary check)`,
  )
  console.log(
    `  build the dashboard tab:         ${buildMs} ms (${built.benchmarks.transduction} documents) = ${(buildMs / Math.max(1, parseMs)).toFixed(1)}× JSON.parse`,
  )
  if (!chromiumAvailable()) return
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const ready = (view: string) =>
      page.waitForFunction(`document.documentElement.dataset.ready === '${view}'`, undefined, {
        timeout: 60_000,
      })
    start = performance.now()
    await page.goto(`file://${built.dir}/index.html`)
    await ready('bench:overview')
    const overviewMs = ms(start)
    await page.evaluate('delete document.documentElement.dataset.ready')
    start = performance.now()
    await page.click('#bench-nav a[data-page="figures"]')
    await ready('bench:figures')
    const figuresMs = ms(start)
    await page.evaluate('delete document.documentElement.dataset.ready')
    start = performance.now()
    await page.click('#bench-nav a[data-page="cases"]')
    await ready('bench:cases')
    const casesMs = ms(start)
    console.log(
      `  page load (file://, Chromium):   overview drawn ${overviewMs} ms = ${(overviewMs / Math.max(1, parseMs)).toFixed(1)}× JSON.parse; figures ${figuresMs} ms; document list ${casesMs} ms`,
    )
  } finally {
    await browser.close()
  }
}
