import { describe, expect, it } from 'vitest'
import { calculatorCallXml, splitTurn } from '../../src/sim/index.ts'

describe('sim/qwen-text splitTurn', () => {
  it('splits reasoning, closed tool calls and visible text', () => {
    const raw = `Plan.\n</think>\n\nChecking.\n${calculatorCallXml(['2*3', '7//2'])}`
    expect(splitTurn(raw, true)).toEqual({
      reasoning: 'Plan.',
      content: 'Checking.',
      toolCalls: [{ name: 'calculator', arguments: '{"expressions":["2*3","7//2"]}' }],
    })
  })

  it('keeps an unclosed tool call in content and treats a cut-off as all reasoning', () => {
    const broken = 'R\n</think>\n\n<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1", '
    expect(splitTurn(broken, true)).toMatchObject({
      toolCalls: [],
      content: broken.slice(broken.indexOf('<tool_call>')).trimEnd(),
    })
    expect(splitTurn('still thinking and', true)).toEqual({
      reasoning: 'still thinking and',
      content: null,
      toolCalls: [],
    })
    expect(splitTurn('plain answer', false)).toEqual({
      reasoning: null,
      content: 'plain answer',
      toolCalls: [],
    })
  })

  it('keeps a non-JSON parameter value as a string', () => {
    const raw =
      '<tool_call>\n<function=calculator>\n<parameter=expression>\n1 + 2\n</parameter>\n</function>\n</tool_call>'
    expect(splitTurn(raw, false).toolCalls).toEqual([
      { name: 'calculator', arguments: '{"expression":"1 + 2"}' },
    ])
  })
})
