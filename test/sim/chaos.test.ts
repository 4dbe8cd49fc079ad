import http from 'node:http'
import OpenAI from 'openai'
import { describe, expect, it, vi } from 'vitest'
import { chaosFault, defaultChaosRates, startSimServer } from '../../src/sim/index.ts'
import { boxes, client, runChatLoop, syntheticCase } from './sim-fixtures.ts'

const entry = syntheticCase(5)

async function started(options: Parameters<typeof startSimServer>[0]) {
  const sim = await startSimServer(options)
  sim.register([entry])
  return sim
}

const body = (model: string, nonce: number) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: entry.prompt }], seed: nonce })

/** The status of one request, or "reset"; for rates without hangs (a slow answer is still an answer). */
async function outcome(url: string, payload: string): Promise<string> {
  try {
    const res = await fetch(`${url}/chat/completions`, { method: 'POST', body: payload })
    await res.text()
    return String(res.status)
  } catch {
    return 'reset'
  }
}

describe('sim:chaos', () => {
  it('fault rates over 2,000 requests are within tolerance of the defaults', async () => {
    const sim = await started({ persona: 'sim:chaos', seed: 9 })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
    let closing = false
    const send = (payload: string) =>
      new Promise<string>((resolve) => {
        const req = http.request(`${sim.url}/chat/completions`, { method: 'POST', agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(String(res.statusCode)))
        })
        // An error before close() is a reset; a request still open when close() cut it was a hang.
        req.on('error', () => resolve(closing ? 'hang' : 'reset'))
        req.end(payload)
      })
    const results = Array.from({ length: 2000 }, (_, i) => send(body(sim.model, i)))
    const answered = () => Object.values(sim.stats.byStatus).reduce((a, b) => a + b, 0)
    // Every request answered, and only the hung ones still open.
    await vi.waitUntil(() => answered() === 2000 && sim.stats.inFlight === (sim.stats.byStatus.hang ?? 0), {
      timeout: 50_000,
      interval: 20,
    })
    closing = true
    await sim.close()
    const seen: Record<string, number> = {}
    for (const r of await Promise.all(results)) seen[r] = (seen[r] ?? 0) + 1
    agent.destroy()
    console.info('sim:chaos outcomes over 2000 requests', seen)
    const within = (key: string, expected: number) => {
      const sigma = Math.sqrt(expected * (1 - expected / 2000))
      expect(Math.abs((seen[key] ?? 0) - expected), key).toBeLessThanOrEqual(4 * sigma)
    }
    within('500', 200)
    within('429', 100)
    within('reset', 40)
    within('hang', 20)
    expect(sim.stats.byStatus.reset).toBe(seen.reset)
    expect(sim.stats.byStatus.hang).toBe(seen.hang)
    expect(sim.stats.requests).toBe(2000)
  })

  it('a retry of the same body is a fresh draw and can succeed', async () => {
    let recovered = 0
    for (let nonce = 0; nonce < 200 && recovered === 0; nonce++) {
      const hash = `${nonce}`
      if (
        chaosFault(1, hash, 0, defaultChaosRates) === 'serverError' &&
        chaosFault(1, hash, 1, defaultChaosRates) === 'none'
      )
        recovered++
    }
    expect(recovered).toBe(1)
    const sim = await started({
      persona: 'sim:chaos',
      seed: 1,
      chaosRates: { serverError: 0.5, rateLimit: 0, reset: 0, hang: 0 },
    })
    const statuses = [] as string[]
    while (statuses.at(-1) !== '200') statuses.push(await outcome(sim.url, body(sim.model, 7)))
    expect(statuses.length).toBeLessThan(40)
    const fresh = await started({
      persona: 'sim:chaos',
      seed: 1,
      chaosRates: { serverError: 0.5, rateLimit: 0, reset: 0, hang: 0 },
    })
    const again = [] as string[]
    for (let i = 0; i < statuses.length; i++) again.push(await outcome(fresh.url, body(fresh.model, 7)))
    expect(again).toEqual(statuses)
    await Promise.all([sim.close(), fresh.close()])
  })

  it('the openai client retries through faults and gets the oracle answers', async () => {
    const sim = await started({ persona: 'sim:chaos', seed: 3, retryAfterMs: 5, chaosRates: { hang: 0 } })
    const api = client(sim.url, { maxRetries: 12, timeout: 30_000 }) // no hangs here: only a real one times out
    const responses = await runChatLoop(api, sim.model, entry.prompt)
    expect(boxes(responses.at(-1)!.choices[0]!.message.content!)).toEqual(entry.outputs)
    await sim.close()
  })

  it('429 carries retry-after and retry-after-ms headers', async () => {
    const sim = await started({
      persona: 'sim:chaos',
      retryAfterMs: 1500,
      chaosRates: { rateLimit: 1, serverError: 0, reset: 0, hang: 0 },
    })
    const res = await fetch(`${sim.url}/chat/completions`, { method: 'POST', body: body(sim.model, 0) })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(res.headers.get('retry-after-ms')).toBe('1500')
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('RateLimitError')
    await sim.close()
  })

  it('a reset is a connection error and a hang a timeout for the client; close() still ends', async () => {
    const reset = await started({
      persona: 'sim:chaos',
      chaosRates: { reset: 1, serverError: 0, rateLimit: 0, hang: 0 },
    })
    const resetError = await client(reset.url)
      .chat.completions.create({ model: reset.model, messages: [{ role: 'user', content: entry.prompt }] })
      .catch((e) => e)
    expect(resetError).toBeInstanceOf(OpenAI.APIConnectionError)
    await reset.close()

    const hang = await started({
      persona: 'sim:chaos',
      chaosRates: { hang: 1, serverError: 0, rateLimit: 0, reset: 0 },
    })
    const request = { model: hang.model, messages: [{ role: 'user' as const, content: entry.prompt }] }
    const timeoutError = await client(hang.url, { timeout: 150 })
      .chat.completions.create(request)
      .catch((e) => e)
    expect(timeoutError).toBeInstanceOf(OpenAI.APIConnectionTimeoutError)
    // The client would wait 10 minutes: if close() waited for it, this test would time out.
    const pending = client(hang.url, { timeout: 600_000 })
      .chat.completions.create(request)
      .catch((e) => e)
    // The second request is hanging and the timed-out first one is closed.
    await vi.waitUntil(() => hang.stats.byStatus.hang === 2 && hang.stats.inFlight === 1, {
      timeout: 30_000,
      interval: 5,
    })
    await hang.close()
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError)
  })
})
