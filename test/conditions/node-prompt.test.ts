/**
 * A node asked alone reads exactly as the baseline prompt of its template: for a baseline
 * instance the node prompt is byte for byte the instance's own prompt, in every category.
 */
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { NODE_OUTPUT, nodeInstance } from '../../src/conditions/node-prompt.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { splitBlocks } from '../../src/render/split-blocks.ts'
import { pyRepr } from '../../src/values.ts'

const registry = defaultRegistry()
const dataset = async (topology: string, category: string, options: object = {}) =>
  (
    await generateDataset(
      { topology, options, categories: [category], samplesPerTask: 1, seed: '3' },
      { registry },
    )
  ).instances

describe('nodeInstance', () => {
  it.each(['math', 'gsm', 'python'])(
    '%s: a baseline instance node alone is the baseline prompt itself',
    async (category) => {
      const instances = await dataset('baseline', category)
      expect(instances.length).toBeGreaterThan(3)
      for (const instance of instances) {
        const node = instance.nodes[0]!
        const alone = nodeInstance(instance, node, node.input, node.output, registry)
        expect(alone.prompt).toBe(instance.prompt)
        expect(alone.outputs).toEqual([NODE_OUTPUT])
      }
    },
    60_000,
  )

  it('a deep chain node alone: its input written as a value, renumbered to task 1, no other task', async () => {
    const [instance] = await dataset('chain', 'math', { length: 4 })
    const node = instance!.nodes[3]!
    const alone = nodeInstance(instance!, node, node.input, node.output, registry)
    const parts = splitBlocks(alone.prompt)
    expect(parts.map((p) => p.kind)).toEqual(['inputs', 'task', 'answer'])
    expect(parts[0]!.text).toBe(`Define task_1_input = ${pyRepr(node.input)}.`)
    expect(parts[1]!.text.startsWith('Task 1:\n')).toBe(true)
    expect(alone.prompt).not.toMatch(/task_[2-9]_/)
    expect(alone.nodes[0]).toMatchObject({ id: node.id, template: node.template, params: node.params })
    // Another input gives another prompt: the chained condition writes the model's own value.
    const other = node.inputKind === 'list' ? [7n, 8n] : 7n
    expect(nodeInstance(instance!, node, other, 7n, registry).prompt).toContain(
      `Define task_1_input = ${pyRepr(other)}.`,
    )
  })
})
