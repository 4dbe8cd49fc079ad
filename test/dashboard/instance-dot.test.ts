import { describe, expect, it } from 'vitest'
import { instanceDot, NODE_FILLS, nodeStates } from '../../src/dashboard/instance-dot.ts'

// A hand-made wire-form instance: t1 → t2 → pick junction → t3, and a free-standing t4.
const node = (id: string, number: number, source: string | null) => ({
  id,
  number,
  family: 'math',
  template: `T${number}`,
  inputKind: 'scalar' as const,
  outputKind: 'scalar' as const,
  source: { node: source, name: `task_${number}_input` },
  input: '1',
  params: {},
  output: String(number * 10),
})
const instance = {
  schema: 'arbigraph.instance/1' as const,
  id: 'chain/math/T3#0',
  topology: { name: 'chain', options: {} },
  categories: ['math'],
  seed: '0',
  sample: 0,
  task: 'T3',
  family: 'math',
  staticInputs: [],
  nodes: [node('t1', 1, null), node('t2', 2, 't1'), node('t3', 3, 'j1'), node('t4', 4, null)],
  junctions: [
    { id: 'j1', op: 'pick' as const, index: 0, sources: ['t2'], name: 'task_3_input', output: '"x"' },
  ],
  targets: ['t3'],
  outputs: ['task_1_out', 'task_2_out', 'task_3_out'],
  prompt: 'Solve.',
}
const grade = (
  n: string,
  verdict: 'correct' | 'wrong' | 'missing' | 'format',
  answer: string | null = '0',
) => ({
  node: n,
  name: `task_${n.slice(1)}_out`,
  target: n === 't3',
  expected: '10',
  answer,
  got: null,
  verdict,
})

describe('nodeStates', () => {
  it('calls a wrong node downstream of a wrong one "upstream", also through junctions', () => {
    const states = nodeStates(instance, [grade('t1', 'correct'), grade('t2', 'wrong'), grade('t3', 'wrong')])
    expect(Object.fromEntries(states)).toEqual({ t1: 'correct', t2: 'wrong', t3: 'upstream', t4: 'ungraded' })
  })

  it('keeps a wrong node with correct ancestors "wrong", and a missing answer "unanswered"', () => {
    const states = nodeStates(instance, [
      grade('t1', 'correct'),
      grade('t2', 'missing', null),
      grade('t3', 'format'),
    ])
    expect(states.get('t2')).toBe('unanswered')
    expect(states.get('t3')).toBe('upstream') // its ancestor t2 is not correct
    const alone = nodeStates(instance, [grade('t1', 'correct'), grade('t2', 'correct'), grade('t3', 'wrong')])
    expect(alone.get('t3')).toBe('wrong')
  })
})

describe('instanceDot', () => {
  const dot = instanceDot(instance, [grade('t1', 'correct'), grade('t2', 'wrong', '7'), grade('t3', 'wrong')])

  it('paints nodes with the legend colours and thickens the target', () => {
    expect(dot).toMatch(new RegExp(`"t1" \\[label=.*fillcolor="${NODE_FILLS.correct}"`))
    expect(dot).toMatch(new RegExp(`"t2" \\[label=.*fillcolor="${NODE_FILLS.wrong}"`))
    expect(dot).toMatch(new RegExp(`"t3" \\[label=.*fillcolor="${NODE_FILLS.upstream}".*penwidth=2.5`))
    expect(dot).toContain('got 7')
  })

  it('labels edges with the input name and value, and draws junctions', () => {
    expect(dot).toContain('"t1" -> "t2" [label="task_2_input\\n1"]')
    expect(dot).toContain('"j1" [label="pick [0]"')
    expect(dot).toContain('"t2" -> "j1"')
    expect(dot).toContain('"j1" -> "t3" [label="task_3_input\\n1"]')
  })

  it('escapes quotes in labels so model answers cannot break the DOT', () => {
    const evil = instanceDot(instance, [grade('t1', 'wrong', 'a"b\\c')])
    expect(evil).toContain('got a\\"b\\\\c')
  })
})
