import { describe, expect, it } from 'vitest'
import { calculatorTool } from '../../src/agent/calculator/index.ts'
import type { ChatRequest } from '../../src/sim/index.ts'
import { serverProfile, serverProfileFromEnv } from '../../src/sim/index.ts'
import { calculatorCallXml, rawTurn } from '../../src/sim/qwen-text.ts'

const withTools = {
  model: 'm',
  messages: [{ role: 'user', content: 'p' }],
  tools: [calculatorTool],
} as ChatRequest
const withoutTools = { model: 'm', messages: [{ role: 'user', content: 'p' }] } as ChatRequest
const call = calculatorCallXml(['1 + 2'])
const unclosed = '<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1 + 2", '

const legacy = serverProfile('vllm-legacy')
const engine = serverProfile('vllm-engine')
const raw = serverProfile('raw')

describe('sim/server-profile vllm-legacy (per-model qwen3_coder parser)', () => {
  it('parses a closed call with Python json.dumps spacing; content is the untrimmed text before it', () => {
    expect(legacy.serve(rawTurn('R', `Plan.\n${call}`), withTools, true, false)).toEqual({
      reasoning: 'R\n',
      content: '\n\nPlan.\n',
      toolCalls: [{ name: 'calculator', arguments: '{"expressions": ["1 + 2"]}' }],
      finishReason: 'tool_calls',
    })
  })

  it('reads an unclosed call as a call with a partial string argument, finish tool_calls on a cut-off', () => {
    const served = legacy.serve(rawTurn('R', unclosed), withTools, true, true)
    expect(served.toolCalls).toEqual([{ name: 'calculator', arguments: '{"expressions": "[\\"1 + 2\\", "}' }])
    expect(served.finishReason).toBe('tool_calls')
  })

  it('drops the text after a closed call from content (a box written after it is lost)', () => {
    const served = legacy.serve(rawTurn('R', `${call}\n\\boxed{task_1_out = 3}`), withTools, true, false)
    expect(served.content).toBe('\n\n')
    expect(JSON.stringify(served)).not.toContain('boxed')
  })

  it('a call inside unclosed thinking ends the reasoning and is parsed', () => {
    const served = legacy.serve(`Let me compute. ${call}`, withTools, true, false)
    expect(served.reasoning).toBe('Let me compute. ')
    expect(served.toolCalls).toHaveLength(1)
    expect(served.content).toBeNull()
  })

  it('without tools, the call stays in content (only the reasoning is split off)', () => {
    const served = legacy.serve(rawTurn('R', call), withoutTools, true, false)
    expect(served).toEqual({ reasoning: 'R\n', content: `\n\n${call}`, toolCalls: [], finishReason: 'stop' })
  })

  it('a cut-off without </think> is all reasoning; thinking off is all content', () => {
    expect(legacy.serve('half a thought', withTools, true, true)).toMatchObject({
      reasoning: 'half a thought',
      content: null,
      finishReason: 'length',
    })
    expect(legacy.serve('plain', withTools, false, false)).toMatchObject({
      reasoning: null,
      content: 'plain',
    })
  })
})

describe('sim/server-profile vllm-engine (the parser engine)', () => {
  it('parses closed calls; incomplete markup vanishes from content', () => {
    expect(engine.serve(rawTurn('R', call), withTools, true, false).toolCalls).toEqual([
      { name: 'calculator', arguments: '{"expressions": ["1 + 2"]}' },
    ])
    const broken = engine.serve(rawTurn('R', `Before. ${unclosed}`), withTools, true, false)
    expect(broken.content).toBe('\n\nBefore. ')
    // The unclosed parameter is not an argument: the call has none.
    expect(broken.toolCalls).toEqual([{ name: 'calculator', arguments: '{}' }])
  })

  it('without tools (tool_choice defaults to none) the call is discarded and its block vanishes', () => {
    const served = engine.serve(rawTurn('R', `Calling.\n${call}\nAfter.`), withoutTools, true, false)
    expect(served.toolCalls).toEqual([])
    expect(served.content).toBe('\n\nCalling.\n\nAfter.')
    expect(served.content).not.toContain('tool_call')
  })

  it('a streamed request without tools skips the parsers: the raw text, calls and </think> included', () => {
    const text = rawTurn('R', `Calling.\n${call}`)
    const streamed = { ...withoutTools, stream: true } as ChatRequest
    expect(engine.serve(text, streamed, true, false)).toEqual({
      reasoning: null,
      content: text,
      toolCalls: [],
      finishReason: 'stop',
    })
    expect(
      engine.serve(text, { ...withTools, stream: true } as ChatRequest, true, false).toolCalls,
    ).toHaveLength(1)
  })

  it('tool_choice "none" with tools discards calls too; a call in unclosed thinking ends it', () => {
    const none = { ...withTools, tool_choice: 'none' } as ChatRequest
    expect(engine.serve(rawTurn('R', call), none, true, false).toolCalls).toEqual([])
    const thinking = engine.serve(`Thinking ${call}`, withTools, true, false)
    expect(thinking.reasoning).toBe('Thinking ')
    expect(thinking.toolCalls).toHaveLength(1)
  })

  it('counts reasoning tokens apart (the newest serving layer)', () => {
    expect(engine.reasoningTokens).toBe(true)
    expect(legacy.reasoningTokens).toBe(false)
  })
})

describe('sim/server-profile raw (no parsers)', () => {
  it('puts everything in content and never parses', () => {
    const text = rawTurn('R', call)
    expect(raw.serve(text, withoutTools, true, false)).toEqual({
      reasoning: null,
      content: text,
      toolCalls: [],
      finishReason: 'stop',
    })
  })

  it('refuses tools with automatic tool choice, naming the flags, as vLLM does', () => {
    expect(() => raw.accept(withTools)).toThrow(
      '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    )
    expect(() => raw.accept(withoutTools)).not.toThrow()
  })
})

describe('sim/server-profile selection', () => {
  it('defaults to vllm-legacy and rejects an unknown ARBIGRAPH_SIM_SERVER by name', () => {
    expect(serverProfileFromEnv({}).name).toBe('vllm-legacy')
    expect(serverProfileFromEnv({ ARBIGRAPH_SIM_SERVER: ' raw ' }).name).toBe('raw')
    expect(() => serverProfileFromEnv({ ARBIGRAPH_SIM_SERVER: 'vllm' })).toThrow(
      'ARBIGRAPH_SIM_SERVER: unknown simulated server "vllm"; expected one of vllm-legacy, vllm-renderer, vllm-engine, raw',
    )
  })
})
