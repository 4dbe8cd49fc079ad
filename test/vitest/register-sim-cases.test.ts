import { afterEach, describe, expect, it } from 'vitest'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { registerSimCases } from '../../src/vitest/register-sim-cases.ts'

const servers: SimServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function sim(): Promise<{ server: SimServer; control: string }> {
  const server = await startSimServer({ persona: 'sim:oracle' })
  servers.push(server)
  return { server, control: `${server.url.replace(/\/v1$/, '')}/arbigraph/cases` }
}

const context = (simControlUrl?: string) => ({
  poolUrl: 'http://127.0.0.1:1/v1',
  model: 'sim:oracle',
  simulated: simControlUrl !== undefined,
  listing: false,
  root: process.cwd(),
  ...(simControlUrl ? { simControlUrl } : {}),
})

const cases = Array.from({ length: 5 }, (_, i) => ({
  prompt: `case ${i}`,
  outputs: { task_1_out: String(i) },
}))

describe('registerSimCases', () => {
  it('registers every case, in batches when asked', async () => {
    const { server, control } = await sim()
    await registerSimCases(context(control), cases, 'test', 2)
    expect(server.stats.requests).toBe(3)
    const book = await fetch(control, { method: 'POST', body: JSON.stringify({ cases: [] }) })
    expect(await book.json()).toEqual({ registered: 0, total: 5 })
    const again = await sim()
    await registerSimCases(context(again.control), cases, 'test')
    expect(again.server.stats.requests).toBe(1)
  })

  it('sends nothing without a simulator, and names the suite when the simulator refuses', async () => {
    await expect(registerSimCases(context(), cases, 'test')).resolves.toBeUndefined()
    const { control } = await sim()
    await expect(registerSimCases(context(control), [{ prompt: '' }], 'defineSuite')).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining('defineSuite: the simulator refused the cases (HTTP 400)'),
    })
  })
})
