import { describe, expect, it } from 'vitest'
import { looksLikeToolCall, parseToolCalls } from '../../src/agent/tool-calls.ts'

const xml = (name: string, body: string) =>
  `<tool_call>\n<function=${name}>\n${body}\n</function>\n</tool_call>`
const param = (key: string, value: string) => `<parameter=${key}>\n${value}\n</parameter>`

describe('agent/tool-calls › parseToolCalls', () => {
  it('reads a Qwen3-Coder XML call, JSON-parsing parameter values', () => {
    const text = `Let me check.\n${xml('calculator', param('expressions', '["1+2", "3*4"]'))}`
    expect(parseToolCalls(text)).toEqual([{ name: 'calculator', arguments: { expressions: ['1+2', '3*4'] } }])
  })

  it('keeps a parameter that is not JSON as its stripped string', () => {
    expect(parseToolCalls(xml('calculator', param('expression', '  2 ^ 3  ')))).toEqual([
      { name: 'calculator', arguments: { expression: '2 ^ 3' } },
    ])
    // A Python-style list is not JSON: it stays one string (the calculator then reports an error).
    expect(parseToolCalls(xml('calculator', param('expressions', "['1+1']")))[0]!.arguments).toEqual({
      expressions: "['1+1']",
    })
  })

  it('keeps integers beyond 2^53 exact, as text', () => {
    expect(
      parseToolCalls(xml('calculator', param('expression', '123456789012345678901')))[0]!.arguments,
    ).toEqual({
      expression: '123456789012345678901',
    })
  })

  it('reads every parameter of a closed function', () => {
    const text = xml('calculator', `${param('expressions', '["1"]')}\n${param('expression', '"2"')}`)
    expect(parseToolCalls(text)[0]!.arguments).toEqual({ expressions: ['1'], expression: '2' })
  })

  it('reads the JSON call shapes inside <tool_call>', () => {
    const shapes = [
      '{"name": "calculator", "arguments": {"expressions": ["2+2"]}}',
      '{"function": {"name": "calculator", "arguments": "{\\"expressions\\": [\\"2+2\\"]}"}}',
      '{"function_call": {"name": "calculator", "arguments": {"expression": "2+2"}}}',
    ]
    expect(shapes.map((s) => parseToolCalls(`<tool_call>${s}</tool_call>`))).toEqual([
      [{ name: 'calculator', arguments: { expressions: ['2+2'] } }],
      [{ name: 'calculator', arguments: '{"expressions": ["2+2"]}' }],
      [{ name: 'calculator', arguments: { expression: '2+2' } }],
    ])
    const list = '[{"name": "calculator", "arguments": {}}, {"name": "search", "arguments": {"q": "x"}}]'
    expect(parseToolCalls(`<tool_call>\n${list}\n</tool_call>`).map((c) => c.name)).toEqual([
      'calculator',
      'search',
    ])
  })

  it('ignores JSON payloads that are not calls', () => {
    expect(parseToolCalls('<tool_call>{"expressions": ["1"]}</tool_call>')).toEqual([])
    expect(parseToolCalls('<tool_call>not json</tool_call>')).toEqual([])
  })

  it('reads a truncated call (function never closes), first parameter only', () => {
    const text = `<tool_call>\n<function=calculator>\n${param('expressions', '["5*5"]')}\n${param('expression', '"9"')}\n`
    expect(parseToolCalls(text)).toEqual([{ name: 'calculator', arguments: { expressions: ['5*5'] } }])
  })

  it('does not read a closed call twice, and skips truncation matches inside it', () => {
    const text = `${xml('calculator', param('expressions', '["1"]'))}\nthen <function=calculator>\n${param('expressions', '["2"]')}`
    expect(parseToolCalls(text)).toEqual([
      { name: 'calculator', arguments: { expressions: ['1'] } },
      { name: 'calculator', arguments: { expressions: ['2'] } },
    ])
  })

  it('reads calls written inside the reasoning, before </think>', () => {
    const text = `I should compute.\n${xml('calculator', param('expressions', '["7*8"]'))}\n</think>\n\nDone.`
    expect(parseToolCalls(text)).toHaveLength(1)
  })

  it('finds nothing in plain text or in an unfinished parameter', () => {
    expect(parseToolCalls('The answer is \\boxed{task_1_out = 4}.')).toEqual([])
    expect(parseToolCalls('<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1')).toEqual([])
  })
})

describe('agent/tool-calls › looksLikeToolCall', () => {
  it('flags any fragment of tool syntax, case-insensitively', () => {
    for (const text of [
      '<tool_call',
      '</TOOL_CALL>',
      '<function=x',
      '</function>',
      '<parameter=a',
      '</parameter>',
      '{"function_call": 1}',
      '{"arguments": {}}',
      '{"name": "calculator"}',
    ])
      expect(looksLikeToolCall(`before ${text} after`), text).toBe(true)
  })

  it('does not flag prose', () => {
    expect(looksLikeToolCall('I will call the calculator function with arguments 1 and 2.')).toBe(false)
    expect(looksLikeToolCall('{"name":"calculator"}')).toBe(false)
  })
})
