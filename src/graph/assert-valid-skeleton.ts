/**
 * The throwing form of `validateSkeleton`, for boundaries that must stop on a bad graph (topology
 * builds, graph files).
 */
import type { Skeleton } from '../contracts/skeleton.ts'
import { skeletonError } from './skeleton-error.ts'
import { validateSkeleton } from './validate-skeleton.ts'

/**
 * Returns the graph when valid; throws ARBIGRAPH_CYCLE, ARBIGRAPH_BAD_GRAPH or
 * ARBIGRAPH_KIND_MISMATCH listing every problem otherwise. `source` names the graph.
 * @example assertValidSkeleton(chain.build({ length: 4 }, rng), 'topology "chain"')
 */
export function assertValidSkeleton(graph: Skeleton, source = 'the graph'): Skeleton {
  const issues = validateSkeleton(graph)
  if (issues.length > 0) throw skeletonError('graph/assertValidSkeleton', source, issues)
  return graph
}
