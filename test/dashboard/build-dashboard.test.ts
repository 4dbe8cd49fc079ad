import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { caseDetailSinkFromEnv, parseDetailRef } from '../../src/dashboard/case-details.ts'
import type { CaseIndex, ChunkCase, OverviewPayload } from '../../src/dashboard/dashboard-data.ts'
import { caseIndex, overviewPayload } from '../../src/dashboard/dashboard-data.ts'
import { tempDir } from '../cli/run-cli.ts'
import type { SimRun } from './make-run.ts'
import { simRun } from './make-run.ts'

/** Runs a data script the way the browser does and returns what it handed over. */
function load<T>(file: string): T {
  let payload: unknown
  runInNewContext(readFileSync(file, 'utf8'), {
    window: { arbigraphData: (_: string, p: unknown) => (payload = p) },
  })
  return payload as T
}

describe('buildDashboard', () => {
  let run: SimRun
  let dir: string

  beforeAll(async () => {
    run = await simRun({ noise: 2 })
    dir = join(tempDir(), 'dash')
    const built = await buildDashboard(run.results, { dir, resultsDir: run.dir, chunkSize: 16 })
    expect(built).toMatchObject({ cases: 40, withDetails: 40, chunks: 3 })
  })

  it('writes one self-contained folder: page, app, bundled graph renderer, data scripts', () => {
    expect(readdirSync(dir).sort()).toEqual(['app', 'data', 'index.html'])
    expect(existsSync(join(dir, 'app', 'vendor', 'viz-global.js'))).toBe(true)
    expect(readdirSync(join(dir, 'data')).sort()).toEqual([
      'benchmarks.js', // the other benchmarks' tabs: none here
      'cases-00000.js',
      'cases-00001.js',
      'cases-00002.js',
      'index.js',
      'summary.js',
    ])
    const html = readFileSync(join(dir, 'index.html'), 'utf8')
    expect(html).not.toMatch(/https?:\/\//) // no CDN, no network
  })

  it('recomputes the overview from the records', () => {
    const summary = load<OverviewPayload>(join(dir, 'data', 'summary.js'))
    const correct = run.results.records.filter((r) => r.grade?.correct).length
    expect(summary.total).toMatchObject({ n: 40, correct })
    expect(summary.cells.map((c) => c.key)).toEqual(['chain/math'])
    expect(summary.charts.accuracy).toContain('<svg')
    expect(summary.simulated).toBe(true)
  })

  it('indexes every trial compactly and puts record i at chunk i / size, slot i % size', () => {
    const index = load<CaseIndex>(join(dir, 'data', 'index.js'))
    expect(index.rows).toHaveLength(40)
    const at = index.columns.indexOf('caseId')
    const chunk = load<{ cases: ChunkCase[] }>(join(dir, 'data', 'cases-00001.js'))
    expect(chunk.cases[3]!.record.caseId).toBe(index.rows[19]![at])
    expect(chunk.cases[3]!.prompt).toContain('task_1_out')
    expect(chunk.cases[3]!.dot).toMatch(/^digraph instance/)
    expect(chunk.cases[3]!.transcript!.turns.length).toBeGreaterThan(0)
  })

  it('names each trial’s cell in the index as the overview names its cells, two suites apart', () => {
    const records = run.results.records.map((r, i) => (i % 2 ? { ...r, suite: { length: '2' } } : r))
    const index = caseIndex(records, () => false)
    const at = index.columns.indexOf('cell')
    const cellOf = (i: number) => index.dict.cell[index.rows[i]![at] as number]
    const summary = overviewPayload(records, { results: run.results, chunkSize: 100 })
    const keys = summary.cells.map((c) => c.key)
    expect(keys).toEqual(['chain/math', 'chain/math (length 2)'])
    for (const cell of summary.cells)
      expect(records.filter((_, i) => cellOf(i) === cell.key)).toHaveLength(cell.trials)
    // A sweep's case is in no cell (the overview leaves it out of every cell too).
    const swept = caseIndex([{ ...records[0]!, sweep: { axis: 'length', value: 2 } as never }], () => false)
    expect(swept.rows[0]![at]).toBe(-1)
  })

  it('finds a moved case store in <results dir>/cases and shows no details when it is gone', async () => {
    const moved = join(tempDir(), 'moved')
    renameSync(run.dir, moved)
    const ref = parseDetailRef(run.results.records[0]!.transcriptRef, moved)
    expect(ref?.file.startsWith(join(moved, 'cases'))).toBe(true)
    const again = await buildDashboard(run.results, { dir: join(tempDir(), 'd2'), resultsDir: moved })
    expect(again.withDetails).toBe(40)
    const none = await buildDashboard(run.results, { dir: join(tempDir(), 'd3'), resultsDir: tempDir() })
    expect(none.withDetails).toBe(0)
    renameSync(moved, run.dir)
  })
  it('keeps one whole dashboard when several runs build into the same folder at once', async () => {
    // Each build looks whether the folder exists, then moves the old one away and its own in:
    // another build may move or fill the folder between those steps.
    const shared = join(tempDir(), 'shared')
    await buildDashboard(run.results, { dir: shared, resultsDir: run.dir, chunkSize: 16 })
    const builds = await Promise.all(
      Array.from({ length: 8 }, () =>
        buildDashboard(run.results, { dir: shared, resultsDir: run.dir, chunkSize: 16 }),
      ),
    )
    expect(builds.map((b) => b.cases)).toEqual(Array(8).fill(40))
    expect(readdirSync(shared).sort()).toEqual(['app', 'data', 'index.html'])
    expect(readdirSync(join(shared, 'data')).sort()).toEqual(readdirSync(join(dir, 'data')).sort())
    expect(readdirSync(join(shared, '..'))).toEqual(['shared']) // no folder moved aside is left
  })
})

describe('caseDetailSinkFromEnv', () => {
  it('stores details next to the results file, and none when results or details are off', () => {
    const root = tempDir()
    expect(caseDetailSinkFromEnv({ ARBIGRAPH_RESULTS: 'off' }, root)).toBeUndefined()
    expect(caseDetailSinkFromEnv({ ARBIGRAPH_CASES: 'off' }, root)).toBeUndefined()
    expect(caseDetailSinkFromEnv({ ARBIGRAPH_CASES: join(tempDir(), 'c') }, root)).toBeTypeOf('function')
  })
})
