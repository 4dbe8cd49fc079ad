/**
 * Small hand-made drafts and a toy category for renderer tests, so the tests pin the prompt
 * layout without depending on the wording of the real math templates.
 */
import type { Junction, StaticInput, TaskNode } from '../../src/contracts/instance.ts'
import type { TaskTemplate } from '../../src/contracts/template.ts'
import type { Registry } from '../../src/registry.ts'
import { createRegistry } from '../../src/registry.ts'
import type { InstanceDraft } from '../../src/render/render-prompt.ts'
import type { Kind, Value } from '../../src/values.ts'

const toy = (id: string, inputKind: Kind, outputKind: Kind, verb: string): TaskTemplate => ({
  id,
  family: 'toy',
  summary: `${verb} the input`,
  inputKinds: [inputKind],
  outputKind,
  params: () => ({}),
  solve: (input) => input,
  // Trailing spaces and newlines on purpose: the renderer must trim them.
  text: ({ n, source, out }) => `Let x_${n} be ${source}.\n${verb} x_${n} and call the result ${out}.  \n\n`,
})

/** A registry with one category, `toy`, of four templates. */
export const toyRegistry = (): Registry =>
  createRegistry([
    {
      name: 'toy',
      categories: [
        {
          name: 'toy',
          templates: [
            toy('Double', 'scalar', 'scalar', 'Double'),
            toy('Range', 'scalar', 'list', 'Count up to'),
            toy('Sum', 'list', 'scalar', 'Add up'),
            toy('Sort', 'list', 'list', 'Sort'),
          ],
        },
      ],
    },
  ])

/** A task node; `from` is the node id (task or junction) it reads, `null` for a static input. */
export const node = (
  number: number,
  template: string,
  from: string | null,
  name: string,
  io: [Kind, Kind] = ['scalar', 'scalar'],
): TaskNode => ({
  id: `t${number}`,
  number,
  family: 'toy',
  template,
  inputKind: io[0],
  outputKind: io[1],
  source: { node: from, name },
  input: 1n,
  params: {},
  output: io[1] === 'list' ? [1n, 2n, 3n] : 7n,
})

export const staticInput = (n: number, value: Value): StaticInput => ({
  node: `t${n}`,
  name: `task_${n}_input`,
  value,
})

export function draft(parts: {
  nodes: TaskNode[]
  staticInputs: StaticInput[]
  junctions?: Junction[]
  targets?: string[]
}): InstanceDraft {
  const last = parts.nodes.at(-1)!
  return {
    schema: 'arbigraph.instance/1',
    id: `test/toy/${last.template}#0`,
    topology: { name: 'test', options: {} },
    categories: ['toy'],
    seed: '0',
    sample: 0,
    task: last.template,
    family: 'toy',
    staticInputs: parts.staticInputs,
    nodes: parts.nodes,
    junctions: parts.junctions ?? [],
    targets: parts.targets ?? [last.id],
    outputs: parts.nodes.map((n) => `task_${n.number}_out`),
  }
}

/** Baseline: one task. */
export const singleDraft = (): InstanceDraft =>
  draft({ nodes: [node(1, 'Double', null, 'task_1_input')], staticInputs: [staticInput(1, -45n)] })

/** Forgetting: three unrelated tasks. */
export const independentDraft = (): InstanceDraft =>
  draft({
    nodes: [
      node(1, 'Sum', null, 'task_1_input', ['list', 'scalar']),
      node(2, 'Double', null, 'task_2_input'),
      node(3, 'Range', null, 'task_3_input', ['scalar', 'list']),
    ],
    staticInputs: [staticInput(1, [4n, -1n, -5n]), staticInput(2, 12n), staticInput(3, -3n)],
  })

/** Chain of three. */
export const chainDraft = (): InstanceDraft =>
  draft({
    nodes: [
      node(1, 'Range', null, 'task_1_input', ['scalar', 'list']),
      node(2, 'Sum', 't1', 'task_1_out', ['list', 'scalar']),
      node(3, 'Double', 't2', 'task_2_out'),
    ],
    staticInputs: [staticInput(1, -45n)],
  })

/** Multichain: t1 → t2 (list) → picks into t3 and t4 → pack into t5. */
export const multichainDraft = (): InstanceDraft =>
  draft({
    nodes: [
      node(1, 'Double', null, 'task_1_input'),
      node(2, 'Range', 't1', 'task_1_out', ['scalar', 'list']),
      node(3, 'Double', 'p3', 'task_3_input'),
      node(4, 'Double', 'p4', 'task_4_input'),
      node(5, 'Sort', 'k5', 'task_5_input', ['list', 'list']),
    ],
    staticInputs: [staticInput(1, 9n)],
    junctions: [
      {
        id: 'k5',
        op: 'pack',
        sources: ['t3', 't4'],
        name: 'task_5_input',
        output: [7n, 7n, 15n, 15n, 23n, 23n, 31n, 31n, 39n, 39n],
      },
      { id: 'p4', op: 'pick', index: 1, sources: ['t2'], name: 'task_4_input', output: 2n },
      { id: 'p3', op: 'pick', index: 0, sources: ['t2'], name: 'task_3_input', output: 1n },
    ],
  })
