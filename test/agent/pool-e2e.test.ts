import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import type { RequestPool } from '../../src/pool/index.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'

const PROMPT = 'Define task_1_input = 20. Task 1: add 22 to task_1_input; call it task_1_out.'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function started<T extends { close(): Promise<void> }>(thing: Promise<T>): Promise<T> {
  const value = await thing
  closers.push(() => value.close())
  return value
}

describe('agent/loop › through the request pool', () => {
  it('marks turns answered from the pool cache, and a rerun replays the same transcript', async () => {
    const sim: SimServer = await started(startSimServer({ persona: 'sim:oracle' }))
    sim.register([{ prompt: PROMPT, outputs: { task_1_out: '42' } }])
    const cachePath = join(mkdtempSync(join(tmpdir(), 'arbigraph-agent-')), 'cache.jsonl')
    const pool: RequestPool = await started(startRequestPool({ upstreams: [sim.url], cachePath }))
    const options = { baseURL: pool.url, model: sim.model, prompt: PROMPT }
    const first = await runToolAgent(options)
    const second = await runToolAgent(options)
    expect(first.status).toBe('success')
    expect(first.turns.map((turn) => turn.cached)).toEqual([false, false])
    expect(second.turns.map((turn) => turn.cached)).toEqual([true, true])
    expect(second.answers).toEqual(first.answers)
    // Two turns, plus one GET /v1/models for the context check (asked once per endpoint and model).
    expect(sim.stats.requests).toBe(3)
  })

  it('fails the sample with ARBIGRAPH_ENDPOINT when the pool gives up', async () => {
    const sim: SimServer = await started(startSimServer({ persona: 'sim:oracle' }))
    const deadUrl = sim.url
    await sim.close()
    closers.pop()
    const pool: RequestPool = await started(
      startRequestPool({ upstreams: [deadUrl], retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 } }),
    )
    await expect(
      runToolAgent({ baseURL: pool.url, model: 'sim:oracle', prompt: PROMPT }),
    ).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining('(arbigraph_pool_error)'),
    })
  })
})
