/**
 * Neighbour look-ups without arrays: graphology's `inNeighbors(node)[0]` builds the whole list
 * to read one entry, and the generator asks for a task's (single) input once per node in each
 * of several passes over graphs of 10⁵ nodes. Same iteration order as the list forms.
 */
import type { Skeleton } from '../contracts/skeleton.ts'

const any = () => true

/**
 * The first in-neighbour of `node` (its input, for a task or a pick), or undefined for a root.
 * @example firstInNeighbor(skeleton, 't2') // 'p1'
 */
export const firstInNeighbor = (graph: Skeleton, node: string): string | undefined =>
  graph.findInNeighbor(node, any)

/**
 * The first out-neighbour of `node` (the reader of a junction), or undefined when none.
 * @example firstOutNeighbor(skeleton, 'p1') // 't2'
 */
export const firstOutNeighbor = (graph: Skeleton, node: string): string | undefined =>
  graph.findOutNeighbor(node, any)
