import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chain } from '../../plugins/topologies/chain.ts'
import { profileFor } from '../../src/agent/profile.ts'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'

const identityOf = (instance: Instance, epoch = 0) => ({
  caseId: instance.id,
  instanceId: instance.id,
  topology: instance.topology.name,
  category: instance.family,
  task: instance.task,
  sample: instance.sample,
  epoch,
})

describe('runCase', () => {
  let oracle: SimServer
  let chaos: SimServer
  let instances: Instance[]

  beforeAll(async () => {
    const cases = await suiteCases(
      { topology: 'chain', category: 'math', samplesPerTask: 1, targets: ['Convolution', 'DivisorSum'] },
      { samples: undefined, epochs: 1, seed: undefined },
    )
    instances = cases.map((c) => c.instance)
    oracle = await startSimServer({ persona: 'sim:oracle' })
    // Every request fails: the agent must report an infrastructure error, not a wrong answer.
    chaos = await startSimServer({
      persona: 'sim:chaos',
      chaosRates: { serverError: 1, rateLimit: 0, reset: 0, hang: 0 },
    })
    for (const sim of [oracle, chaos]) sim.register(instances.map(simCaseOf))
  })
  afterAll(async () => {
    await oracle.close()
    await chaos.close()
  })

  it('grades an oracle answer as correct and exact, in the wire form the reporters read', async () => {
    const instance = instances[0]!
    const record = await runCase(instance, {
      baseURL: oracle.url,
      model: oracle.model,
      profile: profileFor(chain),
      identity: identityOf(instance),
    })
    expect(checkCaseRecord(record)).toEqual(record)
    expect(record.grade?.correct).toBe(true)
    expect(record.grade?.exact).toBe(true)
    expect(record).toMatchObject({
      status: 'success',
      infraError: null,
      turns: 2,
      toolCalls: 1,
      cachedTurns: 0,
    })
    expect(record.tokens.completion).toBeGreaterThan(0)
    expect(JSON.parse(JSON.stringify(record))).toEqual(record)
  })

  it('turns an endpoint failure into an infrastructure record with the reason, never a grade', async () => {
    const instance = instances[1]!
    const record = await runCase(instance, {
      baseURL: chaos.url,
      model: chaos.model,
      profile: profileFor(chain),
      identity: identityOf(instance),
    })
    expect(record.grade).toBeNull()
    expect(record.status).toBeNull()
    expect(record.infraError?.reason).toMatch(/HTTP 500/)
    expect(checkCaseRecord(record).infraError).toEqual(record.infraError)
  })

  it('sends a sampling seed from epoch 1 on, so epochs are distinct requests', async () => {
    const instance = instances[0]!
    const seeds: unknown[] = []
    const { createServer } = await import('node:http')
    // A pass-through proxy that records the seed of each request body.
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      // The agent also asks GET /v1/models (its context check) and reads turns as event streams.
      if (req.method === 'POST') seeds.push((JSON.parse(body) as { seed?: unknown }).seed)
      const upstream = await fetch(`${oracle.url}${req.url!.replace(/^\/v1/, '')}`, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'POST' ? { body } : {}),
      })
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      })
      res.end(await upstream.text())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const { port } = proxy.address() as { port: number }
    try {
      for (const epoch of [0, 2]) {
        const record = await runCase(instance, {
          baseURL: `http://127.0.0.1:${port}/v1`,
          model: oracle.model,
          profile: profileFor(chain),
          identity: identityOf(instance, epoch),
        })
        expect(record.epoch).toBe(epoch)
        expect(record.grade?.correct).toBe(true)
      }
    } finally {
      proxy.close()
    }
    expect(seeds).toEqual([undefined, undefined, 2, 2])
  })
})
