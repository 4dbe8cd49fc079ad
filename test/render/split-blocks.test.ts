import { describe, expect, it } from 'vitest'
import { packExpressions } from '../../src/render/junction-text.ts'
import { splitBlocks, taskBlocks } from '../../src/render/split-blocks.ts'

describe('splitBlocks', () => {
  it('keeps a block with a blank line inside as one block', () => {
    const prompt =
      'Intro.\n\nInitial Conditions:\ntask_1_input = 1\n\nTask 1:\nFirst.\n\nStill task 1.\n\nTask 2:\nSecond.\n'
    const parts = splitBlocks(prompt)
    expect(parts.map((p) => p.kind)).toEqual(['preamble', 'inputs', 'task', 'task'])
    expect(taskBlocks(prompt).get(1)).toBe('Task 1:\nFirst.\n\nStill task 1.')
  })

  it('separates junction definitions from the block before them', () => {
    const prompt = 'Task 1:\nA.\n\nDefine task_2_input = task_1_out[0].\n\nTask 2:\nB.\n'
    expect(splitBlocks(prompt)).toEqual([
      { kind: 'task', number: 1, text: 'Task 1:\nA.' },
      { kind: 'junction', text: 'Define task_2_input = task_1_out[0].' },
      { kind: 'task', number: 2, text: 'Task 2:\nB.' },
    ])
  })

  it('reads a reference-style baseline prompt (Define line, then the block)', () => {
    expect(splitBlocks('Define task_1_input = -50.\n\nTask 1:\nX.\n').map((p) => p.kind)).toEqual([
      'inputs',
      'task',
    ])
  })
})

describe('packExpressions', () => {
  it('cycles through the sources with multiplier m printed as name * m + (m - 1)', () => {
    expect(packExpressions(['a', 'b', 'c'], 7)).toEqual([
      'a',
      'b',
      'c',
      'a * 2 + 1',
      'b * 2 + 1',
      'c * 2 + 1',
      'a * 3 + 2',
    ])
  })

  it('keeps only the first 10 slots when more than 10 scalars are packed', () => {
    const names = Array.from({ length: 12 }, (_, i) => `v${i}`)
    expect(packExpressions(names)).toEqual(names.slice(0, 10))
  })
})
