import http from 'node:http'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ArbigraphError } from '../../src/errors.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { boxes, calculatorTool, client, syntheticCase } from './sim-fixtures.ts'

type WithReasoning = OpenAI.Chat.Completions.ChatCompletionMessage & { reasoning?: string | null }

describe('sim/server (oracle over real HTTP)', () => {
  let sim: SimServer
  let api: OpenAI
  const entry = syntheticCase(1)
  const user = { role: 'user' as const, content: entry.prompt }

  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:oracle', maxModelLen: 8192 })
    sim.register([entry])
    api = client(sim.url)
  })
  afterAll(() => sim.close())

  it('lists the persona as the model with max_model_len', async () => {
    const models = await api.models.list()
    expect(models.data.map((m) => m.id)).toEqual(['sim:oracle'])
    expect((models.data[0] as unknown as { max_model_len: number }).max_model_len).toBe(8192)
  })

  it('chat protocol: first turn is a calculator tool call, with reasoning', async () => {
    const res = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      tools: [calculatorTool],
    })
    const choice = res.choices[0]!
    expect(choice.finish_reason).toBe('tool_calls')
    const call = choice.message.tool_calls![0]!
    expect(call.type).toBe('function')
    if (call.type !== 'function') throw new Error('unreachable')
    expect(call.function.name).toBe('calculator')
    const args = JSON.parse(call.function.arguments) as { expressions: string[] }
    expect(args.expressions.length).toBeGreaterThanOrEqual(1)
    expect(args.expressions.length).toBeLessThanOrEqual(3)
    expect(args.expressions[0]).toBe('(8) % 100')
    // The legacy parser keeps the text before the first call untrimmed: the newlines after </think>.
    expect(choice.message.content).toBe('\n\n')
    expect((choice.message as WithReasoning).reasoning).toMatch(/calculator/)
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens)
  })

  it('chat protocol: enable_thinking false drops the reasoning field', async () => {
    const res = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      tools: [calculatorTool],
      chat_template_kwargs: { enable_thinking: false },
    } as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming)
    expect((res.choices[0]!.message as WithReasoning).reasoning).toBeNull()
    expect(res.choices[0]!.message.tool_calls).toHaveLength(1)
  })

  it('text protocol: the XML tool call stays in content, reasoning split off before </think>', async () => {
    const res = await api.chat.completions.create({ model: sim.model, messages: [user] })
    const content = res.choices[0]!.message.content!
    expect(res.choices[0]!.finish_reason).toBe('stop')
    expect(res.choices[0]!.message.tool_calls).toEqual([])
    expect((res.choices[0]!.message as WithReasoning).reasoning).toMatch(/calculator/)
    expect(content).toContain(
      '\n\n<tool_call>\n<function=calculator>\n<parameter=expressions>\n["(8) % 100",',
    )
    expect(content).toMatch(/\n<\/parameter>\n<\/function>\n<\/tool_call>$/)
    const off = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      chat_template_kwargs: { enable_thinking: false },
    } as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming)
    expect(off.choices[0]!.message.content!.startsWith('<tool_call>')).toBe(true)
  })

  it('text protocol: after a tool message without tool_call_id, boxes every output', async () => {
    const first = await api.chat.completions.create({ model: sim.model, messages: [user] })
    const res = await api.chat.completions.create({
      model: sim.model,
      messages: [
        user,
        { role: 'assistant', content: first.choices[0]!.message.content },
        {
          role: 'tool',
          content: '{"results": ["8"]}',
        } as unknown as OpenAI.Chat.Completions.ChatCompletionMessageParam,
      ],
    })
    expect(boxes(res.choices[0]!.message.content!)).toEqual(entry.outputs)
  })

  it('streams reasoning, tool-call deltas, finish_reason and a final usage chunk', async () => {
    const stream = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      tools: [calculatorTool],
      stream: true,
      stream_options: { include_usage: true },
    })
    let reasoning = ''
    let args = ''
    let finish: string | null = null
    let usage: OpenAI.CompletionUsage | undefined
    for await (const chunk of stream) {
      const choice = chunk.choices[0]
      if (chunk.usage) usage = chunk.usage
      if (!choice) continue
      reasoning += (choice.delta as { reasoning?: string }).reasoning ?? ''
      args += choice.delta.tool_calls?.map((c) => c.function?.arguments ?? '').join('') ?? ''
      finish = choice.finish_reason ?? finish
    }
    const whole = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      tools: [calculatorTool],
    })
    const call = whole.choices[0]!.message.tool_calls![0]!
    expect(finish).toBe('tool_calls')
    expect(reasoning).toBe((whole.choices[0]!.message as WithReasoning).reasoning)
    expect(call.type === 'function' && call.function.arguments).toBe(args)
    expect(usage).toEqual(whole.usage)
  })

  it('cuts a reply at max_tokens with finish_reason length', async () => {
    const res = await api.chat.completions.create({
      model: sim.model,
      messages: [user],
      max_completion_tokens: 5,
    })
    expect(res.choices[0]!.finish_reason).toBe('length')
    // No </think> within 20 characters: a cut-off turn is all reasoning.
    expect(res.choices[0]!.message.content).toBeNull()
    expect((res.choices[0]!.message as WithReasoning).reasoning).toHaveLength(20)
    expect(res.usage!.completion_tokens).toBe(5)
  })

  it('rejects prompt + max_tokens beyond max_model_len with vLLM 400 wording', async () => {
    const error = await api.chat.completions
      .create({ model: sim.model, messages: [user], max_tokens: 8190 })
      .catch((e) => e)
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error.status).toBe(400)
    expect(error.error.message).toMatch(/maximum context length is 8192 tokens/)
    expect(error.error.message).toMatch(/'max_tokens' or 'max_completion_tokens' is too large: 8190/)
    const long = { role: 'user' as const, content: 'y'.repeat(40_000) }
    const tooLong = await api.chat.completions.create({ model: sim.model, messages: [long] }).catch((e) => e)
    expect(tooLong.error.message).toMatch(
      /^This model's maximum context length is 8192 tokens\. However, your request has 10000 input tokens\./,
    )
  })

  // renderers/params.py: the output budget is checked first, then the prompt, whose count stops
  // one token past the room left (the tokenizer truncates there); vllm-field-facts.md §7.
  it.each([
    [
      'vllm-renderer',
      { max_tokens: 8193 },
      'max_tokens=8193cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_tokens, value=8193)',
      'max_tokens',
    ],
    [
      'vllm-renderer',
      { max_completion_tokens: 9000 },
      'max_completion_tokens=9000cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_completion_tokens, value=9000)',
      'max_completion_tokens',
    ],
    [
      'vllm-renderer',
      { max_tokens: 8190 },
      "You passed 3 input tokens and requested 8190 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 2 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=3)",
      'input_tokens',
    ],
    [
      'vllm-engine',
      { max_tokens: 8193 },
      'max_tokens=8193 cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_tokens, value=8193)',
      'max_tokens',
    ],
    [
      'vllm-engine',
      { max_tokens: 8190 },
      "This model's maximum context length is 8192 tokens. However, you requested 8190 output tokens and your prompt contains at least 3 input tokens, for a total of at least 8193 tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=3)",
      'input_tokens',
    ],
  ] as const)(
    'words an overflow as its era of vLLM does: %s with %o',
    async (server, budget, message, param) => {
      const era = await startSimServer({ persona: 'sim:oracle', maxModelLen: 8192, server })
      try {
        const res = await fetch(`${era.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: era.model,
            messages: [{ role: 'user', content: 'x'.repeat(40) }],
            ...budget,
          }),
        })
        expect(res.status).toBe(400)
        const body = (await res.json()) as { error: { message: string; param: string } }
        expect(body.error).toMatchObject({ message, param, type: 'BadRequestError' })
      } finally {
        await era.close()
      }
    },
  )

  it('serves POST /tokenize only when asked, counting as the chat route does', async () => {
    const counting = await startSimServer({ persona: 'sim:oracle', maxModelLen: 8192, tokenize: true })
    try {
      const tokenize = (url: string) =>
        fetch(`${url.replace(/\/v1$/, '')}/tokenize`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: counting.model,
            messages: [{ role: 'user', content: 'x'.repeat(40) }],
          }),
        })
      const counted = await tokenize(counting.url)
      expect(await counted.json()).toEqual({ count: 10, max_model_len: 8192 })
      expect((await tokenize(sim.url)).status).toBe(404)
    } finally {
      await counting.close()
    }
  })

  it('rejects malformed requests naming the field', async () => {
    const res = await fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: sim.model, messages: [{ role: 'wizard', content: 'x' }] }),
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as {
      error: { message: string; param: string; code: number; type: string }
    }
    expect(body.error).toMatchObject({ param: 'messages[0].role', code: 400, type: 'BadRequestError' })
    expect(body.error.message).toMatch(/^Invalid request: messages\[0\]\.role:/)
    const bad = await fetch(`${sim.url}/chat/completions`, { method: 'POST', body: '{' })
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/Invalid JSON body/)
  })

  it('answers 404 for unknown routes and models, 400 for unknown cases', async () => {
    const route = await fetch(`${sim.url}/completions/nope`)
    expect(route.status).toBe(404)
    expect(((await route.json()) as { error: { code: number } }).error.code).toBe(404)
    const model = await api.chat.completions.create({ model: 'gpt-x', messages: [user] }).catch((e) => e)
    expect(model).toBeInstanceOf(OpenAI.NotFoundError)
    expect(model.error.message).toMatch(/`gpt-x` does not exist/)
    const unknown = await api.chat.completions
      .create({ model: sim.model, messages: [{ role: 'user', content: 'who?' }] })
      .catch((e) => e)
    expect(unknown.status).toBe(400)
    expect(unknown.error.message).toMatch(/^unknown case: no case is registered/)
  })

  it('registers cases over HTTP and rejects bad ones', async () => {
    const extra = syntheticCase(99)
    const res = await fetch(sim.url.replace(/\/v1$/, '/arbigraph/cases'), {
      method: 'POST',
      body: JSON.stringify({ cases: [extra] }),
    })
    expect(await res.json()).toEqual({ registered: 1, total: 2 })
    const bad = await fetch(sim.url.replace(/\/v1$/, '/arbigraph/cases'), {
      method: 'POST',
      body: JSON.stringify([{ prompt: 'p', outputs: { task_1_out: 'seven' } }]),
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /cases\[0\]\.outputs\.task_1_out: expected a Python literal/,
    )
    expect(() => sim.register([{ prompt: '', outputs: {} }])).toThrow(/cases\[0\]\.prompt/)
  })
})

describe('sim/server options and concurrency', () => {
  it('rejects bad options with ARBIGRAPH_BAD_CONFIG', async () => {
    const replay = await startSimServer({ persona: 'replay' }).catch((e) => e)
    expect(replay).toBeInstanceOf(ArbigraphError)
    expect(replay.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(replay.message).toMatch(/needs replayFile/)
    const name = await startSimServer({ persona: 'sim:wizard' as 'sim:oracle' }).catch((e) => e)
    expect(name.message).toMatch(/unknown persona "sim:wizard"/)
    const chaos = await startSimServer({
      persona: 'sim:chaos',
      chaosRates: { serverError: 0.9, rateLimit: 0.5 },
    }).catch((e) => e)
    expect(chaos.message).toMatch(/sum to at most 1/)
  })

  it('counts 40 concurrent requests as maxInFlight 40', async () => {
    // Every request's headers go out first and its body only once all 40 have arrived: none can
    // be answered before the last one is in flight, however slow the machine.
    const sim = await startSimServer({ persona: 'sim:oracle' })
    const entry = syntheticCase(2)
    sim.register([entry])
    const payload = JSON.stringify({ model: sim.model, messages: [{ role: 'user', content: entry.prompt }] })
    const agent = new http.Agent({ maxSockets: 40 })
    const requests = Array.from({ length: 40 }, () => {
      const req = http.request(`${sim.url}/chat/completions`, { method: 'POST', agent })
      req.flushHeaders()
      const status = new Promise<number | undefined>((resolve, reject) => {
        req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode)))
        req.on('error', reject)
      })
      return { req, status }
    })
    await vi.waitUntil(() => sim.stats.requests === 40, { timeout: 30_000, interval: 5 })
    for (const { req } of requests) req.end(payload)
    expect(await Promise.all(requests.map((r) => r.status))).toEqual(new Array(40).fill(200))
    agent.destroy()
    expect(sim.stats.maxInFlight).toBe(40)
    await vi.waitUntil(() => sim.stats.inFlight === 0, { timeout: 30_000, interval: 5 })
    expect(sim.stats.requests).toBe(40)
    expect(sim.stats.byStatus).toEqual({ '200': 40 })
    await sim.close()
  })

  it('accepts a latency function', async () => {
    const sim = await startSimServer({
      persona: 'sim:oracle',
      latencyMs: (_req, conv) => (conv.turn === 0 ? 120 : 0),
    })
    const entry = syntheticCase(3)
    sim.register([entry])
    const started = Date.now()
    await client(sim.url).chat.completions.create({
      model: sim.model,
      messages: [{ role: 'user', content: entry.prompt }],
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    await sim.close()
  })
})
