/**
 * Live mode: the dashboard reporter serves the app on 127.0.0.1 during a run and pushes
 * progress and running accuracy to open pages with server-sent events; at the end it writes
 * the static folder and stops serving. Driven through the reporter's own hooks with stand-in
 * test objects, read over SSE in Node, and (when Chromium is here) watched in a real page.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { dashboardReporter, resolveDashboardOptions } from '../../reporters/dashboard.ts'
import { arbigraphBenchmark } from '../../src/arbigraph-benchmark.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { tempDir } from '../cli/run-cli.ts'
import { echo } from '../fixtures/toy-benchmark/echo-benchmark.ts'
import { makeRecord } from '../metrics/make-record.ts'
import { chromiumAvailable, sharedChromium } from './chromium.ts'
import { simRun } from './make-run.ts'
import { transductionRun } from './transduction-run.ts'

const fakeTest = (record: CaseRecord) =>
  ({
    result: () => ({ state: 'passed' }),
    meta: () => ({ arbigraph: record }),
    options: { mode: 'run' },
    fullName: record.caseId,
    name: record.caseId,
    module: { moduleId: '/x/suites/chain/math.eval.ts', relativeModuleId: 'suites/chain/math.eval.ts' },
  }) as unknown as TestCase

const fakeModule = (tests: TestCase[]) =>
  ({ children: { allTests: () => tests[Symbol.iterator]() } }) as unknown as TestModule

interface LiveUpdate {
  summary: { progress: { done: number; total: number; cells: string[] }; total: { accuracy: number } }
}

/**
 * Subscribes to the live server's events; `next()` resolves with the next event as it arrives, so
 * a test waits for the update it expects instead of sleeping past the reporter's throttle.
 */
async function subscribe(url: string, signal: AbortSignal) {
  const response = await fetch(`${url}events`, { signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  async function next(): Promise<{ name: string; data: LiveUpdate }> {
    for (;;) {
      const end = text.indexOf('\n\n')
      if (end >= 0) {
        const block = text.slice(0, end)
        text = text.slice(end + 2)
        const [, name, data] = /^event: (\w+)\ndata: (.*)$/s.exec(block)!
        return { name: name!, data: JSON.parse(data!) as LiveUpdate }
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('the live server ended the event stream')
      text += decoder.decode(value, { stream: true })
    }
  }
  /** The next `update` event's progress, skipping none: every update is part of the story. */
  const nextUpdate = async () => {
    const event = await next()
    expect(event.name).toBe('update')
    return event.data.summary
  }
  /** Waits for the first update whose progress passes `check` (coalescing may skip states). */
  const until = async (check: (progress: { done: number; total: number }) => boolean) => {
    for (;;) if (check((await nextUpdate()).progress)) return
  }
  return { next, nextUpdate, until }
}

function startReporter(root: string, benchmarks: readonly AnyBenchmark[] = [arbigraphBenchmark, echo]) {
  const logs: string[] = []
  const vitest = {
    logger: { log: (t: string) => logs.push(t) },
    config: { root },
    version: 'test',
  } as unknown as Vitest
  const reporter = dashboardReporter({
    live: true,
    throttleMs: 20,
    dir: 'dash',
    results: 'out/results.json',
    benchmarks,
  })
  return { reporter, vitest, logs }
}

const records = [
  makeRecord({ caseId: 'a', correct: true }),
  makeRecord({ caseId: 'b', correct: false }),
  makeRecord({ caseId: 'c', correct: true }),
]

/** One browser for the file's tests, each on a page of its own. */
const chromium = sharedChromium()
afterAll(() => chromium.close())

describe('dashboard reporter, live mode', () => {
  const aborts: AbortController[] = []
  afterEach(() => {
    for (const a of aborts) a.abort()
  })

  /** A live reporter started in a fresh folder, served on loopback, with a page subscribed to it. */
  async function openLive() {
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(logs.join('\n'))![1]!
    const abort = new AbortController()
    aborts.push(abort)
    return { root, reporter, url, events: await subscribe(url, abort.signal) }
  }

  it('serves on 127.0.0.1, streams progress and running accuracy, coalesces a burst, then writes the static folder', async () => {
    const { root, reporter, url, events } = await openLive()
    // A page that connects gets the current state at once: nothing collected yet.
    expect((await events.nextUpdate()).progress).toEqual({ done: 0, total: 0, cells: [] })
    const tests = records.map(fakeTest)
    const module = fakeModule(tests)
    reporter.onTestModuleCollected!(module)
    expect((await events.nextUpdate()).progress).toEqual({ done: 0, total: 3, cells: [] })
    reporter.onTestCaseResult!(tests[0]!)
    const first = await events.nextUpdate()
    expect(first.progress).toEqual({ done: 1, total: 3, cells: ['chain/math 100.0% (1/1)'] })
    expect(first.total.accuracy).toBe(1)
    // Two cases finishing within one throttle interval cost one update.
    reporter.onTestCaseResult!(tests[1]!)
    reporter.onTestCaseResult!(tests[2]!)
    const burst = await events.nextUpdate()
    expect(burst.progress).toEqual({ done: 3, total: 3, cells: ['chain/math 66.7% (2/3)'] })
    expect(burst.total.accuracy).toBeCloseTo(2 / 3, 12)
    expect((await fetch(url)).headers.get('content-type')).toBe('text/html')
    await reporter.onTestRunEnd!([module], [], 'passed')
    expect((await events.next()).name).toBe('done') // and no update after the burst's
    expect(existsSync(join(root, 'dash', 'index.html'))).toBe(true)
    expect(existsSync(join(root, 'dash', 'data', 'cases-00000.js'))).toBe(true)
    await expect(fetch(url)).rejects.toThrow() // the server is gone after the run
  })

  it("shows another benchmark's cases in the progress, with the cells that benchmark names", async () => {
    const { reporter, events } = await openLive()
    await events.nextUpdate()
    const [right, wrong] = await echo.cases({ cases: 2, words: 2 })
    const echoTest = (c: typeof right, correct: boolean) =>
      ({
        ...fakeTest(records[0]!),
        name: c!.name,
        fullName: c!.name,
        meta: () => ({
          arbigraphBenchmark: 'echo',
          arbigraphCase: c!.identity,
          arbigraph: { schema: 'toy.echo-case/1', ...c!.identity, model: 'm', correct, infraError: null },
        }),
      }) as unknown as TestCase
    const tests = [echoTest(right, true), echoTest(wrong, false), fakeTest(records[0]!)]
    reporter.onTestModuleCollected!(fakeModule(tests))
    for (const test of tests) reporter.onTestCaseResult!(test)
    let last = (await events.nextUpdate()).progress
    while (last.done < 3) last = (await events.nextUpdate()).progress
    expect(last).toEqual({
      done: 3,
      total: 3,
      cells: ['chain/math 100.0% (1/1)', 'echo/2-words 50.0% (1/2)'],
    })
    await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
  })

  it('serves the details of finished cases in chunk scripts, and nothing else from disk', async () => {
    const run = await simRun()
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
    const abort = new AbortController()
    aborts.push(abort)
    const events = await subscribe(url, abort.signal)
    const tests = run.results.records.slice(0, 3).map(fakeTest)
    reporter.onTestModuleCollected!(fakeModule(tests))
    for (const test of tests.slice(0, 2)) reporter.onTestCaseResult!(test)
    await events.until((progress) => progress.done === 2) // the server now holds both cases
    const chunk = await fetch(`${url}data/cases-00000.js`)
    expect(chunk.status).toBe(200)
    const text = await chunk.text()
    const payload = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
      cases: { record: CaseRecord; prompt: string | null; transcript: { turns: unknown[] } | null }[]
    }
    expect(payload.cases.map((c) => c.record.caseId)).toEqual(
      run.results.records.slice(0, 2).map((r) => r.caseId),
    )
    expect(payload.cases.every((c) => c.prompt?.includes('task_1') && c.transcript!.turns.length > 0)).toBe(
      true,
    )
    expect((await fetch(`${url}data/cases-00001.js`)).status).toBe(404)
    expect((await fetch(`${url}data/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404)
    await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
  })

  it.skipIf(!chromiumAvailable())(
    'opens a finished case with its transcript while the run goes on',
    async () => {
      const run = await simRun()
      const root = tempDir()
      const { reporter, vitest, logs } = startReporter(root)
      await reporter.onInit!(vitest)
      const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
      const abort = new AbortController()
      aborts.push(abort)
      const events = await subscribe(url, abort.signal)
      const records = run.results.records.slice(0, 3)
      const tests = records.map(fakeTest)
      reporter.onTestModuleCollected!(fakeModule(tests))
      reporter.onTestCaseResult!(tests[0]!)
      await events.until((progress) => progress.done === 1) // case 0 is served before the page asks
      const page = await chromium.newPage()
      try {
        const errors: string[] = []
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
        await page.goto(`${url}#/case/${encodeURIComponent(records[0]!.caseId)}?epoch=${records[0]!.epoch}`)
        await page.waitForSelector('#transcript article.turn')
        expect(await page.locator('#transcript article.turn').count()).toBe(records[0]!.turns)
        // A second case finishes: the chunk the page loaded is stale, and the new case opens too.
        reporter.onTestCaseResult!(tests[1]!)
        await page.waitForFunction('window.arbigraph.store.summary.progress.done === 2')
        await page.goto(`${url}#/case/${encodeURIComponent(records[1]!.caseId)}?epoch=${records[1]!.epoch}`)
        await page.waitForFunction(
          `document.querySelectorAll('#transcript article.turn').length === ${records[1]!.turns}`,
        )
        expect(errors).toEqual([])
        await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
      } finally {
        await page.close()
      }
    },
  )

  it.skipIf(!chromiumAvailable())('updates an open page as cases finish', async () => {
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
    const abort = new AbortController()
    aborts.push(abort)
    const events = await subscribe(url, abort.signal)
    const tests = records.map(fakeTest)
    reporter.onTestModuleCollected!(fakeModule(tests))
    await events.until((progress) => progress.total === 3) // the page opens on a collected run
    const page = await chromium.newPage()
    try {
      const errors: string[] = []
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      await page.goto(url)
      await page.waitForSelector('#progress')
      reporter.onTestCaseResult!(tests[0]!)
      await page.waitForFunction(`document.querySelector('#progress')?.textContent?.includes('1 / 3')`)
      reporter.onTestCaseResult!(tests[1]!)
      await page.waitForFunction(`document.querySelector('#progress')?.textContent?.includes('2 / 3')`)
      expect(await page.textContent('#kpi-accuracy')).toBe('50.0%')
      expect(await page.textContent('#progress .progress-cells')).toBe('chain/math 50.0% (1/2)')
      expect(errors).toEqual([])
      await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
    } finally {
      await page.close()
    }
  })
})

describe('dashboard reporter, live mode, another benchmark', () => {
  it.skipIf(!chromiumAvailable())(
    "shows Long-Transduction's tab while the run goes on: its figures, its documents, one opened",
    async () => {
      const run = await transductionRun({ budgets: ['4K'], levels: [0] })
      const [a, b, c] = run.records.filter((r) => r.family === 'arithmetic')
      const ltTest = (record: TransductionRecord) =>
        ({
          ...fakeTest(records[0]!),
          name: record.documentId,
          fullName: record.documentId,
          meta: () => ({ arbigraphBenchmark: 'transduction', arbigraphCase: {}, arbigraph: record }),
        }) as unknown as TestCase
      const tests = [a!, b!, c!].map(ltTest)
      const root = tempDir()
      const { reporter, vitest, logs } = startReporter(root, [arbigraphBenchmark, transduction])
      await reporter.onInit!(vitest)
      const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
      const abort = new AbortController()
      const events = await subscribe(url, abort.signal)
      let page: Page | undefined
      try {
        reporter.onTestModuleCollected!(fakeModule(tests))
        reporter.onTestCaseResult!(tests[0]!)
        reporter.onTestCaseResult!(tests[1]!)
        await events.until((progress) => progress.done === 2)
        // The data the page reads, over HTTP: the tab of the two finished documents.
        const script = await (await fetch(`${url}data/benchmarks.js`)).text()
        const payload = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1))
        expect(payload.benchmarks.map((t: { name: string }) => t.name)).toEqual(['transduction'])
        expect(payload.benchmarks[0].cases.rows.map((r: string[]) => r[0])).toEqual([
          a!.documentId,
          b!.documentId,
        ])
        expect(payload.progress.cells[0]).toMatch(/^transduction\/arithmetic\/4K /)
        const chunk = await fetch(`${url}data/bench-transduction/cases-00000.js`)
        expect(chunk.status).toBe(200)
        expect(await chunk.text()).toContain('"lt-aligned"') // the stored outputs, aligned
        expect((await fetch(`${url}data/bench-transduction/cases-00001.js`)).status).toBe(404)
        expect((await fetch(`${url}data/bench-nothing/cases-00000.js`)).status).toBe(404)
        page = await chromium.newPage()
        const errors: string[] = []
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
        await page.goto(`${url}#/b/transduction`)
        await page.waitForFunction(`document.querySelector('#kpi-documents')?.textContent === '2'`)
        expect(await page.textContent('#progress')).toContain('2 / 3')
        // A link to a document not finished yet says so, then opens it once it has finished.
        await page.goto(`${url}#/b/transduction/case/${encodeURIComponent(c!.documentId)}`)
        await page.waitForFunction(`document.documentElement.dataset.ready === 'bench:case-missing'`)
        expect(await page.textContent('#case-missing')).toBe(`No case "${c!.documentId}" in this run.`)
        reporter.onTestCaseResult!(tests[2]!)
        await page.waitForFunction(`document.documentElement.dataset.ready === 'bench:case'`)
        expect(await page.textContent('#bench-title')).toContain(c!.documentId)
        expect(await page.locator('#lt-aligned tbody tr').count()).toBe(c!.score!.counts.records)
        expect(errors).toEqual([])
        await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
        // The static folder has the tab too.
        expect(existsSync(join(root, 'dash', 'data', 'bench-transduction', 'cases-00000.js'))).toBe(true)
      } finally {
        abort.abort()
        await page?.close()
      }
    },
  )
})

describe('resolveDashboardOptions', () => {
  it('is on by default, live on request, off with the results file or on request', () => {
    expect(resolveDashboardOptions({}, 'out/results.json')).toEqual({
      dir: 'out/dashboard',
      results: 'out/results.json',
      live: false,
      port: 0,
    })
    expect(
      resolveDashboardOptions({ ARBIGRAPH_DASHBOARD: 'live', ARBIGRAPH_DASHBOARD_PORT: '8123' }, 'r.json'),
    ).toMatchObject({ live: true, port: 8123 })
    expect(resolveDashboardOptions({ ARBIGRAPH_DASHBOARD: 'off' }, 'r.json')).toBeNull()
    expect(resolveDashboardOptions({}, false)).toBeNull()
  })

  it('rejects an unknown mode and a bad port, quoting them', () => {
    expect(() => resolveDashboardOptions({ ARBIGRAPH_DASHBOARD: 'loud' }, 'r.json')).toThrow(
      expect.objectContaining({ code: 'ARBIGRAPH_BAD_CONFIG', message: expect.stringContaining('"loud"') }),
    )
    expect(() => resolveDashboardOptions({ ARBIGRAPH_DASHBOARD_PORT: 'x1' }, 'r.json')).toThrow(
      /ARBIGRAPH_DASHBOARD_PORT: expected a port number, got "x1"/,
    )
  })
})
