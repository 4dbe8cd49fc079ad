/**
 * Prompt order: the order in which task blocks and junction sentences are printed; the task
 * slots in it are tasks 1..T. Tasks keep the skeleton's node insertion order whenever that order
 * is topological (every edge points forward): `createSkeleton` guarantees it, so each topology
 * numbers its tasks exactly as it adds them (multichain: flat segment, branch 0, branch 1, …, as
 * in the reference), and a standard-form graph file is numbered in its node order.
 * `importNodeLink` inserts the nodes of a reference file in NetworkX's Kahn order, so it is
 * numbered as the reference numbers it. Any other graph falls back to that Kahn order. Each
 * junction is printed immediately before the task it feeds. Linear in nodes + edges.
 *
 * Reference: spec §7.4 (multichain numbering), §7.5 (Kahn numbering of custom DAGs); the
 * reference prints junctions in their own Kahn generation, so all picks of a layer precede that
 * layer's tasks (§11 V5); we print each next to its reader instead.
 */
import type { Skeleton, SlotAttributes } from '../contracts/skeleton.ts'
import { ArbigraphError } from '../errors.ts'
import { findCycle } from './find-cycle.ts'
import { kahnOrder } from './kahn-order.ts'

/** Calls `visit` on every node in a topological order: insertion order when that is one. */
function forEachInOrder(graph: Skeleton, visit: (id: string, attributes: SlotAttributes) => void): void {
  const position = new Map<string, number>()
  graph.forEachNode((id) => position.set(id, position.size))
  const forward = !graph.someEdge(
    (_edge, _attributes, source, target) => position.get(source)! >= position.get(target)!,
  )
  // The node walk hands each node's attributes over, so the common case looks none up.
  if (forward) {
    graph.forEachNode(visit)
    return
  }
  const sorted = kahnOrder(graph)
  const cycle = findCycle(graph, sorted)
  if (cycle) {
    const names = [...cycle, cycle[0]].map((id) => `"${id}"`).join(' → ')
    throw new ArbigraphError(
      'ARBIGRAPH_CYCLE',
      `graph/topologicalOrder: the graph has a cycle ${names}; remove one of its edges`,
    )
  }
  for (const id of sorted) visit(id, graph.getNodeAttributes(id))
}

/**
 * Node ids in prompt order.
 * @example topologicalOrder(skeleton) // ['t1', 'p0', 't2', 'p1', 't3', 'k', 't4']
 */
export function topologicalOrder(graph: Skeleton): string[] {
  const order: string[] = []
  // Only junctions can come up twice (an invalid one feeding two tasks); each task is printed
  // once, at its own turn, so 10⁵ tasks need no set.
  const printed = new Set<string>()
  const print = (id: string) => {
    if (!printed.has(id)) order.push(id)
    printed.add(id)
  }
  forEachInOrder(graph, (id, attributes) => {
    if (attributes.type === 'task') {
      // A valid task reads at most one input, so at most one junction is waiting for it.
      if (graph.inDegree(id) > 0)
        graph.forEachInNeighbor(id, (source, attributes) => {
          if (attributes.type !== 'task') print(source)
        })
      order.push(id)
    } else if (!graph.someOutNeighbor(id, (_next, attributes) => attributes.type === 'task')) {
      print(id) // an invalid junction without a task to feed: still listed once
    }
  })
  return order
}
