/**
 * One record's node trials under the conditions: for every requested output, whether it was right
 * in-graph, isolated and chained (undefined where the condition did not run), its depth and its
 * evidence label. Read from the record's wire form: verdicts are plain strings there.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Evidence } from '../contracts/conditions.ts'

/** One node of one trial. */
export interface NodeTrial {
  node: string
  /** The in-graph output name, task_N_out. */
  name: string
  depth: number
  inGraph: boolean
  isolated: boolean | undefined
  chained: boolean | undefined
  evidence: Evidence | undefined
}

/**
 * The node trials of a record; empty when it has no grade or ran no condition besides in-graph.
 * @example conditionPairs(record).map((t) => t.isolated) // [true, true, false, true]
 */
export function conditionPairs(record: CaseRecord): NodeTrial[] {
  if (!record.grade || !record.conditions) return []
  const inGraph = new Map(record.grade.nodes.map((node) => [node.node, node.verdict === 'correct']))
  return record.conditions.nodes.map((node) => ({
    node: node.node,
    name: node.name,
    depth: node.depth,
    inGraph: inGraph.get(node.node) ?? false,
    isolated: node.isolated ? node.isolated.verdict === 'correct' : undefined,
    chained: node.chained ? node.chained.verdict === 'correct' : undefined,
    evidence: node.evidence ?? undefined,
  }))
}
