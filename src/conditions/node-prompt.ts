/**
 * The prompt of one task node asked alone: exactly the baseline prompt of its template — one
 * `Define task_1_input = <value>.` line, the template's block as `Task 1:`, the answer
 * instruction for `task_1_out` — with the node's own parameters and the given input value. It is
 * built from the instance and the registry through the ordinary renderer, so every category
 * renders its nodes alone the way it renders a baseline instance, with nothing category-specific
 * here. Renumbering to task 1 is what makes it a baseline prompt; templates derive every name
 * from the number (Python renames its function per task), so the renumbered block stays
 * consistent.
 */
import type { Instance, TaskNode } from '../contracts/instance.ts'
import type { Registry } from '../registry.ts'
import { renderPrompt } from '../render/render-prompt.ts'
import type { Value } from '../values.ts'

/** The one output a node prompt asks for. */
export const NODE_OUTPUT = 'task_1_out'
const NODE_INPUT = 'task_1_input'

/**
 * The node as a one-task instance with `input` as its static input and `expected` as its truth:
 * what the grader and the simulator's case book read.
 * @example nodeInstance(instance, instance.nodes[2], 7n, 12n, registry).prompt // 'Define task_1_input = 7.\n\nTask 1:\n…'
 */
export function nodeInstance(
  instance: Instance,
  node: TaskNode,
  input: Value,
  expected: Value,
  registry: Registry,
): Instance {
  const alone: TaskNode = {
    ...node,
    number: 1,
    source: { node: null, name: NODE_INPUT },
    input,
    output: expected,
  }
  const draft = {
    schema: instance.schema,
    id: `${instance.id}@${node.id}`,
    topology: { name: 'baseline', options: {} },
    categories: [node.family],
    seed: instance.seed,
    sample: instance.sample,
    task: node.template,
    family: node.family,
    staticInputs: [{ node: node.id, name: NODE_INPUT, value: input }],
    nodes: [alone],
    junctions: [],
    targets: [node.id],
    outputs: [NODE_OUTPUT],
  }
  return { ...draft, prompt: renderPrompt(draft, registry, 'single') }
}
