import { describe, expect, it } from 'vitest'
import {
  expectedOutputNames,
  pickIndex,
  promptDefinitions,
  splitTaskBlocks,
} from '../../../src/io/reference/prompt-blocks.ts'

describe('splitTaskBlocks', () => {
  it('cuts at every "Task N:" heading and keeps adapter text with the block before it', () => {
    const blocks = splitTaskBlocks(
      'Intro.\n\nTask 1:\nFirst.\n\nDefine task_2_input = task_1_out[0].\n\nTask 2:\nSecond.\n',
    )
    expect([...blocks.keys()]).toEqual([1, 2])
    expect(blocks.get(1)).toBe('First.\n\nDefine task_2_input = task_1_out[0].')
    expect(blocks.get(2)).toBe('Second.')
  })

  it('ignores "Task 3:" inside a sentence', () => {
    expect([...splitTaskBlocks('Task 1:\nSee Task 3: later.\n').keys()]).toEqual([1])
  })

  it('rejects a prompt with two blocks of the same number', () => {
    expect(() => splitTaskBlocks('Task 1:\nA\nTask 1:\nB')).toThrow(/two "Task 1:" headings/)
  })
})

describe('promptDefinitions', () => {
  it('reads Initial Conditions, Define lines and Python statics exactly, skipping formulas', () => {
    const defs = promptDefinitions(
      [
        'Initial Conditions:',
        'task_1_input = [18, -1, 12345678901234567890]',
        'task_4_queries_static = [22, -17]',
        'Define task_2_input = -45.',
        'Define task_3_input = task_1_out[0].',
        'Define task_5_input = 3.0.',
      ].join('\n'),
    )
    expect(defs.get('task_1_input')).toEqual([18n, -1n, 12345678901234567890n])
    expect(defs.get('task_4_queries_static')).toEqual([22n, -17n])
    expect(defs.get('task_2_input')).toBe(-45n)
    expect(defs.get('task_5_input')).toBe(3)
    expect(defs.has('task_3_input')).toBe(false)
  })
})

describe('pickIndex and expectedOutputNames', () => {
  it('reads the index a pick prints', () => {
    expect(pickIndex('x\nDefine task_5_input = task_2_out[3].\n', 'task_5_input')).toBe(3)
    expect(pickIndex('Define task_5_input = task_2_out[3].', 'task_6_input')).toBeUndefined()
  })

  it('lists task_N_out names in first-appearance order, not mat_task_N_out', () => {
    expect(expectedOutputNames('call it mat_task_1_out; then task_2_out and task_1_out, task_2_out')).toEqual(
      ['task_2_out', 'task_1_out'],
    )
  })
})
