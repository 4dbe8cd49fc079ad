/**
 * Prompt order on a skeleton index: the same order `topologicalOrder` gives the graph (tasks in
 * insertion order when every edge points forward, each junction just before the task it feeds),
 * as node positions. A graph-made index whose edges do not all point forward is ordered by its
 * graph (Kahn order needs the global edge order, which an index does not keep).
 */

import { type SkeletonIndex, skeletonGraph } from './skeleton-index.ts'
import { topologicalOrder } from './topological-order.ts'

/** Whether every edge points from an earlier node to a later one. */
export function edgesPointForward(index: SkeletonIndex): boolean {
  const { start, to } = index.inputs
  for (let i = 0; i < index.ids.length; i++)
    for (let e = start[i]!; e < start[i + 1]!; e++) if (to[e]! >= i) return false
  return true
}

/**
 * Node positions in prompt order.
 * @example Array.from(promptOrder(indexSkeleton(skeleton)), (i) => index.ids[i]) // ['t1', 'p0', 't2']
 */
export function promptOrder(index: SkeletonIndex): Int32Array {
  const { ids, slots, inputs, readers } = index
  if (!edgesPointForward(index)) {
    const position = new Map<string, number>()
    for (let i = 0; i < ids.length; i++) position.set(ids[i]!, i)
    const graph = index.graph ?? skeletonGraph(index)
    return Int32Array.from(topologicalOrder(graph), (id) => position.get(id)!)
  }
  const order = new Int32Array(ids.length)
  let size = 0
  // Only junctions can come up twice (an invalid one feeding two tasks).
  // Written out rather than a closure: V8 optimizes each new closure anew, one per skeleton.
  const printed = new Uint8Array(ids.length)
  for (let i = 0; i < ids.length; i++) {
    if (slots[i]!.type === 'task') {
      for (let e = inputs.start[i]!; e < inputs.start[i + 1]!; e++) {
        const source = inputs.to[e]!
        if (slots[source]!.type !== 'task' && printed[source] === 0) {
          order[size++] = source
          printed[source] = 1
        }
      }
      order[size++] = i
      printed[i] = 1
      continue
    }
    let feedsTask = false
    for (let e = readers.start[i]!; e < readers.start[i + 1]! && !feedsTask; e++)
      feedsTask = slots[readers.to[e]!]!.type === 'task'
    // An invalid junction without a task to feed: still listed once.
    if (!feedsTask && printed[i] === 0) {
      order[size++] = i
      printed[i] = 1
    }
  }
  return order.subarray(0, size)
}
