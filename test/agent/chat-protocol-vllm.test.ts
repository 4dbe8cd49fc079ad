/**
 * The chat protocol against what vLLM's parsers really send: a legacy `qwen3_coder` reading of an
 * unclosed call (a partial string argument), `finish_reason: "tool_calls"` on a cut-off turn, and
 * the newest server's `reasoning_tokens`; plus the text protocol's exact re-joining of a split
 * reply and ARBIGRAPH_PROTOCOL's parser.
 */
import { describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { partialCall } from '../../src/agent/protocols/chat.ts'
import { protocolFromEnv } from '../../src/agent/protocols/protocol-env.ts'
import { rawOutput } from '../../src/agent/protocols/text.ts'
import { startSimServer } from '../../src/sim/index.ts'
import type { ScriptedTurn } from './scripted-server.ts'
import { startScriptedServer } from './scripted-server.ts'

const PROMPT = 'Compute 6 * 7 as task_1_out.'
const BOX = { content: '\\boxed{task_1_out = 42}', finishReason: 'stop' } as const
const CALL = { name: 'calculator', arguments: '{"expressions": ["6 * 7"]}' }

async function playChat(script: readonly ScriptedTurn[]) {
  const server = await startScriptedServer(script)
  try {
    return await runToolAgent({
      baseURL: server.url,
      model: 'm',
      prompt: PROMPT,
      profile: { maxTokens: 100 },
    })
  } finally {
    await server.close()
  }
}

describe('agent/protocols/chat against vLLM parsers', () => {
  it('a partial-string call (an unclosed call read by the legacy parser) does not run and is a malformed call', async () => {
    const partial = { name: 'calculator', arguments: '{"expressions": "[\\"6 * 7\\", "}' }
    const transcript = await playChat([
      { content: '\n\n', toolCalls: [partial], finishReason: 'tool_calls' },
      { content: null, toolCalls: [CALL], finishReason: 'tool_calls' },
      BOX,
    ])
    expect(transcript.turns[0]!.toolCalls).toEqual([])
    expect(transcript.turns[0]!.repairPrompt).toBe('tool-malformed')
    expect(transcript.counters).toMatchObject({ toolCalls: 1, toolRepairs: 1 })
    expect(transcript.status).toBe('success')
  })

  it('finish tool_calls with the whole budget used is a cut-off', async () => {
    const transcript = await playChat([
      {
        content: null,
        toolCalls: [CALL],
        finishReason: 'tool_calls',
        usage: { prompt: 10, completion: 100 },
      },
      BOX,
    ])
    expect(transcript.turns[0]!.finishReason).toBe('length')
    // A parsed, complete call still runs, as the text protocol runs a truncated call it can read.
    expect(transcript.turns[0]!.toolCalls).toHaveLength(1)
    const below = await playChat([
      { content: null, toolCalls: [CALL], finishReason: 'tool_calls', usage: { prompt: 10, completion: 99 } },
      BOX,
    ])
    expect(below.turns[0]!.finishReason).toBe('tool_calls')
  })

  it('tells partial calls from valid ones', () => {
    expect(partialCall({ name: 'calculator', arguments: '{"expressions": "[\\"1+2\\", "}' })).toBe(true)
    expect(partialCall({ name: 'calculator', arguments: '{"expressions": ["1+2"]}' })).toBe(false)
    expect(partialCall({ name: 'calculator', arguments: '{"expressions": "[\\"1+2\\"]"}' })).toBe(false)
    expect(partialCall({ name: 'calculator', arguments: '{"expression": "1+"}' })).toBe(false)
    expect(partialCall({ name: 'search', arguments: '{"expressions": "["}' })).toBe(false)
  })

  it('records usage.completion_tokens_details.reasoning_tokens when the server sends it (vllm-engine)', async () => {
    const sim = await startSimServer({ persona: 'sim:oracle', server: 'vllm-engine' })
    sim.register([{ prompt: PROMPT, outputs: { task_1_out: '42' } }])
    try {
      const transcript = await runToolAgent({ baseURL: sim.url, model: sim.model, prompt: PROMPT })
      expect(transcript.status).toBe('success')
      for (const turn of transcript.turns) expect(turn.reasoningTokens).toBeGreaterThan(0)
    } finally {
      await sim.close()
    }
    const legacy = await playChat([{ content: null, toolCalls: [CALL], finishReason: 'tool_calls' }, BOX])
    expect(legacy.turns[0]).not.toHaveProperty('reasoningTokens')
  })
})

describe('agent/protocols/text rawOutput', () => {
  it('joins a reasoning parser split back byte for byte', () => {
    const raw = 'Think.\n</think>\n\n<tool_call>x</tool_call>'
    const end = raw.indexOf('</think>')
    expect(rawOutput(raw.slice(end + 8), raw.slice(0, end))).toBe(raw)
    expect(rawOutput('', 'cut off mid-thought')).toBe('cut off mid-thought')
    expect(rawOutput('plain', null)).toBe('plain')
  })
})

describe('ARBIGRAPH_PROTOCOL', () => {
  it('chooses the protocol of a run, and rejects anything else by name', () => {
    expect(protocolFromEnv({})).toBeUndefined()
    expect(protocolFromEnv({ ARBIGRAPH_PROTOCOL: ' text ' })).toBe('text')
    expect(() => protocolFromEnv({ ARBIGRAPH_PROTOCOL: 'native' })).toThrow(
      'ARBIGRAPH_PROTOCOL: expected "chat" (native tool calls) or "text" (tool calls parsed from the text), got "native"',
    )
  })
})
