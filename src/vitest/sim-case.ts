/**
 * The simulator's view of an instance: the exact first user message, every requested output as
 * a Python repr, each output's dependency depth (how many tasks sit upstream of it on the
 * longest path, junctions not counted) and the target names. Personas answer from this, so the
 * simulated endpoint can be right (oracle), wrong in realistic ways (noisy: deeper nodes go
 * wrong more often) or faulty (chaos), without ever seeing our grader.
 */
import type { Instance } from '../contracts/instance.ts'
import { outputName } from '../grade/grade-instance.ts'
import type { SimCaseInput } from '../sim/case-book.ts'
import { pyRepr } from '../values.ts'

/**
 * Longest chain of task nodes feeding each task node (0 for a node fed by static input only).
 * @example taskDepths(chainInstance) // Map { 't1' => 0, 't2' => 1, 't3' => 2, 't4' => 3 }
 */
export function taskDepths(instance: Instance): Map<string, number> {
  const tasks = new Map(instance.nodes.map((node) => [node.id, node]))
  const junctions = new Map(instance.junctions.map((junction) => [junction.id, junction]))
  const memo = new Map<string, number>()
  // Depth of the value produced at `id`: a task counts itself, a junction passes its inputs on.
  const produced = (id: string | null, seen: Set<string>): number => {
    if (id === null) return -1
    if (seen.has(id)) return -1 // a cycle cannot occur in a valid instance; do not loop on a bad one
    const junction = junctions.get(id)
    if (junction) {
      const next = new Set(seen).add(id)
      return Math.max(-1, ...junction.sources.map((source) => produced(source, next)))
    }
    return tasks.has(id) ? depthOf(id, new Set(seen).add(id)) : -1
  }
  const depthOf = (id: string, seen: Set<string>): number => {
    const known = memo.get(id)
    if (known !== undefined) return known
    const depth = produced(tasks.get(id)!.source.node, seen) + 1
    memo.set(id, depth)
    return depth
  }
  for (const id of tasks.keys()) depthOf(id, new Set([id]))
  return memo
}

/**
 * The case to register with the simulator (`sim.register([...])` or `POST /arbigraph/cases`).
 * @example simCaseOf(instance).outputs // { task_1_out: '42', task_2_out: '[1, 2]' }
 */
export function simCaseOf(instance: Instance): SimCaseInput {
  const depths = taskDepths(instance)
  const outputs: Record<string, string> = {}
  const depth: Record<string, number> = {}
  for (const node of instance.nodes) {
    outputs[outputName(node)] = pyRepr(node.output)
    depth[outputName(node)] = depths.get(node.id) ?? 0
  }
  const targets = instance.nodes.filter((node) => instance.targets.includes(node.id)).map(outputName)
  return { prompt: instance.prompt, outputs, depth, targets }
}
