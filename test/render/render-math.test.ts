import { describe, expect, it } from 'vitest'
import { math } from '../../plugins/math/index.ts'
import type { TaskNode } from '../../src/contracts/instance.ts'
import { createRegistry, getTemplate } from '../../src/registry.ts'
import { renderPrompt } from '../../src/render/render-prompt.ts'
import { taskBlocks } from '../../src/render/split-blocks.ts'
import { createRng } from '../../src/rng.ts'
import type { Value } from '../../src/values.ts'
import { draft, staticInput } from './draft-fixtures.ts'

const registry = createRegistry([{ name: 'math', categories: [math] }])

/** The math chain of spec §8.6, instantiated with our templates and a fixed seed. */
async function mathChain() {
  const ids = ['TotientProductSequence', 'PolySquareFreeEval', 'PolygonDiagonalsSequence', 'Convolution']
  const rng = createRng('render-math')
  const nodes: TaskNode[] = []
  let value: Value = -45n
  for (const [i, id] of ids.entries()) {
    const template = getTemplate(registry, 'math', id)
    const inputKind = template.inputKinds[0]!
    const params = template.params(value, rng.split(i), inputKind)
    const output = await template.solve(value, params, inputKind)
    nodes.push({
      id: `t${i + 1}`,
      number: i + 1,
      family: 'math',
      template: id,
      inputKind,
      outputKind: template.outputKind,
      source: { node: i === 0 ? null : `t${i}`, name: i === 0 ? 'task_1_input' : `task_${i}_out` },
      input: value,
      params,
      output,
    })
    value = output
  }
  return { ...draft({ nodes, staticInputs: [staticInput(1, -45n)] }), categories: ['math'], family: 'math' }
}

describe('rendering real math templates', () => {
  it('each block reads its source, defines its output and has no trailing whitespace', async () => {
    const prompt = renderPrompt(await mathChain(), registry, 'dependent')
    const blocks = taskBlocks(prompt)
    expect([...blocks.keys()]).toEqual([1, 2, 3, 4])
    for (const [n, text] of blocks) {
      expect(text.startsWith(`Task ${n}:\n`)).toBe(true)
      expect(text).toContain(n === 1 ? 'task_1_input' : `task_${n - 1}_out`)
      expect(text).toContain(`task_${n}_out`)
      expect(text).not.toMatch(/\s$/)
    }
    expect(prompt).toContain('Initial Conditions:\ntask_1_input = -45\n\nTask 1:\n')
    expect(prompt).toContain('Requested outputs: task_1_out, task_2_out, task_3_out, task_4_out.')
  })

  it('is deterministic for the same draft', async () => {
    const a = renderPrompt(await mathChain(), registry, 'dependent')
    const b = renderPrompt(await mathChain(), registry, 'dependent')
    expect(a).toBe(b)
  })
})
