/**
 * sim:noisy honours each request's sampling `seed` (ARBIGRAPH_EPOCHS sends one per epoch): the
 * same seed repeats the same answers byte for byte, another seed draws other mistakes, and no
 * seed keeps the draws of a run without epochs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimServer } from '../../src/sim/index.ts'
import { calculatorCallXml, startSimServer } from '../../src/sim/index.ts'
import { syntheticCase } from './sim-fixtures.ts'

// Long prompts fail often enough that 60 cases show a difference between two seeds.
const CASES = Array.from({ length: 60 }, (_, i) => syntheticCase(1000 + i, 4000))

async function answers(sim: SimServer, seed: number | undefined): Promise<string[]> {
  return Promise.all(
    CASES.map(async (c) => {
      const res = await fetch(`${sim.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({
          model: sim.model,
          max_completion_tokens: 4096,
          ...(seed === undefined ? {} : { seed }),
          messages: [
            { role: 'user', content: c.prompt },
            { role: 'assistant', content: calculatorCallXml(['1 + 1']) },
            { role: 'tool', name: 'calculator', content: '{"results": ["2"]}' },
          ],
        }),
      })
      expect(res.status).toBe(200)
      const body = (await res.json()) as { choices: { message: { content: string } }[] }
      return body.choices[0]!.message.content
    }),
  )
}

describe('sim:noisy and sampling seeds', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:noisy', seed: 7 })
    sim.register(CASES)
  })
  afterAll(() => sim.close())

  it('epochs (seeds 1 and 2) give different answers; each seed repeats itself', async () => {
    const [one, oneAgain, two, none] = await Promise.all([
      answers(sim, 1),
      answers(sim, 1),
      answers(sim, 2),
      answers(sim, undefined),
    ])
    expect(oneAgain).toEqual(one)
    const differing = one.filter((text, i) => text !== two[i]).length
    expect(differing).toBeGreaterThan(0)
    expect(one.filter((text, i) => text !== none[i]).length).toBeGreaterThan(0)
  })
})
