import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { boxes, client, runChatLoop, syntheticCase } from './sim-fixtures.ts'

describe('sim:oracle', () => {
  let sim: SimServer
  const cases = Array.from({ length: 5 }, (_, i) => syntheticCase(10 + i))

  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:oracle' })
    sim.register(cases)
  })
  afterAll(() => sim.close())

  it('answers every case in two turns with boxes equal to the registered outputs', async () => {
    for (const entry of cases) {
      const responses = await runChatLoop(client(sim.url), sim.model, entry.prompt)
      expect(responses.map((r) => r.choices[0]!.finish_reason)).toEqual(['tool_calls', 'stop'])
      expect(boxes(responses[1]!.choices[0]!.message.content!)).toEqual(entry.outputs)
    }
  })

  it('complies with a repair prompt by boxing everything again', async () => {
    const entry = cases[0]!
    const res = await client(sim.url).chat.completions.create({
      model: sim.model,
      messages: [
        { role: 'user', content: entry.prompt },
        {
          role: 'assistant',
          content:
            '<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1"]\n</parameter>\n</function>\n</tool_call>',
        },
        { role: 'tool', tool_call_id: 'x', content: '{"results": ["1"]}' },
        { role: 'assistant', content: 'task_1_out = 27' },
        { role: 'user', content: 'Your last reply did not box every requested output. Missing: task_1_out.' },
      ],
    })
    expect(boxes(res.choices[0]!.message.content!)).toEqual(entry.outputs)
  })

  it('is deterministic: equal requests give equal responses', async () => {
    const request = { model: sim.model, messages: [{ role: 'user' as const, content: cases[1]!.prompt }] }
    const a = await client(sim.url).chat.completions.create(request)
    const b = await client(sim.url).chat.completions.create(request)
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })
})
