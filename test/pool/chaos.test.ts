import { afterAll, describe, expect, test } from 'vitest'
import { startRequestPool } from '../../src/pool/index.ts'
import { startSimServer } from '../../src/sim/index.ts'

describe('request pool against sim:chaos', () => {
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closers.reverse()) await close()
  })

  test('300 requests all end: answered, or a pool error with its reason; nothing hangs', async () => {
    const sim = await startSimServer({ persona: 'sim:chaos', seed: 7, retryAfterMs: 20 })
    closers.push(() => sim.close())
    const prompt = (i: number) => `case ${i}: compute 2 + ${i}; call it task_1_out.`
    sim.register(
      Array.from({ length: 300 }, (_, i) => ({ prompt: prompt(i), outputs: { task_1_out: String(2 + i) } })),
    )
    const pool = await startRequestPool({
      upstreams: [sim.url],
      concurrency: 16,
      requestTimeoutMs: 1000,
      retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 50 },
      // One endpoint only: ejecting it would just route to the least-recently-ejected, itself.
      random: () => 0.5,
    })
    closers.push(() => pool.close())
    const started = performance.now()
    const results = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const response = await fetch(`${pool.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: sim.model, messages: [{ role: 'user', content: prompt(i) }] }),
        })
        const body = (await response.json()) as {
          choices?: unknown[]
          error?: { type: string; code: string; message: string }
        }
        return { status: response.status, body }
      }),
    )
    const elapsed = performance.now() - started
    const answered = results.filter((r) => r.status === 200 && Array.isArray(r.body.choices))
    const failed = results.filter((r) => r.status !== 200)
    expect(answered.length + failed.length).toBe(300)
    for (const { body } of failed) {
      expect(body.error?.type).toBe('arbigraph_pool_error')
      expect(body.error?.message).toMatch(/gave up after 4 attempts/)
    }
    // Four attempts at ~18 % fault each: almost every case gets through.
    expect(answered.length).toBeGreaterThanOrEqual(295)
    // Every kind of fault really happened, and the pool retried through them.
    expect(sim.stats.byStatus).toMatchObject({
      '500': expect.any(Number),
      '429': expect.any(Number),
      reset: expect.any(Number),
      hang: expect.any(Number),
    })
    expect(pool.stats.retries).toBeGreaterThan(30)
    expect(sim.stats.maxInFlight).toBeLessThanOrEqual(16)
    console.info(
      `sim:chaos 300 cases: ${answered.length} answered, ${failed.length} pool errors, ${pool.stats.retries} retries, ` +
        `${JSON.stringify(sim.stats.byStatus)}, ${elapsed.toFixed(0)} ms`,
    )
  })
})
