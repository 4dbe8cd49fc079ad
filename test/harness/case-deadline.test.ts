/**
 * The per-case deadline (ARBIGRAPH_CASE_TIMEOUT): whatever answers a case — a user's harness that
 * never settles and ignores its signal, an HTTP agent that never replies, the tool agent waiting
 * on a server that never answers — the case ends at its deadline as an infrastructure-error
 * record naming the deadline (never a model failure), and the harness's signal is aborted.
 * Real HTTP on loopback: the silent servers accept the request and never write a byte.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { transductionSuiteCases } from '../../plugins/transduction/suite/cases.ts'
import { defineHarness, type Harness } from '../../src/contracts/harness.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { caseDeadlineMs, withinDeadline } from '../../src/harness/case-deadline.ts'
import { httpAgent } from '../../src/harness/http-agent.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { toolAgent } from '../../src/harness/tool-agent.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'

const [suiteCase] = await suiteCases(
  { topology: 'chain', category: 'math', samplesPerTask: 1, targets: ['Convolution'] },
  { samples: undefined, epochs: 1, seed: undefined },
)

/** A server that takes every request and never answers; `closed` counts the connections dropped. */
let silent: Server
let base = ''
let closed = 0
beforeAll(async () => {
  silent = createServer((req, res) => {
    req.resume()
    res.on('close', () => closed++)
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
})
afterAll(async () => {
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))
})

const run = (harness: Harness, baseURL = `${base}/v1`) =>
  runCase(suiteCase!.instance, {
    baseURL,
    model: 'm',
    harness,
    identity: suiteCase!.identity,
    deadlineMs: 300,
  })

const DEADLINE = /^case deadline: no result within 0\.3 s \(ARBIGRAPH_CASE_TIMEOUT\); the harness was stopped/

describe('the case deadline', () => {
  it('stops a harness that never settles and ignores its signal: an infrastructure error naming the deadline', async () => {
    let seen: AbortSignal | undefined
    const hanging = defineHarness({
      name: 'hanging',
      run: (_c, context) => {
        seen = context.signal
        return new Promise(() => {})
      },
    })
    const started = performance.now()
    const record = await run(hanging)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(record.infraError?.reason).toMatch(DEADLINE)
    expect(record.grade).toBeNull()
    expect(record.harness).toBe('hanging')
    expect(seen?.aborted).toBe(true)
    expect(seen?.reason).toEqual(expect.objectContaining({ message: record.infraError?.reason }))
  })

  it('stops an HTTP agent that never replies, well before its own 1 h timeout, and closes its request', async () => {
    const before = closed
    const record = await run(httpAgent({ url: `${base}/case` }))
    expect(record.infraError?.reason).toMatch(DEADLINE)
    expect(record.harness).toBe('http-agent')
    await expect.poll(() => closed).toBeGreaterThan(before)
  })

  it('stops the tool agent waiting on a model server that never answers', async () => {
    const record = await run(toolAgent())
    expect(record.infraError?.reason).toMatch(DEADLINE)
    expect(record.grade).toBeNull()
  })

  it('stops a single-shot Long-Transduction case on a model server that never answers', async () => {
    const [lt] = transductionSuiteCases(
      { family: 'arithmetic', levels: [0], budgets: ['4K'] },
      {
        budgets: undefined,
        samples: undefined,
      },
    )
    const context = {
      endpoint: `${base}/v1`,
      model: 'm',
      apiKey: 'k',
      signal: new AbortController().signal,
      log: () => {},
    }
    const record = await runBenchmarkCase(transduction, lt!, singleShot(), context, undefined, 300)
    expect(record.infraError?.reason).toMatch(DEADLINE)
    expect(record.score).toBeNull()
  })

  it("leaves a case that finishes in time alone, and passes on the run's own abort as it is", async () => {
    await expect(withinDeadline(async () => 'done', new AbortController().signal, 1000)).resolves.toBe('done')
    const cancel = new AbortController()
    const reason = new Error('run cancelled')
    const pending = withinDeadline(() => new Promise(() => {}), cancel.signal, 60_000)
    cancel.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })

  it('is ARBIGRAPH_CASE_TIMEOUT seconds (2 h by default); a bad value is named before the run starts', () => {
    expect(caseDeadlineMs({})).toBe(7_200_000)
    expect(caseDeadlineMs({ ARBIGRAPH_CASE_TIMEOUT: ' 90 ' })).toBe(90_000)
    for (const bad of ['0', '1.5', 'soon', '2147484']) {
      const expected = `ARBIGRAPH_CASE_TIMEOUT: expected a case deadline in seconds (an integer from 1 to 2147483), got "${bad}"`
      expect(() => caseDeadlineMs({ ARBIGRAPH_CASE_TIMEOUT: bad })).toThrow(
        new ArbigraphError('ARBIGRAPH_BAD_CONFIG', expected),
      )
      expect(() => checkRunSettings({ ARBIGRAPH_CASE_TIMEOUT: bad })).toThrow(expected)
    }
  })
})
