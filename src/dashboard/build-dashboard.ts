/**
 * Writes the static dashboard: one folder that opens from file:// with no network — `index.html`,
 * the app (`app/*.js`, `app/style.css`, the bundled @viz-js/viz under `app/vendor/`), and the data
 * as scripts: `data/summary.js` (overview), `data/index.js` (one compact row per trial) and
 * `data/cases-NNNNN.js` chunks of `chunkSize` cases (record, prompt, graph DOT, transcript) that
 * the app loads only when a case is opened. The folder is built beside its place under a temporary
 * name and renamed into place, so a rebuild never mixes chunks of two runs and a build killed
 * midway leaves the previous dashboard whole (the next build removes the leftover).
 */
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { conditionsPages } from '../conditions/dashboard-page.ts'
import type { Results } from '../contracts/results.ts'
import { ArbigraphError } from '../errors.ts'
import { openAtomicLines, removeStaleTemps, tempPath } from '../io/atomic-write.ts'
import { ensureDir } from '../io/ensure-dir.ts'
import type { BenchmarkRecords } from './benchmark-view.ts'
import { benchmarkChunkFile, benchmarkChunkScript, benchmarksPayload } from './benchmark-view.ts'
import type { DetailSpan } from './case-details.ts'
import { locateCaseDetails, readCaseDetailAt } from './case-details.ts'
import type { ComparePayload } from './dashboard-data.ts'
import { caseIndex, chunkCase, chunkFile, dataScript, overviewPayload } from './dashboard-data.ts'
import { sweepPages } from './sweep-page.ts'

const APP_DIR = fileURLToPath(new URL('./app/', import.meta.url))

/** An extra page to ship: its script file is copied to `app/pages/<id>.js`. */
export interface ExtraPage {
  id: string
  title: string
  /** Absolute path of the page script (it calls `arbigraph.registerPage(id, render)`). */
  scriptFile: string
  data?: unknown
}

export interface BuildDashboardOptions {
  /** Output folder; created if needed. */
  dir: string
  /**
   * Folder of the results file: relative `transcriptRef`s and moved case stores resolve against it.
   * @default process.cwd()
   */
  resultsDir?: string
  /**
   * Cases per lazily loaded chunk file.
   * @default 100
   */
  chunkSize?: number
  /** A comparison to show on the compare page. @default null */
  compare?: ComparePayload | null
  /** Extra pages with their own scripts. @default [] */
  pages?: ExtraPage[]
  /**
   * The other benchmarks of the run and their records: each gets its tab, drawn from what it
   * declares (`dashboard` in the Benchmark contract). @default []
   */
  benchmarks?: readonly BenchmarkRecords[]
}

/** What a build wrote. */
export interface DashboardBuild {
  dir: string
  cases: number
  withDetails: number
  chunks: number
  /** Cases of the other benchmarks' tabs, by benchmark name. */
  benchmarks: { [name: string]: number }
}

/** The app's static files, copied as they are, plus the browser build of @viz-js/viz. */
async function copyApp(dir: string, pages: readonly ExtraPage[]): Promise<void> {
  await mkdir(join(dir, 'app', 'vendor'), { recursive: true })
  for (const name of await readdir(APP_DIR)) {
    if (name === 'index.html') await copyFile(join(APP_DIR, name), join(dir, 'index.html'))
    else await copyFile(join(APP_DIR, name), join(dir, 'app', name))
  }
  const vizEntry = createRequire(import.meta.url).resolve('@viz-js/viz')
  await copyFile(join(dirname(vizEntry), 'viz-global.js'), join(dir, 'app', 'vendor', 'viz-global.js'))
  if (pages.length > 0) await mkdir(join(dir, 'app', 'pages'), { recursive: true })
  for (const page of pages) await copyFile(page.scriptFile, join(dir, 'app', 'pages', `${page.id}.js`))
}

/** Tries before giving up when other runs keep replacing the same dashboard folder. */
const MOVE_ATTEMPTS = 20

/**
 * Puts the finished folder `built` at `dir`, moving an earlier dashboard out of the way first.
 * Runs that share the folder (two evals in one checkout) may move or fill it between this one's
 * look and its move: then it looks again, so the last one in wins and each stays whole.
 */
async function moveIntoPlace(built: string, dir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await stat(dir).catch(() => undefined)
    if (existing && !existing.isDirectory())
      throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `dashboard "${dir}": is a file, not a folder`)
    const previous = existing ? tempPath(dir) : undefined
    try {
      // ENOENT here: another run moved the old dashboard away first.
      if (previous) await rename(dir, previous)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < MOVE_ATTEMPTS) continue
      throw error
    }
    try {
      await rename(built, dir)
      return
    } catch (error) {
      // ENOTEMPTY or EEXIST: another run put its dashboard there since.
      const code = (error as NodeJS.ErrnoException).code
      if (!(code === 'ENOTEMPTY' || code === 'EEXIST') || attempt >= MOVE_ATTEMPTS) throw error
    } finally {
      if (previous) await rm(previous, { recursive: true, force: true })
    }
  }
}

/**
 * Builds the static dashboard for a results file.
 * @example await buildDashboard(results, { dir: 'out/dashboard', resultsDir: 'out' })
 */
export async function buildDashboard(
  results: Results,
  options: BuildDashboardOptions,
): Promise<DashboardBuild> {
  const dir = resolve(options.dir)
  const chunkSize = options.chunkSize ?? 100
  const { records } = results
  // A run with sweeps gets their page, whoever builds its dashboard.
  const pages = [...conditionsPages(records), ...(options.pages ?? []), ...sweepPages(records)]
  const spans = await locateCaseDetails(records, resolve(options.resultsDir ?? process.cwd()))
  ensureDir(dirname(dir), `dashboard "${dir}"`)
  removeStaleTemps(dir)
  const built = tempPath(dir)
  try {
    const compare = options.compare ?? null
    const benchmarks = options.benchmarks ?? []
    const resultsDir = resolve(options.resultsDir ?? process.cwd())
    const { chunks, withDetails } = await writeDashboard(built, results, spans, {
      chunkSize,
      pages,
      compare,
    })
    await writeBenchmarks(built, benchmarks, chunkSize, resultsDir)
    await moveIntoPlace(built, dir)
    const counts = Object.fromEntries(
      benchmarks.filter((b) => b.records.length > 0).map((b) => [b.bench.name, b.records.length]),
    )
    return { dir, cases: records.length, withDetails, chunks, benchmarks: counts }
  } catch (error) {
    await rm(built, { recursive: true, force: true })
    throw error
  }
}

/**
 * Writes chunk `k` (the records from `first`, each with its details) case by case: a case can
 * hold a 32 MiB reply twice (its answer and its transcript), so a chunk is never one string.
 * Returns which of them had details.
 */
async function writeChunk(
  file: string,
  k: number,
  records: readonly Results['records'][number][],
  spans: readonly (DetailSpan | undefined)[],
): Promise<boolean[]> {
  const out = await openAtomicLines(file)
  const found: boolean[] = []
  try {
    // The same script as dataScript(`chunk:${k}`, { cases }), one case a line.
    await out.write(`window.arbigraphData(${JSON.stringify(`chunk:${k}`)}, {"cases":[`)
    for (let i = 0; i < records.length; i++) {
      const detail = readCaseDetailAt(spans[i], records[i]!)
      found.push(detail !== undefined)
      await out.write(`${JSON.stringify(chunkCase(records[i]!, detail))}${i + 1 < records.length ? ',' : ''}`)
    }
    await out.write(']});')
    await out.commit()
    return found
  } catch (error) {
    await out.abort()
    throw error
  }
}

/** Writes `data/benchmarks.js` (always: the app loads it) and each benchmark's case chunks. */
async function writeBenchmarks(
  dir: string,
  runs: readonly BenchmarkRecords[],
  chunkSize: number,
  resultsDir: string,
): Promise<void> {
  await writeFile(
    join(dir, 'data', 'benchmarks.js'),
    dataScript('benchmarks', benchmarksPayload(runs, { chunkSize })),
  )
  for (const { bench, records } of runs) {
    for (let k = 0; k * chunkSize < records.length; k++) {
      const file = join(dir, benchmarkChunkFile(bench.name, k))
      if (k === 0) await mkdir(dirname(file), { recursive: true })
      const part = records.slice(k * chunkSize, (k + 1) * chunkSize)
      await writeFile(file, await benchmarkChunkScript(bench, k, part, resultsDir))
    }
  }
}

/** Writes the whole dashboard into the (new) folder `dir`; returns the number of case chunks. */
async function writeDashboard(
  dir: string,
  results: Results,
  spans: readonly (DetailSpan | undefined)[],
  options: { chunkSize: number; pages: readonly ExtraPage[]; compare: ComparePayload | null },
): Promise<{ chunks: number; withDetails: number }> {
  const { chunkSize, pages } = options
  const { records } = results
  await mkdir(join(dir, 'data'), { recursive: true })
  await copyApp(dir, pages)
  // Chunks first: a detail counts once it is read and found to be its case's.
  const found: boolean[] = []
  for (let k = 0; k * chunkSize < records.length; k++) {
    const part = [k * chunkSize, (k + 1) * chunkSize] as const
    found.push(
      ...(await writeChunk(join(dir, chunkFile(k)), k, records.slice(...part), spans.slice(...part))),
    )
  }
  const overview = overviewPayload(records, {
    results,
    chunkSize,
    compare: options.compare,
    pages: pages.map((p) => ({ id: p.id, title: p.title, script: `app/pages/${p.id}.js`, data: p.data })),
  })
  await writeFile(join(dir, 'data', 'summary.js'), dataScript('summary', overview))
  await writeFile(
    join(dir, 'data', 'index.js'),
    dataScript(
      'index',
      caseIndex(records, (i) => found[i]!),
    ),
  )
  return { chunks: overview.chunks, withDetails: found.filter(Boolean).length }
}
