/**
 * Words for skeleton issues, one line each: `nodes[3] ("t4").input_kind: is "scalar", …`. The
 * node's name goes right after its position, so a reader can find it in the file either way.
 * Long lists are cut so a 10⁴-node mistake does not print 10⁴ lines.
 */
import { formatPath } from '../errors.ts'
import type { SkeletonIssue } from './validate-skeleton.ts'

/**
 * @example formatSkeletonIssues(validateSkeleton(graph)) // 'nodes[1] ("p1"): reads 2 inputs …'
 */
export function formatSkeletonIssues(issues: readonly SkeletonIssue[], limit = 20): string {
  const lines = issues.slice(0, limit).map((issue) => {
    let where = formatPath(issue.path)
    if (issue.node !== undefined && issue.path[0] === 'nodes' && typeof issue.path[1] === 'number') {
      const rest = formatPath(issue.path.slice(2))
      where = `nodes[${issue.path[1]}] ("${issue.node}")${rest === '' ? '' : `.${rest}`}`
    }
    return where === '' ? issue.message : `${where}: ${issue.message}`
  })
  if (issues.length > limit) lines.push(`… and ${issues.length - limit} more`)
  return lines.join('\n')
}
