import { describe, expect, it } from 'vitest'
import { renderPrompt, renderPromptParts, renderTaskBlock } from '../../src/render/render-prompt.ts'
import { splitBlocks, taskBlocks } from '../../src/render/split-blocks.ts'
import {
  chainDraft,
  draft,
  independentDraft,
  multichainDraft,
  node,
  singleDraft,
  staticInput,
  toyRegistry,
} from './draft-fixtures.ts'

const registry = toyRegistry()

describe('single layout', () => {
  it('prints the Define line, the block and the answer instruction, nothing else', () => {
    expect(renderPrompt(singleDraft(), registry, 'single')).toBe(
      [
        'Define task_1_input = -45.',
        '',
        'Task 1:',
        'Let x_1 be task_1_input.',
        'Double x_1 and call the result task_1_out.',
        '',
        "Write each requested answer in its own \\boxed{} block, written exactly as \\boxed{task_N_out = value} with the output's name.",
        'Requested outputs: task_1_out.',
        'Write a list as a Python list of integers with every element, never shortened.',
        'Example of the format: \\boxed{task_1_out = [3, -1, 4]}',
        '',
      ].join('\n'),
    )
  })
})

describe('independent layout', () => {
  const prompt = renderPrompt(independentDraft(), registry, 'independent')

  it('starts with a preamble saying the blocks are independent, then the initial conditions', () => {
    const parts = splitBlocks(prompt)
    expect(parts.map((p) => p.kind)).toEqual(['preamble', 'inputs', 'task', 'task', 'task', 'answer'])
    expect(parts[0]!.text).toMatch(/do not depend on each other/)
    expect(parts[1]!.text).toBe(
      'Initial Conditions:\ntask_1_input = [4, -1, -5]\ntask_2_input = 12\ntask_3_input = -3',
    )
  })

  it('numbers the blocks in order, each reading its own input', () => {
    const blocks = taskBlocks(prompt)
    expect([...blocks.keys()]).toEqual([1, 2, 3])
    for (const [n, text] of blocks) expect(text).toContain(`Let x_${n} be task_${n}_input.`)
    expect(prompt).not.toMatch(/Define task_\d+_input/)
  })
})

describe('dependent layout', () => {
  it('chain: only the first input is static and each block reads the previous output', () => {
    const prompt = renderPrompt(chainDraft(), registry, 'dependent')
    const parts = splitBlocks(prompt)
    expect(parts.map((p) => p.kind)).toEqual(['preamble', 'inputs', 'task', 'task', 'task', 'answer'])
    expect(parts[0]!.text).toMatch(/read the outputs of earlier tasks/)
    expect(parts[1]!.text).toBe('Initial Conditions:\ntask_1_input = -45')
    expect(taskBlocks(prompt).get(3)).toBe(
      'Task 3:\nLet x_3 be task_2_out.\nDouble x_3 and call the result task_3_out.',
    )
  })

  it('multichain: picks from one list share one part before their first reader; the pack precedes its reader', () => {
    const parts = renderPromptParts(multichainDraft(), registry, 'dependent')
    expect(parts.map((p) => (p.kind === 'task' ? `task ${p.number}` : p.kind))).toEqual([
      'preamble',
      'inputs',
      'task 1',
      'task 2',
      'junction',
      'task 3',
      'task 4',
      'junction',
      'task 5',
      'answer',
    ])
    expect(parts[4]!.text).toBe(
      [
        'The following inputs are elements of task_2_out (positions count from 0).',
        'Define task_3_input = task_2_out[0].',
        'Define task_4_input = task_2_out[1].',
      ].join('\n'),
    )
    expect(parts[7]!.text).toBe(
      [
        'Define task_5_input as follows, a list of 10 elements:',
        'task_5_input = [task_3_out, task_4_out, task_3_out * 2 + 1, task_4_out * 2 + 1, task_3_out * 3 + 2, ' +
          'task_4_out * 3 + 2, task_3_out * 4 + 3, task_4_out * 4 + 3, task_3_out * 5 + 4, task_4_out * 5 + 4].',
      ].join('\n'),
    )
  })

  it('a lone pick is one Define line without an introduction', () => {
    const d = draft({
      nodes: [
        node(1, 'Range', null, 'task_1_input', ['scalar', 'list']),
        node(2, 'Double', 'p2', 'task_2_input'),
      ],
      staticInputs: [staticInput(1, 5n)],
      junctions: [{ id: 'p2', op: 'pick', index: 3, sources: ['t1'], name: 'task_2_input', output: 4n }],
    })
    const parts = renderPromptParts(d, registry, 'dependent')
    expect(parts.filter((p) => p.kind === 'junction').map((p) => p.text)).toEqual([
      'Define task_2_input = task_1_out[3].',
    ])
  })

  it('lists every static input of a DAG with several roots', () => {
    const d = draft({
      nodes: [
        node(1, 'Double', null, 'task_1_input'),
        node(2, 'Double', null, 'task_2_input'),
        node(3, 'Sort', 'k3', 'task_3_input', ['list', 'list']),
      ],
      staticInputs: [staticInput(1, 3n), staticInput(2, -8n)],
      junctions: [
        {
          id: 'k3',
          op: 'pack',
          sources: ['t2', 't1'],
          name: 'task_3_input',
          output: [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n],
        },
      ],
    })
    const prompt = renderPrompt(d, registry, 'dependent')
    expect(prompt).toContain('Initial Conditions:\ntask_1_input = 3\ntask_2_input = -8\n\n')
    // Pack slots follow the junction's source order, not task numbers.
    expect(prompt).toContain('task_3_input = [task_2_out, task_1_out, task_2_out * 2 + 1,')
  })
})

describe('prompt text invariants', () => {
  const layouts = [
    ['single', singleDraft],
    ['independent', independentDraft],
    ['dependent', chainDraft],
    ['dependent', multichainDraft],
  ] as const

  it.each(layouts)('%s: one final newline, blank lines between parts, trimmed blocks', (layout, make) => {
    const prompt = renderPrompt(make(), registry, layout)
    expect(prompt.endsWith('\n')).toBe(true)
    expect(prompt.endsWith('\n\n')).toBe(false)
    expect(prompt).not.toMatch(/\n\n\n/)
    expect(prompt).not.toMatch(/[ \t]\n/)
  })

  it.each(layouts)(
    '%s: the answer instruction names every requested output and the boxed format',
    (layout, make) => {
      const d = make()
      const answer = splitBlocks(renderPrompt(d, registry, layout)).at(-1)!
      expect(answer.kind).toBe('answer')
      expect(answer.text).toContain(`Requested outputs: ${d.outputs.join(', ')}.`)
      expect(answer.text).toContain('\\boxed{task_N_out = value}')
      expect(answer.text).toMatch(/Python list of integers with every element/)
      expect(answer.text).toMatch(/its own \\boxed\{\} block/)
    },
  )

  it.each(layouts)(
    '%s: rendering is deterministic and independent of the registry object',
    (layout, make) => {
      expect(renderPrompt(make(), toyRegistry(), layout)).toBe(renderPrompt(make(), registry, layout))
    },
  )

  it.each(layouts)('%s: splitBlocks gives back exactly the rendered parts', (layout, make) => {
    const d = make()
    expect(splitBlocks(renderPrompt(d, registry, layout))).toEqual(renderPromptParts(d, registry, layout))
  })
})

describe('errors', () => {
  it('an unknown template names the template and category', () => {
    const d = singleDraft()
    d.nodes[0]!.template = 'Nope'
    expect(() => renderPrompt(d, registry, 'single')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_UNKNOWN_TEMPLATE',
        message: expect.stringContaining('"Nope"'),
      }),
    )
  })

  it('a junction reading a node that does not exist names both', () => {
    const d = multichainDraft()
    d.junctions[0]!.sources = ['t3', 'ghost']
    expect(() => renderPrompt(d, registry, 'dependent')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_INPUT',
        message: expect.stringContaining('junction "k5": unknown source node "ghost"'),
      }),
    )
  })
})

describe('task blocks', () => {
  const template = registry.categories.get('toy')!.templates[0]!
  it('trim the text’s trailing whitespace; a text of whitespace alone leaves the heading and its newline', () => {
    for (const [text, block] of [
      ['Double x_3.  \n\n', 'Task 3:\nDouble x_3.'],
      [' \n\t ', 'Task 3:\n'],
      ['', 'Task 3:\n'],
      ['  lead kept\n', 'Task 3:\n  lead kept'],
    ] as const) {
      expect(
        renderTaskBlock(node(3, 'Double', null, 'task_3_input'), registry, { ...template, text: () => text }),
      ).toBe(block)
    }
  })
})
