import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import type { HarnessProfileInput } from '../../src/agent/profile.ts'
import {
  CUTOFF_CONTINUE_PROMPT,
  finalAnswerPrompt,
  SYSTEM_PROMPT,
  TOOL_MALFORMED_PROMPT,
  TOOL_MISSING_PROMPT,
} from '../../src/agent/repair-prompts.ts'
import type { Transcript } from '../../src/contracts/transcript.ts'
import { transcriptSchema } from '../../src/contracts/transcript.ts'
import { ArbigraphError } from '../../src/errors.ts'
import type { RequestBody, ScriptedTurn } from './scripted-server.ts'
import { calcCall, startScriptedServer } from './scripted-server.ts'

const ONE = 'Compute 6 * 7 and call the result task_1_out.'
const TWO = 'Compute 6 * 7 as task_1_out, then add 1 to get task_2_out.'

async function play(
  script: readonly ScriptedTurn[] | ((index: number) => ScriptedTurn),
  profile: HarnessProfileInput = {},
  prompt = ONE,
): Promise<{ transcript: Transcript; requests: RequestBody[] }> {
  const server = await startScriptedServer(script)
  try {
    const transcript = await runToolAgent({ baseURL: server.url, model: 'scripted', prompt, profile })
    expect(transcriptSchema.parse(transcript)).toEqual(transcript)
    return { transcript, requests: server.requests }
  } finally {
    await server.close()
  }
}

const lastUser = (request: RequestBody) => request.messages.filter((m) => m.role === 'user').at(-1)?.content
const kinds = (transcript: Transcript) => transcript.turns.map((turn) => turn.kind)

describe('agent/loop › normal runs', () => {
  it('succeeds in 2 turns: a calculator call, then the boxed answer', async () => {
    const { transcript, requests } = await play([
      calcCall('6 * 7'),
      { content: 'So \\boxed{task_1_out = 42}.' },
    ])
    expect(transcript.status).toBe('success')
    expect(kinds(transcript)).toEqual(['normal', 'tool'])
    expect(transcript.answers).toEqual({ task_1_out: { answer: '42', turn: 1 } })
    expect(transcript.counters).toEqual({
      toolCalls: 1,
      toolRepairs: 0,
      finalAnswerRepairs: 0,
      cutoffRepairs: 0,
    })
    expect(transcript.turns[0]!.toolCalls[0]).toMatchObject({ name: 'calculator' })
    expect(transcript.turns[0]!.toolCalls[0]!.result).toContain('42')
    expect(transcript.totals).toMatchObject({ turns: 2, promptTokens: 201, completionTokens: 20 })
    const [first, second] = requests
    expect(first!.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    expect(first!.tools).toHaveLength(1)
    expect(first).toMatchObject({ temperature: 0, max_completion_tokens: 16384 })
    expect(first!.chat_template_kwargs).toBeUndefined()
    const tool = second!.messages.at(-1)!
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call-0-0' })
    expect(tool.content).toContain('42')
    expect(second!.messages.at(-2)!.tool_calls).toHaveLength(1)
    expect(second!.max_completion_tokens).toBe(16384)
  })

  it('collects answers across turns, the latest box winning, reasoning included', async () => {
    const { transcript } = await play(
      [
        {
          ...calcCall('6 * 7'),
          reasoning: 'Draft: \\boxed{task_1_out = 41}',
          content: '\\boxed{task_1_out = 40}',
        },
        {
          ...calcCall('42 + 1'),
          content: '\\boxed{task_1_out = 42}',
          reasoningField: 'reasoning_content',
          reasoning: 'r',
        },
        { content: '\\boxed{task_2_out = 43} and again \\boxed{task_2_out = 44}' },
      ],
      {},
      TWO,
    )
    expect(transcript.status).toBe('success')
    expect(transcript.answers).toEqual({
      task_1_out: { answer: '42', turn: 1 },
      task_2_out: { answer: '44', turn: 2 },
    })
    expect(transcript.turns[1]!.reasoning).toBe('r')
  })

  it('keeps running tools when a turn has calls and every answer', async () => {
    const { transcript } = await play([
      { ...calcCall('6 * 7'), content: '\\boxed{task_1_out = 42}' },
      { content: 'Done: \\boxed{task_1_out = 42}' },
    ])
    expect(transcript.status).toBe('success')
    expect(transcript.turns).toHaveLength(2)
  })

  it('reads the pool cache header, and sends the thinking switch', async () => {
    const { transcript, requests } = await play(
      [
        { ...calcCall('1+1'), headers: { 'x-arbigraph-cache': 'hit' } },
        { content: '\\boxed{task_1_out = 42}' },
      ],
      { thinking: false },
    )
    expect(transcript.turns.map((turn) => turn.cached)).toEqual([true, false])
    expect(requests[0]!.chat_template_kwargs).toEqual({ enable_thinking: false })
  })

  it('answers an unknown tool with "Unknown tool: <name>" and counts it', async () => {
    const { transcript, requests } = await play([
      {
        toolCalls: [
          { name: 'calculator', arguments: '{"expressions":["1+1"]}' },
          { name: 'search', arguments: '{}' },
        ],
      },
      { content: '\\boxed{task_1_out = 42}' },
    ])
    expect(transcript.counters.toolCalls).toBe(2)
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', content: 'Unknown tool: search' })
  })
})

describe('agent/loop › tool repair (rule B)', () => {
  it('sends the missing-call prompt, then the malformed prompt, on repair budgets', async () => {
    const { transcript, requests } = await play([
      { content: 'It is \\boxed{task_1_out = 42}' },
      { content: '<tool_call>\n<function=calculator>' },
      { toolCalls: [{ name: 'search', arguments: '{"q":"6*7"}' }] },
      calcCall('6 * 7'),
      { content: '\\boxed{task_1_out = 42}' },
    ])
    expect(transcript.status).toBe('success')
    expect(kinds(transcript)).toEqual(['normal', 'repair:tool', 'repair:tool', 'repair:tool', 'tool'])
    expect(transcript.turns.map((turn) => turn.repairPrompt)).toEqual([
      'tool-missing',
      'tool-malformed',
      'tool-malformed',
      undefined,
      undefined,
    ])
    expect(lastUser(requests[1]!)).toBe(TOOL_MISSING_PROMPT)
    expect(lastUser(requests[2]!)).toBe(TOOL_MALFORMED_PROMPT)
    expect(requests.map((r) => r.max_completion_tokens)).toEqual([16384, 32768, 32768, 32768, 16384])
    // The search call was never executed: no tool message, and the history has no dangling call.
    expect(transcript.counters).toMatchObject({ toolCalls: 1, toolRepairs: 3 })
    expect(requests[3]!.messages.at(-2)).toEqual({ role: 'assistant', content: '' })
  })

  it('ends as missing_initial_calculator_call when the budget runs out with every answer', async () => {
    const { transcript } = await play(() => ({ content: '\\boxed{task_1_out = 42}' }), {
      repairBudget: { toolRepair: 2 },
    })
    expect(transcript.status).toBe('missing_initial_calculator_call')
    expect(transcript.turns).toHaveLength(3)
    expect(transcript.calculatorRequirementFailed).toBe(true)
    expect(transcript.answers.task_1_out).toEqual({ answer: '42', turn: 2 })
  })

  it('drops the non-calculator calls of the turn that exhausts the budget', async () => {
    const { transcript } = await play(
      () => ({ content: '\\boxed{task_1_out = 42}', toolCalls: [{ name: 'search', arguments: '{}' }] }),
      { repairBudget: { toolRepair: 1 } },
    )
    expect(transcript.status).toBe('missing_initial_calculator_call')
    expect(transcript.counters).toMatchObject({ toolCalls: 0, toolRepairs: 1 })
    expect(transcript.turns).toHaveLength(2)
  })

  it('reports both failures when answers are missing too', async () => {
    const { transcript } = await play(() => ({ content: 'no idea' }), {
      repairBudget: { toolRepair: 1, finalAnswerRepair: 1 },
    })
    expect(transcript.status).toBe('missing_initial_calculator_call_and_missing_requested_task_answers')
    expect(transcript.turns.map((turn) => turn.repairPrompt)).toEqual([
      'tool-missing',
      'final-answer',
      undefined,
    ])
  })

  it('does not ask for a calculator call when the requirement is off', async () => {
    const { transcript } = await play([{ content: '\\boxed{task_1_out = 42}' }], {
      requireInitialCalculatorCall: false,
    })
    expect(transcript.status).toBe('success')
    expect(transcript.turns).toHaveLength(1)
  })
})

describe('agent/loop › final-answer repair (rule C)', () => {
  it('asks for the missing outputs until the budget is spent', async () => {
    const { transcript, requests } = await play(
      (i) =>
        i === 0 ? { ...calcCall('6*7'), content: '\\boxed{task_1_out = 42}' } : { content: 'thinking…' },
      { repairBudget: { finalAnswerRepair: 3 } },
      TWO,
    )
    expect(transcript.status).toBe('missing_requested_task_answers')
    expect(kinds(transcript)).toEqual(['normal', 'tool', 'repair:final', 'repair:final', 'repair:final'])
    expect(transcript.counters.finalAnswerRepairs).toBe(3)
    expect(lastUser(requests[2]!)).toBe(finalAnswerPrompt(['task_2_out']))
    expect(finalAnswerPrompt(['task_2_out'])).toContain('Outputs still missing: task_2_out.')
    expect(requests[2]!.max_completion_tokens).toBe(32768)
    expect(transcript.answers.task_1_out).toEqual({ answer: '42', turn: 0 })
  })
})

describe('agent/loop › cutoff repair (rule A)', () => {
  const cut = (content: string): ScriptedTurn => ({ content, finishReason: 'length' })

  it('picks the continue, answers and malformed prompts, all on the cutoff budget', async () => {
    const { transcript, requests } = await play(
      [
        calcCall('6*7'),
        cut('Let me work through this long'),
        cut('\\boxed{task_1_out = 42} and task_2 is'),
        cut('<tool_call>\n<function=calculator>\n<parameter=expressions>\n["42'),
        { content: '\\boxed{task_2_out = 43}' },
      ],
      {},
      TWO,
    )
    expect(transcript.status).toBe('success')
    expect(transcript.turns.map((turn) => turn.repairPrompt)).toEqual([
      undefined,
      'cutoff-continue',
      'final-answer',
      'tool-malformed',
      undefined,
    ])
    expect(lastUser(requests[2]!)).toBe(CUTOFF_CONTINUE_PROMPT)
    expect(lastUser(requests[3]!)).toBe(finalAnswerPrompt(['task_2_out']))
    expect(lastUser(requests[4]!)).toBe(TOOL_MALFORMED_PROMPT)
    expect(kinds(transcript)).toEqual(['normal', 'tool', 'repair:cutoff', 'repair:cutoff', 'repair:cutoff'])
    expect(transcript.counters).toMatchObject({ cutoffRepairs: 3, toolRepairs: 0, finalAnswerRepairs: 0 })
    expect(requests.map((r) => r.max_completion_tokens)).toEqual([16384, 16384, 32768, 32768, 32768])
  })

  it('does not repair a cut-off turn that already holds every answer', async () => {
    const { transcript } = await play([calcCall('1+1'), cut('\\boxed{task_1_out = 42} and some trailing')])
    expect(transcript.status).toBe('success')
    expect(transcript.counters.cutoffRepairs).toBe(0)
  })

  it('runs the calls of a cut-off turn that holds a complete call', async () => {
    const { transcript } = await play([
      { ...calcCall('6*7'), finishReason: 'length' },
      { content: '\\boxed{task_1_out = 42}' },
    ])
    expect(kinds(transcript)).toEqual(['normal', 'tool'])
    expect(transcript.counters).toMatchObject({ toolCalls: 1, cutoffRepairs: 0 })
  })

  it('falls through to the answers repair once the cutoff budget is spent', async () => {
    const { transcript } = await play(() => cut('still working'), {
      requireInitialCalculatorCall: false,
      repairBudget: { cutoffRepair: 1, finalAnswerRepair: 2 },
    })
    expect(transcript.status).toBe('missing_requested_task_answers')
    expect(transcript.turns.map((turn) => turn.repairPrompt)).toEqual([
      'cutoff-continue',
      'final-answer',
      'final-answer',
      undefined,
    ])
    expect(transcript.counters).toMatchObject({ cutoffRepairs: 1, finalAnswerRepairs: 2 })
  })

  it('falls through to the tool repair once the cutoff budget is spent', async () => {
    const { transcript } = await play(
      [cut('long hand arithmetic'), calcCall('1+1'), { content: '\\boxed{task_1_out = 42}' }],
      {
        repairBudget: { cutoffRepair: 0 },
      },
    )
    expect(transcript.turns.map((turn) => turn.repairPrompt)).toEqual(['tool-missing', undefined, undefined])
    expect(transcript.status).toBe('success')
  })
})

describe('agent/loop › endings', () => {
  it('ends as timeout after maxTurns', async () => {
    const { transcript } = await play(() => calcCall('1+1'), { maxTurns: 3 })
    expect(transcript.status).toBe('timeout')
    expect(transcript.turns).toHaveLength(3)
    expect(transcript.counters.toolCalls).toBe(3)
  })

  it('ends as context_length_exceeded on a 400 overflow, keeping earlier answers', async () => {
    const message =
      "This model's maximum context length is 4096 tokens. However, your request has 5000 input tokens."
    const { transcript } = await play([
      { ...calcCall('6*7'), content: '\\boxed{task_1_out = 42}' },
      { status: 400, error: { message, type: 'BadRequestError' } },
    ])
    expect(transcript.status).toBe('context_length_exceeded')
    expect(transcript.turns).toHaveLength(1)
    expect(transcript.error).toContain('maximum context length')
    expect(transcript.answers.task_1_out?.answer).toBe('42')
  })

  it('throws ARBIGRAPH_ENDPOINT on a pool error after retries', async () => {
    const server = await startScriptedServer([
      { status: 502, error: { message: 'upstream failed after 4 attempts', type: 'arbigraph_pool_error' } },
    ])
    try {
      const run = runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE })
      await expect(run).rejects.toBeInstanceOf(ArbigraphError)
      await expect(run).rejects.toMatchObject({ code: 'ARBIGRAPH_ENDPOINT' })
      await expect(run).rejects.toThrow(/HTTP 502 \(arbigraph_pool_error\)/)
    } finally {
      await server.close()
    }
  })

  it('reads the flat error body of older vLLM servers', async () => {
    const message = "This model's maximum context length is 4096 tokens."
    const { transcript } = await play([
      { status: 400, flatError: true, error: { message, type: 'BadRequestError' } },
    ])
    expect(transcript).toMatchObject({ status: 'context_length_exceeded', error: message })
    const server = await startScriptedServer([
      { status: 503, flatError: true, error: { message: 'engine dead', type: 'ServiceUnavailable' } },
    ])
    try {
      await expect(runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE })).rejects.toThrow(
        'the endpoint answered HTTP 503 (ServiceUnavailable): "engine dead"',
      )
    } finally {
      await server.close()
    }
  })

  it('throws ARBIGRAPH_ENDPOINT on a 200 whose body is not a completion', async () => {
    for (const rawBody of ['<html>proxy login</html>', '{"choices":[]}']) {
      const server = await startScriptedServer([{ rawBody }])
      try {
        await expect(runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE })).rejects.toMatchObject({
          code: 'ARBIGRAPH_ENDPOINT',
        })
      } finally {
        await server.close()
      }
    }
  })

  it('throws ARBIGRAPH_ENDPOINT on a 400 that is not a context overflow', async () => {
    const server = await startScriptedServer([
      { status: 400, error: { message: 'bad field', type: 'BadRequestError' } },
    ])
    try {
      await expect(runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE })).rejects.toMatchObject({
        code: 'ARBIGRAPH_ENDPOINT',
        message: expect.stringContaining('HTTP 400'),
      })
    } finally {
      await server.close()
    }
  })

  it('throws ARBIGRAPH_ENDPOINT when a request times out', async () => {
    const server = await startScriptedServer([{ hang: true }])
    try {
      const run = runToolAgent({
        baseURL: server.url,
        model: 'm',
        prompt: ONE,
        profile: { requestTimeoutMs: 150 },
      })
      await expect(run).rejects.toMatchObject({
        code: 'ARBIGRAPH_ENDPOINT',
        message: expect.stringMatching(/request to the endpoint failed: "no answer within 150 ms/),
      })
    } finally {
      await server.close()
    }
  })

  it('rejects a run without an endpoint with ARBIGRAPH_BAD_CONFIG', async () => {
    await expect(runToolAgent({ model: 'm', prompt: ONE })).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_CONFIG',
      message: expect.stringContaining('agent: no endpoint: pass "baseURL"'),
    })
  })

  it('waits for the expected outputs it is given, case-insensitively', async () => {
    const server = await startScriptedServer([calcCall('1'), { content: '\\boxed{task_3_out = 9}' }])
    try {
      const transcript = await runToolAgent({
        baseURL: server.url,
        model: 'm',
        prompt: ONE,
        expected: ['TASK_3_OUT'],
      })
      expect(transcript).toMatchObject({ status: 'success', expected: ['task_3_out'] })
      expect(transcript.answers).toEqual({ task_3_out: { answer: '9', turn: 1 } })
    } finally {
      await server.close()
    }
  })

  it('passes a caller abort through unchanged, not as an endpoint error', async () => {
    const server = await startScriptedServer([{ hang: true }])
    try {
      const controller = new AbortController()
      const run = runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE, signal: controller.signal })
      while (server.requests.length === 0) await new Promise((ok) => setImmediate(ok))
      controller.abort()
      await expect(run).rejects.toMatchObject({ name: 'AbortError' })
      await expect(run).rejects.not.toBeInstanceOf(ArbigraphError)
    } finally {
      await server.close()
    }
  })

  it('throws ARBIGRAPH_ENDPOINT when nothing listens', async () => {
    const server = await startScriptedServer([])
    await server.close()
    await expect(runToolAgent({ baseURL: server.url, model: 'm', prompt: ONE })).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining('request to the endpoint failed'),
    })
  })
})

describe('agent/loop › through a supplied OpenAI client', () => {
  it('runs the same loop and classifies errors the same way', async () => {
    const message = "This model's maximum context length is 4096 tokens."
    const server = await startScriptedServer([
      calcCall('6 * 7'),
      { content: 'So \\boxed{task_1_out = 42}.' },
      calcCall('1'),
      { status: 400, error: { message, type: 'BadRequestError' } },
      { status: 502, error: { message: 'gave up', type: 'arbigraph_pool_error' } },
    ])
    try {
      const client = new OpenAI({ baseURL: server.url, apiKey: 'k', maxRetries: 0 })
      const ok = await runToolAgent({ client, model: 'm', prompt: ONE })
      expect(ok).toMatchObject({ status: 'success', answers: { task_1_out: { answer: '42', turn: 1 } } })
      const overflow = await runToolAgent({ client, model: 'm', prompt: ONE })
      expect(overflow).toMatchObject({ status: 'context_length_exceeded', error: message })
      await expect(runToolAgent({ client, model: 'm', prompt: ONE })).rejects.toThrow(
        /HTTP 502 \(arbigraph_pool_error\): "gave up"/,
      )
      expect(server.requests).toHaveLength(5)
    } finally {
      await server.close()
    }
  })
})
