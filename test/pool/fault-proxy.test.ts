/**
 * Issue 15's acceptance: 320 cases of the tool agent through the request pool, behind a
 * fault-injecting proxy in front of the simulator (sim:oracle). Every case ends graded correct
 * or as an infrastructure error that names its cause; nothing incomplete is cached, so a rerun
 * through a healthy proxy from the same cache grades every case correct. Faults are drawn from a
 * seeded hash (no randomness, no sleeps); timeouts and backoff are short settings, and a case
 * that a loaded machine slows past them is still one of the two allowed endings.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { FAULTS, startFaultProxy } from './fault-proxy.ts'

const CASES = 320
const prompt = (i: number) => `Define task_1_input = ${i}. Task 1: add 2 to task_1_input; call it task_1_out.`
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function runAll(poolUrl: string, model: string) {
  return Promise.all(
    Array.from({ length: CASES }, async (_, i) => {
      try {
        const transcript = await runToolAgent({
          baseURL: poolUrl,
          model,
          prompt: prompt(i),
          profile: { requestTimeoutMs: 30_000, idleTimeoutMs: 30_000 },
        })
        // The oracle writes the exact integer, so grading is equality with the ground truth.
        const correct =
          transcript.status === 'success' && transcript.answers.task_1_out?.answer === String(i + 2)
        return { correct, transcript, error: undefined }
      } catch (error) {
        if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_ENDPOINT') throw error
        return { correct: false, transcript: undefined, error: error.message }
      }
    }),
  )
}

describe('pool/fault proxy', () => {
  it('every case ends correct or as an infrastructure error with its reason; a healthy rerun from the cache is all correct', async () => {
    const sim = await startSimServer({ persona: 'sim:oracle' })
    closers.push(() => sim.close())
    sim.register(
      Array.from({ length: CASES }, (_, i) => ({
        prompt: prompt(i),
        outputs: { task_1_out: String(i + 2) },
      })),
    )
    const cachePath = join(mkdtempSync(join(tmpdir(), 'arbigraph-faults-')), 'cache.jsonl')
    const faulty = await startFaultProxy({ upstream: sim.url, seed: 'issue-15', perMille: 450 })
    closers.push(() => faulty.close())
    const pool = await startRequestPool({
      upstreams: [faulty.url],
      cachePath,
      concurrency: 16,
      // Long enough that a loaded machine does not time out healthy requests (the check below wants
      // most cases correct), short enough that the injected hangs cost seconds, not minutes.
      requestTimeoutMs: 1_500,
      idleTimeoutMs: 2000,
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 4 },
      ejectAfter: 1_000_000,
      random: () => 0.5,
    })
    const first = await runAll(pool.url, sim.model)
    await pool.close()
    for (const result of first) {
      if (result.correct) continue
      // Not a wrong answer, not a silent pass: an endpoint error that says what went wrong.
      expect(result.transcript).toBeUndefined()
      expect(result.error).toMatch(/gave up after 3 attempts|the endpoint's stream failed/)
      expect(result.error).toMatch(
        /answered 500|answered 429|connection closed|no answer within|not complete JSON|has no choices|content type|error event|before \[DONE\]|ended before/,
      )
    }
    const failed = first.filter((result) => !result.correct).length
    console.info(
      `fault proxy: ${CASES - failed} correct, ${failed} infrastructure errors; injected ${JSON.stringify(faulty.injected)}`,
    )
    expect(failed).toBeGreaterThan(0)
    expect(first.length - failed).toBeGreaterThan(CASES / 2)
    for (const fault of FAULTS) expect(faulty.injected[fault], fault).toBeGreaterThan(0)

    const healthy = await startFaultProxy({ upstream: sim.url, seed: 'issue-15', perMille: 0 })
    closers.push(() => healthy.close())
    const rerunPool = await startRequestPool({ upstreams: [healthy.url], cachePath, concurrency: 16 })
    closers.push(() => rerunPool.close())
    const second = await runAll(rerunPool.url, sim.model)
    expect(second.filter((result) => !result.correct)).toEqual([])
    // What the faulty run completed was replayed; only what it could not complete was asked again.
    expect(rerunPool.stats.cacheHits).toBeGreaterThan(CASES)
    expect(healthy.injected.none).toBeGreaterThanOrEqual(failed)
  }, 240_000)
})
