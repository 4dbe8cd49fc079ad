/**
 * A vLLM server on a port of WHATWG fetch's "bad port" list (6000, 6665–6669, 10080, …) is
 * reached like any other: `fetch` refuses those ports before connecting, so every request
 * arbigraph sends to a model server goes through undici's dispatcher instead. Checked over real
 * HTTP with the simulator listening on the first free port of that list: the endpoint client,
 * `arbigraph doctor` and an agent run all get through.
 */
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { listModels, tokenizeChat } from '../../src/endpoint/index.ts'
import { requestText } from '../../src/endpoint/plain-request.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { runCli, tempDir } from '../cli/run-cli.ts'

/** Ports fetch blocks (fetch.spec.whatwg.org, "bad port"); the first free one is used. */
const BAD_PORTS = [6000, 6665, 6666, 6667, 6668, 6669, 10080]

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

let sim: SimServer
beforeAll(async () => {
  let port: number | undefined
  for (const candidate of BAD_PORTS) if (port === undefined && (await isFree(candidate))) port = candidate
  if (port === undefined) throw new Error(`every port of ${BAD_PORTS.join(', ')} is taken on this machine`)
  sim = await startSimServer({ persona: 'sim:oracle', port, maxModelLen: 32768, tokenize: true })
})
afterAll(() => sim.close())

describe('a server on a port fetch calls bad', () => {
  it('is one fetch refuses (so this test checks what it means to)', async () => {
    const refused = await fetch(`${sim.url}/models`).catch((error: Error) => error)
    expect(refused).toBeInstanceOf(Error)
    expect((refused as Error & { cause?: Error }).cause?.message).toBe('bad port')
  })

  it('answers the endpoint client: models and /tokenize', async () => {
    expect(await listModels({ baseURL: sim.url })).toEqual([
      { id: 'sim:oracle', maxModelLen: 32768, root: 'sim:oracle', parent: null },
    ])
    const counted = await tokenizeChat(
      { baseURL: sim.url },
      { model: 'sim:oracle', messages: [{ role: 'user', content: 'abcd' }] },
    )
    expect(counted).toEqual({ count: 1, maxModelLen: 32768 })
  })

  it('passes arbigraph doctor', async () => {
    const run = await runCli(['doctor', '--base-url', sim.url], tempDir())
    expect(run.out).not.toContain('bad port')
    expect(run.out).toMatch(/models\s+ok\s+serves sim:oracle/)
    expect(run.out).toMatch(/version\s+ok\s+0\.11\.0\+arbigraph-sim\.vllm-legacy/)
    expect(run.out).toMatch(/overflow\s+ok\s+max_tokens=32769 → context_length_exceeded/)
    expect(run.code).toBe(0)
  })

  it('a refused connection still names the socket code, as fetch did', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const refused = await requestText(`http://127.0.0.1:${closed}/v1/models`, {
      method: 'GET',
      timeoutMs: 5000,
    }).catch((error: Error) => error)
    expect(refused).toBeInstanceOf(Error)
    expect((refused as Error).message).toContain('ECONNREFUSED')
    expect((refused as Error).cause).toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('runs an agent turn', async () => {
    const prompt = 'Define task_1_input = 20. Task 1: add 22 to task_1_input; call it task_1_out.'
    sim.register([
      { prompt, outputs: { task_1_out: '42' }, depth: { task_1_out: 0 }, targets: ['task_1_out'] },
    ])
    const transcript = await runToolAgent({ baseURL: sim.url, model: sim.model, prompt })
    expect(transcript.status).toBe('success')
    expect(transcript.answers.task_1_out).toMatchObject({ answer: '42' })
  })
})
