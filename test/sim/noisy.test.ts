import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimServer } from '../../src/sim/index.ts'
import { calculatorCallXml, startSimServer, wrongValueProbability } from '../../src/sim/index.ts'
import { boxes, syntheticCase } from './sim-fixtures.ts'

const CASES = Array.from({ length: 300 }, (_, i) => syntheticCase(i, (i % 10) * 400))

interface Reply {
  text: string
  json: { choices: { message: { content: string }; finish_reason: string }[] }
}

async function post(sim: SimServer, messages: unknown[]): Promise<Reply> {
  const res = await fetch(`${sim.url}/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ model: sim.model, messages, max_completion_tokens: 4096 }),
  })
  const text = await res.text()
  expect(res.status).toBe(200)
  return { text, json: JSON.parse(text) }
}

const firstTurn = (sim: SimServer, prompt: string) => post(sim, [{ role: 'user', content: prompt }])
const answerTurn = (sim: SimServer, prompt: string) =>
  post(sim, [
    { role: 'user', content: prompt },
    { role: 'assistant', content: calculatorCallXml(['1 + 1']) },
    { role: 'tool', name: 'calculator', content: '{"results": ["2"]}' },
  ])

describe('sim:noisy', () => {
  let sim: SimServer
  let twin: SimServer
  let other: SimServer

  beforeAll(async () => {
    ;[sim, twin, other] = await Promise.all([
      startSimServer({ persona: 'sim:noisy', seed: 42 }),
      startSimServer({ persona: 'sim:noisy', seed: 42 }),
      startSimServer({ persona: 'sim:noisy', seed: 43 }),
    ])
    for (const server of [sim, twin, other]) server.register(CASES)
  })
  afterAll(() => Promise.all([sim.close(), twin.close(), other.close()]))

  it('wrong-value probability grows with prompt length and depth', () => {
    expect(wrongValueProbability(0, 0, 1)).toBeCloseTo(0.02)
    expect(wrongValueProbability(1000, 2, 1)).toBeCloseTo(0.14)
    expect(wrongValueProbability(5000, 1, 2)).toBeCloseTo(0.34)
    expect(wrongValueProbability(1e6, 10, 1)).toBe(0.95)
  })

  it('same seed gives the same bytes; another seed differs', async () => {
    const sample = CASES.slice(0, 60)
    const run = (server: SimServer) =>
      Promise.all(
        sample
          .flatMap((c) => [firstTurn(server, c.prompt), answerTurn(server, c.prompt)])
          .map((p) => p.then((r) => r.text)),
      )
    const [a, b, c] = await Promise.all([run(sim), run(twin), run(other)])
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
  })

  it('over 300 cases, every fault kind and wrong values occur, and wrong values are plausible', async () => {
    const counts = {
      noCall: 0,
      malformed: 0,
      cutoff: 0,
      omitted: 0,
      wrong: 0,
      stale: 0,
      wrongByDepth: [0, 0],
    }
    await Promise.all(
      CASES.map(async (entry) => {
        const first = (await firstTurn(sim, entry.prompt)).json.choices[0]!
        if (first.finish_reason === 'length') counts.cutoff++
        else if (!first.message.content.includes('<tool_call>')) counts.noCall++
        else if (!first.message.content.includes('</tool_call>')) counts.malformed++
        const answer = (await answerTurn(sim, entry.prompt)).json.choices[0]!
        if (answer.finish_reason === 'length') return void counts.cutoff++
        const got = boxes(answer.message.content)
        if (Object.keys(got).length < 3) counts.omitted++
        for (const [name, value] of Object.entries(got)) {
          if (value === entry.outputs[name]) continue
          counts.wrong++
          counts.wrongByDepth[entry.depth![name]!]!++
          if (Object.values(entry.outputs).includes(value)) counts.stale++
          else if (name === 'task_1_out')
            expect(Math.abs(Number(value) - Number(entry.outputs[name]))).toBeLessThanOrEqual(10)
        }
      }),
    )
    console.info('sim:noisy fault counts over 300 cases', counts)
    expect(counts.noCall).toBeGreaterThan(0)
    expect(counts.malformed).toBeGreaterThan(0)
    expect(counts.cutoff).toBeGreaterThan(0)
    expect(counts.omitted).toBeGreaterThan(0)
    expect(counts.stale).toBeGreaterThan(0)
    expect(counts.wrongByDepth[1]!).toBeGreaterThan(counts.wrongByDepth[0]!)
  })

  it('a cut-off reply reports completion_tokens = max tokens and no </think>', async () => {
    const noisy = await startSimServer({
      persona: 'sim:noisy',
      seed: 1,
      noisyRates: { cutoff: 1, noCall: 0, malformedCall: 0, omitBoxes: 0 },
    })
    noisy.register([CASES[0]!])
    const reply = await firstTurn(noisy, CASES[0]!.prompt)
    const json = reply.json as Reply['json'] & { usage: { completion_tokens: number } }
    expect(json.choices[0]!.finish_reason).toBe('length')
    expect(json.usage.completion_tokens).toBe(4096)
    // No </think> came: the server reads the whole cut-off output as reasoning.
    expect(json.choices[0]!.message.content).toBeNull()
    expect((json.choices[0]!.message as { reasoning?: string }).reasoning).toContain('work through')
    await noisy.close()
  })
})
