/**
 * Finds one directed cycle, so an error can name its nodes instead of just saying "cyclic".
 * Every node that Kahn's sort cannot place has an unplaced input, so walking backwards through
 * unplaced inputs must revisit a node; the revisited stretch is a cycle. Linear time.
 */
import type { Skeleton } from '../contracts/skeleton.ts'
import { kahnOrder } from './kahn-order.ts'

/**
 * The node ids of one cycle in edge direction (first node not repeated), or `null` when acyclic.
 * @example findCycle(graph) // ['a', 'b', 'c'] for a → b → c → a
 */
export function findCycle(graph: Skeleton, placed: readonly string[] = kahnOrder(graph)): string[] | null {
  if (placed.length === graph.order) return null
  const done = new Set(placed)
  let node = graph.findNode((id) => !done.has(id))!
  const step = new Map<string, number>()
  const walk: string[] = []
  while (!step.has(node)) {
    step.set(node, walk.length)
    walk.push(node)
    node = graph.findInNeighbor(node, (id) => !done.has(id))!
  }
  return walk.slice(step.get(node)).reverse()
}
