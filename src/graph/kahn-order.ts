/**
 * Kahn's topological sort in insertion order, the tie-breaking NetworkX 3.x uses: the first
 * generation is every node without inputs in node insertion order; each later generation holds
 * nodes in the order their last input is consumed, scanning the previous generation in order and
 * each node's successors in edge insertion order. Linear in nodes + edges.
 *
 * Why not graphology-dag's `topologicalSort`: it walks successors through graphology's per-node
 * adjacency objects, and JavaScript orders integer-like object keys ("2" before "10") ahead of
 * the others, so graphs with numeric ids (common in NetworkX files) come out in a different order
 * from the reference. The global edge list keeps true insertion order.
 *
 * Reference: A. B. Kahn, "Topological sorting of large networks" (1962); networkx
 * `topological_generations`.
 */
import type { Skeleton } from '../contracts/skeleton.ts'

/**
 * Node ids in Kahn order. On a cyclic graph the result is shorter than `graph.order`: the nodes
 * on or downstream of a cycle are missing.
 * @example kahnOrder(createSkeleton().task('a').task('b', { from: 'a' }).target('b')) // ['a', 'b']
 */
export function kahnOrder(graph: Skeleton): string[] {
  const ids = graph.nodes()
  const index = new Map<string, number>()
  for (const [i, id] of ids.entries()) index.set(id, i)
  const inDegree = new Int32Array(ids.length)
  // Successor lists as a CSR layout: two passes over the edges, no per-node arrays.
  const outStart = new Int32Array(ids.length + 1)
  graph.forEachEdge((_edge, _attributes, source, target) => {
    outStart[index.get(source)! + 1]!++
    inDegree[index.get(target)!]!++
  })
  for (let i = 0; i < ids.length; i++) outStart[i + 1]! += outStart[i]!
  const fill = outStart.slice(0, ids.length)
  const successors = new Int32Array(graph.size)
  graph.forEachEdge((_edge, _attributes, source, target) => {
    successors[fill[index.get(source)!]!++] = index.get(target)!
  })
  const queue = new Int32Array(ids.length)
  let tail = 0
  for (let i = 0; i < ids.length; i++) if (inDegree[i] === 0) queue[tail++] = i
  for (let head = 0; head < tail; head++) {
    const node = queue[head]!
    for (let e = outStart[node]!; e < outStart[node + 1]!; e++) {
      const next = successors[e]!
      if (--inDegree[next]! === 0) queue[tail++] = next
    }
  }
  return Array.from(queue.subarray(0, tail), (i) => ids[i]!)
}
