/**
 * One error for an invalid graph, shared by every boundary that rejects one. The code follows
 * the worst problem (a cycle, then structure, then kinds); the message lists every problem.
 */
import { ArbigraphError } from '../errors.ts'
import { formatSkeletonIssues } from './format-skeleton-issues.ts'
import type { SkeletonIssue } from './validate-skeleton.ts'

/**
 * @example throw skeletonError('graph/importNodeLink', 'graph file "g.json"', issues)
 */
export function skeletonError(
  origin: string,
  source: string,
  issues: readonly SkeletonIssue[],
): ArbigraphError {
  const code = issues.some((i) => i.code === 'ARBIGRAPH_CYCLE')
    ? 'ARBIGRAPH_CYCLE'
    : issues.some((i) => i.code === 'ARBIGRAPH_BAD_GRAPH')
      ? 'ARBIGRAPH_BAD_GRAPH'
      : 'ARBIGRAPH_KIND_MISMATCH'
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`
  return new ArbigraphError(
    code,
    `${origin}: ${source} is not a valid task graph (${count}):\n${formatSkeletonIssues(issues)}`,
  )
}
