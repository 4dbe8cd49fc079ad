import { describe, expect, it } from 'vitest'
import type { ConditionNode } from '../../src/contracts/conditions.ts'
import { conditionEvidence } from '../../src/grade/condition-evidence.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import { chainOf3 } from './chain-of-3.ts'

const instance = chainOf3() // t1 → t2 → t3: 10, 13, 26
const node = (id: string, isolated: boolean, chained: boolean | 'unchained'): ConditionNode => ({
  node: id,
  name: `task_${id.slice(1)}_out`,
  depth: Number(id.slice(1)) - 1,
  isolated: { verdict: isolated ? 'correct' : 'wrong', answer: null },
  chained: {
    verdict: chained === 'unchained' ? 'unchained' : chained ? 'correct' : 'wrong',
    givenInputs: chained === true ? 'correct' : null,
    input: null,
    expected: null,
    answer: null,
  },
})
const inGraph = (answers: Record<string, string>) => gradeInstance(instance, new Map(Object.entries(answers)))

describe('conditionEvidence', () => {
  it('right in-graph: no label; wrong alone too: local', () => {
    const grade = inGraph({ task_1_out: '10', task_2_out: '99', task_3_out: '26' })
    const labels = conditionEvidence(instance, grade, [
      node('t1', true, true),
      node('t2', false, false),
      node('t3', true, true),
    ])
    expect([...labels]).toEqual([
      ['t1', null],
      ['t2', 'local'],
      ['t3', null],
    ])
  })

  it('right alone but wrong chained (or unchained): propagated, even with every upstream right in-graph', () => {
    const grade = inGraph({ task_1_out: '10', task_2_out: '13', task_3_out: '99' })
    expect(conditionEvidence(instance, grade, [node('t3', true, false)]).get('t3')).toBe('propagated')
    expect(conditionEvidence(instance, grade, [node('t3', true, 'unchained')]).get('t3')).toBe('propagated')
  })

  it('right alone and chained: interference, unless an upstream node is wrong in-graph', () => {
    const alone = inGraph({ task_1_out: '10', task_2_out: '13', task_3_out: '99' })
    expect(conditionEvidence(instance, alone, [node('t3', true, true)]).get('t3')).toBe('interference')
    const upstream = inGraph({ task_1_out: '11', task_2_out: '13', task_3_out: '99' })
    expect(conditionEvidence(instance, upstream, [node('t3', true, true)]).get('t3')).toBe('propagated')
  })

  it('no label where isolated or chained did not run', () => {
    const grade = inGraph({ task_1_out: '1', task_2_out: '1', task_3_out: '1' })
    const { chained: _chained, ...isolatedOnly } = node('t1', false, false)
    expect(conditionEvidence(instance, grade, [isolatedOnly]).has('t1')).toBe(false)
  })
})
