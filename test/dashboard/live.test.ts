/**
 * Live mode: the dashboard reporter serves the app on 127.0.0.1 during a run and pushes
 * progress and running accuracy to open pages with server-sent events; at the end it writes
 * the static folder and stops serving. Driven through the reporter's own hooks with stand-in
 * test objects, read over SSE in Node, and (when Chromium is here) watched in a real page.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { dashboardReporter, resolveDashboardOptions } from '../../reporters/dashboard.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { tempDir } from '../cli/run-cli.ts'
import { makeRecord } from '../metrics/make-record.ts'
import { chromiumAvailable, launchChromium } from './chromium.ts'
import { simRun } from './make-run.ts'

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

/** Reads server-sent events from `url` until `count` events of `name` arrived. */
async function readEvents(url: string, name: string, count: number, signal: AbortSignal) {
  const response = await fetch(url, { signal })
  const reader = response.body!.getReader()
  const events: unknown[] = []
  let text = ''
  while (events.length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
    let end = text.indexOf('\n\n')
    while (end >= 0) {
      const block = text.slice(0, end)
      text = text.slice(end + 2)
      if (block.startsWith(`event: ${name}\n`)) events.push(JSON.parse(block.split('\ndata: ')[1]!))
      end = text.indexOf('\n\n')
    }
  }
  return events as { summary: { progress: { done: number; total: number }; total: { accuracy: number } } }[]
}

function startReporter(root: string) {
  const logs: string[] = []
  const vitest = {
    logger: { log: (t: string) => logs.push(t) },
    config: { root },
    version: 'test',
  } as unknown as Vitest
  const reporter = dashboardReporter({ live: true, throttleMs: 20, dir: 'dash', results: 'out/results.json' })
  return { reporter, vitest, logs }
}

const records = [
  makeRecord({ caseId: 'a', correct: true }),
  makeRecord({ caseId: 'b', correct: false }),
  makeRecord({ caseId: 'c', correct: true }),
]

describe('dashboard reporter, live mode', () => {
  const aborts: AbortController[] = []
  afterEach(() => {
    for (const a of aborts) a.abort()
  })

  it('serves on 127.0.0.1, streams progress and running accuracy, then writes the static folder', async () => {
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(logs.join('\n'))![1]!
    const tests = records.map(fakeTest)
    const module = fakeModule(tests)
    reporter.onTestModuleCollected!(module)
    await new Promise((r) => setTimeout(r, 60)) // the collected-tests update went out
    const abort = new AbortController()
    aborts.push(abort)
    const stream = readEvents(`${url}events`, 'update', 3, abort.signal)
    await new Promise((r) => setTimeout(r, 60))
    reporter.onTestCaseResult!(tests[0]!)
    await new Promise((r) => setTimeout(r, 60))
    reporter.onTestCaseResult!(tests[1]!)
    const events = await stream
    expect(events.map((e) => e.summary.progress)).toEqual([
      { done: 0, total: 3 },
      { done: 1, total: 3 },
      { done: 2, total: 3 },
    ])
    expect(events[2]!.summary.total.accuracy).toBe(0.5)
    expect((await fetch(url)).headers.get('content-type')).toBe('text/html')
    await reporter.onTestRunEnd!([module], [], 'passed')
    expect(existsSync(join(root, 'dash', 'index.html'))).toBe(true)
    expect(existsSync(join(root, 'dash', 'data', 'cases-00000.js'))).toBe(true)
    await expect(fetch(url)).rejects.toThrow() // the server is gone after the run
  })

  it('serves the details of finished cases in chunk scripts, and nothing else from disk', async () => {
    const run = await simRun()
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
    const tests = run.results.records.slice(0, 3).map(fakeTest)
    reporter.onTestModuleCollected!(fakeModule(tests))
    for (const test of tests.slice(0, 2)) reporter.onTestCaseResult!(test)
    await new Promise((r) => setTimeout(r, 80))
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
      const records = run.results.records.slice(0, 3)
      const tests = records.map(fakeTest)
      reporter.onTestModuleCollected!(fakeModule(tests))
      reporter.onTestCaseResult!(tests[0]!)
      await new Promise((r) => setTimeout(r, 80))
      const browser = await launchChromium()
      try {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
        await page.goto(`${url}#/case/0`)
        await page.waitForSelector('#transcript article.turn', { timeout: 15_000 })
        expect(await page.locator('#transcript article.turn').count()).toBe(records[0]!.turns)
        // A second case finishes: the chunk the page loaded is stale, and the new case opens too.
        reporter.onTestCaseResult!(tests[1]!)
        await page.waitForFunction('window.arbigraph.store.summary.progress.done === 2')
        await page.goto(`${url}#/case/1`)
        await page.waitForFunction(
          `document.querySelectorAll('#transcript article.turn').length === ${records[1]!.turns}`,
        )
        expect(errors).toEqual([])
        await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
      } finally {
        await browser.close()
      }
    },
  )

  it.skipIf(!chromiumAvailable())('updates an open page as cases finish', async () => {
    const root = tempDir()
    const { reporter, vitest, logs } = startReporter(root)
    await reporter.onInit!(vitest)
    const url = /live dashboard at (\S+)/.exec(logs.join('\n'))![1]!
    const tests = records.map(fakeTest)
    reporter.onTestModuleCollected!(fakeModule(tests))
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      await new Promise((r) => setTimeout(r, 60))
      await page.goto(url)
      await page.waitForSelector('#progress')
      reporter.onTestCaseResult!(tests[0]!)
      await page.waitForFunction(`document.querySelector('#progress')?.textContent?.includes('1 / 3')`)
      reporter.onTestCaseResult!(tests[1]!)
      await page.waitForFunction(`document.querySelector('#progress')?.textContent?.includes('2 / 3')`)
      expect(await page.textContent('#kpi-accuracy')).toBe('50.0%')
      expect(errors).toEqual([])
      await reporter.onTestRunEnd!([fakeModule(tests)], [], 'passed')
    } finally {
      await browser.close()
    }
  })
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
