/**
 * Failure attribution from the context conditions: where isolated and chained ran, a wrong
 * in-graph node gets a label backed by what the model did on exactly this node outside the
 * graph, beside the heuristic `attribution` of src/grade/attribute.ts. First rule that applies:
 * 1. `local`: the node is wrong in isolation too (true inputs, short prompt): the model cannot
 *    do this task on these inputs, context or not.
 * 2. `propagated`: isolated is right, but an upstream error explains the in-graph failure: the
 *    chained answer is wrong (the model's own upstream answers, out of the long context, already
 *    lead it astray; an unchained node counts) or some upstream task is wrong in-graph.
 * 3. `interference`: isolated and chained are right and every upstream task is right in-graph:
 *    nothing but the long context itself explains the error.
 */
import type { ConditionNode, Evidence } from '../contracts/conditions.ts'
import type { InstanceGrade } from '../contracts/grade.ts'
import type { Instance } from '../contracts/instance.ts'
import { upstreamTasks } from './upstream.ts'

/**
 * The evidence label of every node (null for a node right in-graph; absent when isolated or
 * chained did not run for it).
 * @example conditionEvidence(instance, record.grade, nodes).get('t3') // 'propagated'
 */
export function conditionEvidence(
  instance: Instance,
  inGraph: InstanceGrade,
  nodes: readonly ConditionNode[],
): Map<string, Evidence | null> {
  const wrongInGraph = new Set(inGraph.nodes.filter((n) => n.verdict !== 'correct').map((n) => n.node))
  const labels = new Map<string, Evidence | null>()
  for (const node of nodes) {
    if (!node.isolated || !node.chained) continue
    if (!wrongInGraph.has(node.node)) labels.set(node.node, null)
    else if (node.isolated.verdict !== 'correct') labels.set(node.node, 'local')
    else if (
      node.chained.verdict !== 'correct' ||
      upstreamTasks(instance, node.node).some((id) => wrongInGraph.has(id))
    )
      labels.set(node.node, 'propagated')
    else labels.set(node.node, 'interference')
  }
  return labels
}
