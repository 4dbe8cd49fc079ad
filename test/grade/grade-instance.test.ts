import { describe, expect, it } from 'vitest'
import { collectAnswers } from '../../src/agent/answers.ts'
import { instanceGradeSchema } from '../../src/contracts/grade.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import { upstreamTasks } from '../../src/grade/upstream.ts'
import { chainOf3 } from './chain-of-3.ts'

const answers = (entries: Record<string, string>) => new Map(Object.entries(entries))
const RIGHT = { task_1_out: '10', task_2_out: '13', task_3_out: '26' }

describe('gradeInstance: verdicts', () => {
  it('grades every requested output, in prompt order, and marks the target', () => {
    const grade = gradeInstance(chainOf3(), answers(RIGHT), { status: 'success' })
    expect(grade).toMatchObject({
      correct: true,
      exact: true,
      attribution: null,
      status: 'success',
      mode: 'arbigraph',
    })
    expect(grade.nodes.map((node) => [node.name, node.target, node.verdict])).toEqual([
      ['task_1_out', false, 'correct'],
      ['task_2_out', false, 'correct'],
      ['task_3_out', true, 'correct'],
    ])
  })

  it('is correct but not exact when only an intermediate is wrong', () => {
    const grade = gradeInstance(chainOf3(), answers({ ...RIGHT, task_2_out: '14' }))
    expect(grade.correct).toBe(true)
    expect(grade.exact).toBe(false)
    expect(grade.nodes[1]).toMatchObject({ verdict: 'wrong', mismatch: 'value', got: 14n })
  })

  it('conformance vector 10: boxed 42 and 42.0 both match an int 42 end to end', () => {
    const instance = chainOf3()
    instance.nodes[2]!.output = 42n
    for (const box of ['\\boxed{task_3_out = 42}', '\\boxed{task_3_out = 42.0}']) {
      const collected = collectAnswers([box], instance.outputs)
      expect(
        gradeInstance(instance, new Map([...collected, ['task_1_out', '10'], ['task_2_out', '13']])).correct,
      ).toBe(true)
    }
  })

  it('records unreadable answers as format with the reason, and reads fractions exactly', () => {
    const grade = gradeInstance(
      chainOf3(),
      answers({ ...RIGHT, task_1_out: '1,0', task_3_out: '\\frac{52}{2}' }),
    )
    expect(grade.nodes[0]).toMatchObject({ verdict: 'format', failure: 'tuple', got: null })
    expect(grade.nodes[2]).toMatchObject({ verdict: 'correct', form: 'expression', got: 26n })
  })

  it('reference mode refuses the same fraction', () => {
    const grade = gradeInstance(chainOf3(), answers({ ...RIGHT, task_3_out: '\\frac{52}{2}' }), {
      mode: 'reference',
    })
    expect(grade).toMatchObject({
      correct: false,
      mode: 'reference',
      attribution: { kind: 'format', target: 't3' },
    })
  })

  it('round-trips through the zod schema (values as Python repr on disk)', () => {
    const grade = gradeInstance(chainOf3(), answers({ ...RIGHT, task_3_out: '26.0' }))
    const encoded = instanceGradeSchema.encode(grade)
    expect(encoded.nodes[2]).toMatchObject({ expected: '26', got: '26.0' })
    expect(instanceGradeSchema.decode(JSON.parse(JSON.stringify(encoded)))).toEqual(grade)
  })
})

describe('gradeInstance: failure attribution of a wrong target', () => {
  const attribution = (entries: Record<string, string>, status?: string) =>
    gradeInstance(chainOf3(), answers(entries), status === undefined ? {} : { status }).attribution

  it('local: the inputs were answered right, the answer is simply wrong', () => {
    expect(attribution({ ...RIGHT, task_3_out: '27' })).toEqual({ kind: 'local', target: 't3' })
  })

  it('propagated: names the first wrong or missing upstream node', () => {
    expect(attribution({ ...RIGHT, task_1_out: '11', task_3_out: '28' })).toEqual({
      kind: 'propagated',
      target: 't3',
      node: 't1',
    })
    expect(attribution({ task_1_out: '10', task_3_out: '28' })).toEqual({
      kind: 'propagated',
      target: 't3',
      node: 't2',
    })
  })

  it('stale: the answer is another node’s ground truth, or the target’s own input', () => {
    expect(attribution({ ...RIGHT, task_3_out: '10' })).toEqual({ kind: 'stale', target: 't3', node: 't1' })
    const sameAsInput = chainOf3()
    sameAsInput.nodes[1]!.output = 13n
    sameAsInput.nodes[2]!.input = 99n
    const grade = gradeInstance(sameAsInput, answers({ ...RIGHT, task_3_out: '99' }))
    expect(grade.attribution).toEqual({ kind: 'stale', target: 't3', node: 't2' })
  })

  it('propagated wins over stale: a wrong input is the structural cause', () => {
    expect(attribution({ ...RIGHT, task_2_out: '14', task_3_out: '10' })).toEqual({
      kind: 'propagated',
      target: 't3',
      node: 't2',
    })
  })

  it('missing and format: no box, or an unreadable one', () => {
    expect(attribution({ task_1_out: '10', task_2_out: '13' })).toEqual({ kind: 'missing', target: 't3' })
    expect(attribution({ ...RIGHT, task_3_out: '26 apples' })).toEqual({ kind: 'format', target: 't3' })
  })

  it('limit: a context or turn limit ends the run, whatever the target verdict', () => {
    expect(attribution({ task_1_out: '10' }, 'context_length_exceeded')).toEqual({
      kind: 'limit',
      target: 't3',
    })
    expect(attribution({ ...RIGHT, task_3_out: '27' }, 'timeout')).toEqual({ kind: 'limit', target: 't3' })
    expect(attribution({ ...RIGHT, task_3_out: '27' }, 'missing_requested_task_answers')).toEqual({
      kind: 'local',
      target: 't3',
    })
  })

  it('a correct target under a limit status has no attribution', () => {
    expect(attribution(RIGHT, 'timeout')).toBeNull()
  })
})

describe('upstreamTasks', () => {
  it('follows task links and junction sources, in prompt order', () => {
    const instance = chainOf3()
    // Re-wire: t1 and t2 both feed junction j, which feeds t3.
    instance.nodes[1]!.source = { node: null, name: 'task_2_input' }
    instance.nodes[2]!.source = { node: 'j', name: 'task_3_input' }
    instance.junctions = [
      { id: 'j', op: 'pack', sources: ['t2', 't1'], name: 'task_3_input', output: [10n, 13n] },
    ]
    expect(upstreamTasks(instance, 't3')).toEqual(['t1', 't2'])
    expect(upstreamTasks(instance, 't1')).toEqual([])
    expect(upstreamTasks(chainOf3(), 't3')).toEqual(['t1', 't2'])
  })
})

describe('gradeInstance: malformed instances', () => {
  it('refuses an output name with no task node', () => {
    const instance = { ...chainOf3(), outputs: ['task_1_out', 'task_9_out'] }
    expect(() => gradeInstance(instance, answers(RIGHT))).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_INPUT',
        message: expect.stringContaining('"task_9_out" names no task node'),
      }),
    )
  })

  it('refuses a target that is not requested', () => {
    const instance = { ...chainOf3(), outputs: ['task_1_out', 'task_2_out'] }
    expect(() => gradeInstance(instance, answers(RIGHT))).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_INPUT',
        message: expect.stringContaining('target "t3" is not among the requested outputs'),
      }),
    )
  })
})
