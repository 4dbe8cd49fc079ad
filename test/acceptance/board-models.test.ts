/**
 * Issue 33, acceptance: three models on one frozen dataset build one board. The reference's
 * released gsm_baseline.json is the dataset; sim:oracle and sim:noisy each evaluate it instance
 * for instance through the dataset suite's case runner (in-process, the tool agent over HTTP
 * against the simulator on loopback, our grader), and their results files are written as the
 * results reporter writes them (buildResults + the streamed writer). The third run is the
 * reference's recorded Qwen3.5-27B GSM baseline run, replayed by `replay-reference --out`. All
 * three name the same dataset hash, so the board pairs them trial for trial (McNemar on the 656
 * shared instances) in the same cell; the page, in real headless Chromium, shows the three
 * models and a cell leads to its cases, with no console error. `export` of the same three files
 * writes one row per trial, the dataset hash in every row.
 */
import { setMaxListeners } from 'node:events'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parquetReadObjects } from 'hyparquet'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../index.ts'
import { arbigraphBenchmark, arbigraphCases, suiteCaseSettings } from '../../src/arbigraph-benchmark.ts'
import type { BoardData } from '../../src/board/board-data.ts'
import { boardInputs } from '../../src/board/board-inputs.ts'
import { buildBoard } from '../../src/board/build-board.ts'
import { exportCommand } from '../../src/cli/commands/export.ts'
import { replayReferenceCommand } from '../../src/cli/commands/replay-reference.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { HarnessContext } from '../../src/contracts/harness.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { loadFrozenDataset } from '../../src/io/frozen-dataset.ts'
import { writeJsonRecords } from '../../src/io/write-json-records.ts'
import { mcnemarExact } from '../../src/metrics/mcnemar.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { datasetCases } from '../../src/vitest/dataset-suite.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'
import { chromiumAvailable, launchChromium, pageReady } from '../dashboard/chromium.ts'
import { arbigraphDir, referenceDir } from '../io/reference/fixtures.ts'

const root = process.cwd()
const dataset = join(arbigraphDir, 'gsm_baseline.json')
const recorded = join(
  referenceDir,
  'arbigraph/results/baseline/Qwen3.5-27B/gsm/repair/agent_gsm_baseline_Qwen3.5-27B_20260705_234011.json',
)
const present = existsSync(dataset) && existsSync(recorded)
if (!present) console.warn(`[skip] board of three models: ${dataset} or ${recorded} not found`)

const QWEN = 'Qwen/Qwen3.5-27B'
const INSTANCES = 656

/**
 * One run of the dataset under a simulator persona, written to `file` as the results reporter
 * writes a run's file: every case through the suite's case runner, 16 at a time.
 */
async function simRun(persona: 'sim:oracle' | 'sim:noisy', file: string): Promise<void> {
  const registry = await threadRegistry(root)
  const suiteCases = await datasetCases(dataset, root, { samples: undefined, epochs: 1, seed: undefined })
  const first = suiteCases[0]!.instance
  const cases = arbigraphCases(suiteCases, await suiteCaseSettings(first.topology.name, undefined, root))
  const sim = await startSimServer({ persona })
  try {
    sim.register(suiteCases.map((c) => simCaseOf(c.instance)))
    const harness = arbigraphBenchmark.harness(
      {
        topology: first.topology.name,
        options: {},
        categories: first.categories,
        samplesPerTask: 1,
        seed: '0',
      },
      registry,
    )
    // One signal for all 16 lanes, each case listening on it.
    const { signal } = new AbortController()
    setMaxListeners(64, signal)
    const context: HarnessContext = {
      endpoint: sim.url,
      model: sim.model,
      apiKey: 'arbigraph',
      signal,
      log: () => {},
    }
    const tools = { registry, registerSim: async () => {} }
    const records: CaseRecord[] = new Array(cases.length)
    let next = 0
    const lane = async () => {
      while (next < cases.length) {
        const i = next++
        records[i] = await runBenchmarkCase(arbigraphBenchmark, cases[i]!, harness, context, tools)
      }
    }
    const started = new Date().toISOString()
    await Promise.all(Array.from({ length: 16 }, lane))
    const run = {
      started,
      finished: new Date().toISOString(),
      reason: 'passed' as const,
      shard: null,
      merged: false,
      env: {},
    }
    await writeJsonRecords(file, buildResults(records, run, 'board-models test'), 'records')
  } finally {
    await sim.close()
  }
}

describe.skipIf(!present)(
  'a board of sim:oracle, sim:noisy and the replayed Qwen3.5-27B run on gsm_baseline.json',
  () => {
    const dir = scratchDir()
    const files = ['runs/oracle.json', 'runs/noisy.json', 'runs/qwen.json']
    let sha256: string
    let board: BoardData
    let browser: BrowserContext | undefined
    let page: Page
    const errors: string[] = []

    beforeAll(async () => {
      mkdirSync(join(dir, 'runs'))
      sha256 = (await loadFrozenDataset(dataset, await threadRegistry(root))).sha256
      const [, , replay] = await Promise.all([
        simRun('sim:oracle', join(dir, files[0]!)),
        simRun('sim:noisy', join(dir, files[1]!)),
        runCommand(replayReferenceCommand, [recorded, '--quiet', '--out', files[2]!], dir),
      ])
      expect(replay.code, replay.err).toBe(0)
      const { benchmarks } = await threadRegistry(root)
      const inputs = await boardInputs(dir, ['runs'], benchmarks.values())
      board = (await buildBoard(inputs, benchmarks.values(), join(dir, 'board'))).data
    }, 240_000)
    afterAll(async () => {
      await browser?.close()
    })

    it('the three runs name the same dataset: its hash, every instance once', () => {
      for (const file of files) {
        const results = decodeResults(readFileSync(join(dir, file), 'utf8'), file)
        expect(results.records.map((r) => [r.dataset?.sha256, r.dataset?.index])).toEqual(
          Array.from({ length: INSTANCES }, (_, i) => [sha256, i]),
        )
        expect(results.datasets?.map((d) => [d.sha256, d.instances])).toEqual([[sha256, INSTANCES]])
      }
    })

    it('one board, one cell, three models paired on all 656 instances', () => {
      expect([board.runs.length, board.trials]).toEqual([3, 3 * INSTANCES])
      const [section] = board.sections
      expect(board.sections).toHaveLength(1)
      expect(section!.cells).toEqual(['baseline/gsm'])
      expect(section!.duplicates).toBe(0)
      expect(section!.columns.map((c) => c.model).sort()).toEqual([QWEN, 'sim:noisy', 'sim:oracle'])
      expect(section!.columns.every((c) => c.dataset === sha256)).toBe(true)
      // Against the best model, instance by instance from the results files: McNemar's counts.
      const correct = new Map(
        files.map((file) => {
          const results = decodeResults(readFileSync(join(dir, file), 'utf8'), file)
          return [results.model, results.records.map((r) => r.grade?.correct ?? null)]
        }),
      )
      const [best, ...others] = section!.columns
      expect(best!.cells[0]!.versus).toBe('best')
      const ofBest = correct.get(best!.model)!
      for (const column of others) {
        const mine = correct.get(column.model)!
        const lost = mine.filter((right, i) => ofBest[i] === true && right === false).length
        const won = mine.filter((right, i) => ofBest[i] === false && right === true).length
        const versus = column.cells[0]!.versus
        expect(versus, column.model).toEqual({ shared: INSTANCES, lost, won, p: mcnemarExact(lost, won).p })
        expect(column.total.versus).toEqual(versus)
      }
      // sim:noisy gets some wrong (the test would pair nothing of interest otherwise).
      expect(correct.get('sim:noisy')!.filter((right) => right === false).length).toBeGreaterThan(0)
    })

    it.skipIf(!chromiumAvailable())(
      'the page in headless Chromium: three models, McNemar on the shared trials, a cell leads to its cases',
      async () => {
        browser = await launchChromium()
        page = await browser.newPage()
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
        page.on('pageerror', (e) => errors.push(String(e)))
        await page.goto(`file://${join(dir, 'board')}/index.html`)
        await pageReady(page, 'overview')
        const rows = page.locator('#matrix-arbigraph tbody tr')
        const names = await rows.locator('td.model').allTextContents()
        expect(names.map((n) => n.split(' @')[0]).sort()).toEqual([QWEN, 'sim:noisy', 'sim:oracle'])
        // Every model but the best is tested against it on all 656 instances.
        const titles = await rows.locator('td:nth-child(2)').evaluateAll((cells) => cells.map((c) => c.title))
        expect(titles.filter((t) => t === 'best model of this cell')).toHaveLength(1)
        expect(titles.filter((t) => t.startsWith(`vs best: ${INSTANCES} shared trials`))).toHaveLength(2)
        // sim:noisy's cell opens its 656 cases from the board's own case list.
        await page
          .locator('#matrix-arbigraph tbody tr', { hasText: 'sim:noisy' })
          .locator('a.cell-link')
          .first()
          .click()
        await pageReady(page, 'cases')
        const noisy = board.sections[0]!.columns.find((c) => c.model === 'sim:noisy')!.total
        expect(await page.textContent('#case-count')).toBe(
          `${INSTANCES} trials: ${noisy.correct} right, ${noisy.graded - noisy.correct} wrong, ${noisy.infra} infrastructure errors`,
        )
        const cells = await page.locator('#case-table tbody tr td:nth-child(2)').allTextContents()
        expect(new Set(cells)).toEqual(new Set(board.sections[0]!.cells))
        expect(errors).toEqual([])
      },
      60_000,
    )

    it('export --format parquet: one row per trial of the three runs, the dataset hash in every row', async () => {
      const out = join(dir, 'trials.parquet')
      const exported = await runCommand(exportCommand, [...files, '--format', 'parquet', '--out', out], dir)
      expect(exported.code, exported.err).toBe(0)
      const bytes = readFileSync(out)
      const rows = await parquetReadObjects({
        file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      })
      expect(rows).toHaveLength(3 * INSTANCES)
      expect(rows.every((r) => r.dataset === sha256 && r.cell === 'baseline/gsm')).toBe(true)
      const models = [...new Set(rows.map((r) => r.model))]
      expect(models).toEqual(['sim:oracle', 'sim:noisy', QWEN])
      for (const model of models)
        expect(rows.filter((r) => r.model === model).map((r) => Number(r.instance))).toEqual(
          Array.from({ length: INSTANCES }, (_, i) => i),
        )
    })
  },
)
