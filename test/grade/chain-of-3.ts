import type { Instance, TaskNode } from '../../src/contracts/instance.ts'
import type { Value } from '../../src/values.ts'

/** A hand-built chain t1 → t2 → t3 (target): 5 ↦ 10 ↦ 13 ↦ 26. */
export function chainOf3(): Instance {
  const task = (n: number, from: string | null, input: Value, output: Value): TaskNode => ({
    id: `t${n}`,
    number: n,
    family: 'math',
    template: `T${n}`,
    inputKind: 'scalar',
    outputKind: 'scalar',
    source: { node: from, name: `task_${n}_input` },
    input,
    params: {},
    output,
  })
  return {
    schema: 'arbigraph.instance/1',
    id: 'chain/math/T3#0',
    topology: { name: 'chain', options: { length: 3 } },
    categories: ['math'],
    seed: 'test',
    sample: 0,
    task: 'T3',
    family: 'math',
    staticInputs: [{ node: 't1', name: 'task_1_input', value: 5n }],
    nodes: [task(1, null, 5n, 10n), task(2, 't1', 10n, 13n), task(3, 't2', 13n, 26n)],
    junctions: [],
    targets: ['t3'],
    outputs: ['task_1_out', 'task_2_out', 'task_3_out'],
    prompt: 'Task 1 … task_1_out … task_2_out … task_3_out',
  }
}
