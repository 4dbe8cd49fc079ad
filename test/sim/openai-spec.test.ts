import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculatorTool } from '../../src/agent/calculator/index.ts'
import type { ServerProfileName, SimServer } from '../../src/sim/index.ts'
import { serverProfileNames, startSimServer } from '../../src/sim/index.ts'
import {
  chatCompletionChunkSchema,
  chatCompletionSchema,
  errorResponseSchema,
} from './openai-response-schemas.ts'
import { syntheticCase } from './sim-fixtures.ts'

const entry = syntheticCase(1)

async function post(
  sim: SimServer,
  body: Record<string, unknown>,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${sim.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: sim.model, messages: [{ role: 'user', content: entry.prompt }], ...body }),
  })
  return { status: response.status, text: await response.text() }
}

const valid = (schema: { safeParse(x: unknown): { success: boolean; error?: unknown } }, json: unknown) => {
  const result = schema.safeParse(json)
  return result.success ? 'valid' : result.error
}

describe.each(serverProfileNames)(
  'sim responses on %s validate against the OpenAI spec',
  (server: ServerProfileName) => {
    let sim: SimServer
    beforeAll(async () => {
      sim = await startSimServer({ persona: 'sim:oracle', server, maxModelLen: 4096 })
      sim.register([entry])
    })
    afterAll(() => sim.close())

    const tools = server === 'raw' ? {} : { tools: [calculatorTool] }

    it('non-streamed, with refusal: null in the message', async () => {
      for (const body of [tools, {}, { max_completion_tokens: 3 }]) {
        const reply = await post(sim, body)
        expect(reply.status).toBe(200)
        const json = JSON.parse(reply.text)
        expect(valid(chatCompletionSchema, json)).toBe('valid')
        expect(json.choices[0].message.refusal).toBeNull()
        expect(Object.keys(json.choices[0].message)).toContain('refusal')
      }
    })

    it('streamed chunks, the usage chunk included', async () => {
      const reply = await post(sim, { ...tools, stream: true, stream_options: { include_usage: true } })
      const events = reply.text
        .split('\n\n')
        .filter((event) => event.startsWith('data: '))
        .map((event) => event.slice(6))
      expect(events.at(-1)).toBe('[DONE]')
      for (const event of events.slice(0, -1))
        expect(valid(chatCompletionChunkSchema, JSON.parse(event))).toBe('valid')
      expect(JSON.parse(events.at(-2)!).usage.total_tokens).toBeGreaterThan(0)
    })

    it("error bodies (vLLM's integer code is the one allowed deviation)", async () => {
      const reply = await post(sim, { max_tokens: 10_000 })
      expect(reply.status).toBe(400)
      const json = JSON.parse(reply.text)
      expect(valid(errorResponseSchema, json)).toBe('valid')
      expect(json.error.code).toBe(400)
    })
  },
)

describe('the spec schemas can fail', () => {
  it('reject a message without refusal and an unknown finish reason', () => {
    const body = {
      id: 'x',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [
        { index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'hi' } },
      ],
    }
    expect(valid(chatCompletionSchema, body)).not.toBe('valid')
    const withRefusal = structuredClone(body)
    ;(withRefusal.choices[0]!.message as Record<string, unknown>).refusal = null
    expect(valid(chatCompletionSchema, withRefusal)).toBe('valid')
    withRefusal.choices[0]!.finish_reason = 'done'
    expect(valid(chatCompletionSchema, withRefusal)).not.toBe('valid')
  })
})
