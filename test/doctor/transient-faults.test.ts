/**
 * The doctor's probes meet the faults servers and proxies really produce (a torn 200 body, vLLM's
 * 503 when its queue is full, a reset, an error event inside a started stream, a stream cut
 * before `[DONE]`), over real HTTP through the fault proxy in front of the simulator. One fault
 * per probe is retried by the request pool's rules and the server passes; a fault that never
 * goes away fails the check saying what happened and how often it was tried — not that the
 * overflow wording is unknown, and not "update arbigraph".
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { checkServer } from '../../src/doctor/check-server.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import type { Fault, FaultProxy } from '../pool/fault-proxy.ts'
import { startFaultProxy } from '../pool/fault-proxy.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function behindProxy(script: (body: string, seen: number) => Fault | 'none'): Promise<FaultProxy> {
  const sim: SimServer = await startSimServer({
    persona: 'sim:oracle',
    server: 'vllm-renderer',
    maxModelLen: 8192,
  })
  closers.push(() => sim.close())
  const proxy = await startFaultProxy({ upstream: sim.url, seed: 'doctor', script })
  closers.push(() => proxy.close())
  return proxy
}

const FAST = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 }

describe('doctor probes and transient faults', () => {
  it.each(['torn-body', 'status-503', 'status-500', 'reset', 'stream-error', 'stream-cut'] as const)(
    'a probe that meets one %s is retried and the server passes',
    async (fault) => {
      const proxy = await behindProxy((_, seen) => (seen === 0 ? fault : 'none'))
      const server = await checkServer({ baseUrl: proxy.url, timeoutMs: 10_000 })
      expect(server.checks.map((check) => [check.id, check.status])).toEqual([
        ['models', 'ok'],
        ['context', 'ok'],
        ['version', 'ok'],
        ['native-tool-calls', 'ok'],
        ['text-tool-calls', 'ok'],
        ['reasoning', 'ok'],
        ['overflow', 'ok'],
      ])
      // Every probe body met the fault once (the two reasoning probes differ), then got through.
      expect(proxy.injected[fault]).toBe(5)
      expect(proxy.injected.none).toBe(5)
      expect(server.protocols).toEqual({ chat: { usable: true }, text: { usable: true } })
    },
  )

  it('a fault that persists fails the overflow check with what happened, not an unknown wording', async () => {
    const proxy = await behindProxy((body) => (body.includes('"max_tokens":8193') ? 'status-503' : 'none'))
    const server = await checkServer({ baseUrl: proxy.url, timeoutMs: 10_000, retry: FAST })
    const overflow = server.checks.find((check) => check.id === 'overflow')!
    expect(overflow).toEqual({
      id: 'overflow',
      status: 'fail',
      detail:
        'the overflow probe (max_tokens=8193) got no usable answer: HTTP 503 (ServiceUnavailableError): "Service Unavailable" (4 attempts)',
      fix: 'check that the server is up and not overloaded (its log says why), then rerun',
    })
    expect(proxy.injected['status-503']).toBe(4)
    expect(server.protocols.chat).toEqual({
      usable: false,
      reason: `${overflow.detail} → ${overflow.fix}`,
    })
  })

  it('a torn body that persists on the tools probe says so, after the same bounded attempts', async () => {
    const proxy = await behindProxy((body) => (body.includes('"tools"') ? 'torn-body' : 'none'))
    const server = await checkServer({ baseUrl: proxy.url, timeoutMs: 10_000, retry: FAST })
    const native = server.checks.find((check) => check.id === 'native-tool-calls')!
    expect(native.status).toBe('fail')
    expect(native.detail).toMatch(
      /^the tools probe failed: the request failed: "HTTP 200 with a body that is not JSON: \{"id":"chatcmpl-x".*" \(4 attempts\)$/,
    )
    expect(native.detail).not.toContain('request pool')
    expect(proxy.injected['torn-body']).toBe(4)
  })
})

describe('the model list at preflight and transient faults', () => {
  /** The simulator behind a server whose first `failures` model-list reads answer `fault`. */
  async function flakyModels(fault: 'status-503' | 'torn-body' | 'status-404', failures: number) {
    const sim = await startSimServer({ persona: 'sim:oracle', server: 'vllm-renderer', maxModelLen: 8192 })
    closers.push(() => sim.close())
    let reads = 0
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      if (req.url?.endsWith('/models') && reads++ < failures) {
        if (fault === 'torn-body') {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end('{"object":"list","data":[{"id":')
        } else res.writeHead(fault === 'status-503' ? 503 : 404).end('{"error":{"message":"not now"}}')
        return
      }
      const body = Buffer.concat(chunks)
      const answer = await fetch(`${sim.url.replace(/\/v1$/, '')}${req.url}`, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'GET' ? {} : { body }),
      })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(() => resolve())))
    const { port } = server.address() as AddressInfo
    return { url: `http://127.0.0.1:${port}/v1`, reads: () => reads }
  }

  it.each(['status-503', 'torn-body'] as const)('one %s on GET /v1/models is asked again', async (fault) => {
    const flaky = await flakyModels(fault, 1)
    const server = await checkServer({ baseUrl: flaky.url, timeoutMs: 10_000, retry: FAST })
    expect(server.checks.find((check) => check.id === 'models')?.status).toBe('ok')
    expect(server.protocols).toEqual({ chat: { usable: true }, text: { usable: true } })
    expect(flaky.reads()).toBeGreaterThanOrEqual(2)
  })

  it('a model list that keeps failing says so with its attempts; a 404 is not asked again', async () => {
    const down = await flakyModels('status-503', 100)
    const models = (await checkServer({ baseUrl: down.url, timeoutMs: 10_000, retry: FAST })).checks[0]!
    expect(models.status).toBe('fail')
    expect(models.detail).toMatch(/HTTP 503: .*\(4 attempts\)$/)
    const missing = await flakyModels('status-404', 100)
    const refused = (await checkServer({ baseUrl: missing.url, timeoutMs: 10_000, retry: FAST })).checks[0]!
    expect(refused.detail).toMatch(/HTTP 404: ".*"$/)
    expect(missing.reads()).toBe(1)
  })
})
