/**
 * The task nodes a node depends on, following input links backwards through junctions: a task's
 * `source.node` names a task or a junction, a junction's `sources` name tasks or junctions. Static
 * inputs have no source and end the walk. The result is in prompt order, so the first wrong one
 * is where an error entered the path.
 */
import type { Instance } from '../contracts/instance.ts'

/**
 * Ids of every task node upstream of `nodeId`, in prompt order (the node itself excluded).
 * @example upstreamTasks(chainOf3, 't3') // ['t1', 't2']
 */
export function upstreamTasks(instance: Instance, nodeId: string): string[] {
  const tasks = new Map(instance.nodes.map((node) => [node.id, node]))
  const junctions = new Map(instance.junctions.map((junction) => [junction.id, junction]))
  const seen = new Set<string>()
  const pending = [...parentsOf(nodeId)]
  function parentsOf(id: string): string[] {
    const task = tasks.get(id)
    if (task) return task.source.node === null ? [] : [task.source.node]
    return junctions.get(id)?.sources ?? []
  }
  while (pending.length > 0) {
    const id = pending.pop()!
    if (seen.has(id) || id === nodeId) continue
    seen.add(id)
    pending.push(...parentsOf(id))
  }
  return instance.nodes.filter((node) => seen.has(node.id)).map((node) => node.id)
}
