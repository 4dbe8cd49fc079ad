import { describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { TOOLS_SECTION } from '../../src/agent/protocols/text.ts'
import { SYSTEM_PROMPT, TOOL_MALFORMED_PROMPT } from '../../src/agent/repair-prompts.ts'
import type { ScriptedTurn } from './scripted-server.ts'
import { startScriptedServer, xmlCall } from './scripted-server.ts'

const TWO = 'Compute 6 * 7 as task_1_out, then add 1 to get task_2_out.'

async function playText(script: readonly ScriptedTurn[], prompt = TWO) {
  const server = await startScriptedServer(script)
  try {
    const transcript = await runToolAgent({
      baseURL: server.url,
      model: 'm',
      prompt,
      profile: { protocol: 'text' },
    })
    return { transcript, requests: server.requests }
  } finally {
    await server.close()
  }
}

describe('agent/protocols/text', () => {
  it('parses XML, JSON, truncated and in-reasoning calls from the raw text', async () => {
    const turns = [
      `I need the product first.\n${xmlCall('6*7')}\n</think>\n\n`,
      'Ok.\n</think>\n\n<tool_call>{"name": "calculator", "arguments": {"expressions": ["42+1"]}}</tool_call>',
      'Check once more.\n</think>\n\n<tool_call>\n<function=calculator>\n<parameter=expressions>\n["43-1"]\n</parameter>\n',
      `Look it up.\n</think>\n\n${xmlCall('1+1')}\n<tool_call>\n<function=search>\n<parameter=q>\n"x"\n</parameter>\n</function>\n</tool_call>`,
      'All done.\n</think>\n\n\\boxed{task_1_out = 42}\n\\boxed{task_2_out = 43}',
    ]
    const { transcript, requests } = await playText(
      turns.map((content, i) => ({ content, finishReason: i === 2 ? 'length' : 'stop' })),
    )
    expect(transcript.status).toBe('success')
    expect(transcript.protocol).toBe('text')
    expect(transcript.turns.map((turn) => turn.toolCalls.length)).toEqual([1, 1, 1, 2, 0])
    expect(transcript.counters).toMatchObject({ toolCalls: 5, cutoffRepairs: 0 })
    expect(transcript.turns[0]!.toolCalls[0]!.arguments).toBe('{"expressions":["6*7"]}')
    expect(transcript.turns[0]!.toolCalls[0]!.result).toContain('42')
    expect(transcript.turns[3]!.toolCalls[1]).toEqual({
      name: 'search',
      arguments: '{"q":"x"}',
      result: 'Unknown tool: search',
    })
    expect(transcript.answers).toEqual({
      task_1_out: { answer: '42', turn: 4 },
      task_2_out: { answer: '43', turn: 4 },
    })
    const first = requests[0]!
    expect(first.tools).toBeUndefined()
    expect(first.messages[0]).toEqual({ role: 'system', content: `${SYSTEM_PROMPT}\n\n${TOOLS_SECTION}` })
    const second = requests[1]!
    expect(second.messages.at(-2)).toEqual({ role: 'assistant', content: turns[0] })
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', name: 'calculator' })
    expect(second.messages.at(-1)!.tool_call_id).toBeUndefined()
  })

  it('joins separately returned reasoning back exactly (no </think> when no content followed it) and runs calls in it', async () => {
    const { transcript, requests } = await playText([
      { reasoning: `Compute.\n${xmlCall('6*7')}`, content: '' },
      { content: '\\boxed{task_1_out = 42} \\boxed{task_2_out = 43}' },
    ])
    expect(transcript.status).toBe('success')
    expect(transcript.counters.toolCalls).toBe(1)
    expect(transcript.turns[0]!.reasoning).toContain('Compute.')
    // vLLM partitions at </think> and trims nothing: reasoning with no content is a turn that never closed its thinking.
    expect(requests[1]!.messages.at(-2)!.content).toBe(`Compute.\n${xmlCall('6*7')}`)
  })

  it('sends the malformed prompt for tool syntax that yields no call, and ignores boxes inside payloads', async () => {
    const { transcript, requests } = await playText([
      { content: '<tool_call>{"expressions": ["\\\\boxed{task_1_out = 1}"]}</tool_call>' },
      { content: xmlCall('6*7') },
      { content: '\\boxed{task_1_out = 42} \\boxed{task_2_out = 43}' },
    ])
    expect(transcript.turns[0]!.repairPrompt).toBe('tool-malformed')
    expect(requests[1]!.messages.at(-1)).toEqual({ role: 'user', content: TOOL_MALFORMED_PROMPT })
    expect(transcript.answers.task_1_out).toEqual({ answer: '42', turn: 2 })
    expect(transcript.status).toBe('success')
  })
})
