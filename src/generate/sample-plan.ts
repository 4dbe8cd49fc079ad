/**
 * Sample plan: everything about one sample's skeleton that does not change between attempts —
 * prompt order, task numbers, the name under which each node's value is printed, the kinds each
 * slot can feasibly take, and the pinned templates. Computing it once keeps each retry to the
 * random choices alone, and an impossible graph fails here, before any attempt is made.
 */
import type { Skeleton, TaskSlot } from '../contracts/skeleton.ts'
import type { TaskTemplate } from '../contracts/template.ts'
import { ArbigraphError } from '../errors.ts'
import { assertValidSkeleton } from '../graph/assert-valid-skeleton.ts'
import { firstInNeighbor, firstOutNeighbor } from '../graph/neighbors.ts'
import { topologicalOrder } from '../graph/topological-order.ts'
import { feasibleKinds, type KindPair, nodeName } from './assign-kinds.ts'
import type { TemplatePool } from './template-pool.ts'

export interface SamplePlan {
  skeleton: Skeleton
  /** Every node id in prompt order (junctions right before the task they feed). */
  order: string[]
  /** Task number of each task slot (1-based, prompt order). */
  numbers: Map<string, number>
  /** The printed name of each node's value: `task_{n}_out`, or `task_{n}_input` for a junction. */
  names: Map<string, string>
  /** Feasible kind pairs of each task slot (backward pass). */
  feasible: Map<string, KindPair[]>
  /** Templates pinned by the skeleton, by node. */
  pinned: Map<string, TaskTemplate>
  /** For a task feeding picks: the largest index they take (its output must be longer). */
  pickReach: Map<string, { pick: string; index: number }>
}

/** The first task reached downstream of a junction (validated graphs feed one directly). */
function readerOf(skeleton: Skeleton, junction: string): string {
  let node = junction
  for (let hops = 0; hops <= skeleton.order; hops++) {
    const next = firstOutNeighbor(skeleton, node)
    if (next === undefined) break
    if (skeleton.getNodeAttribute(next, 'type') === 'task') return next
    node = next
  }
  throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `junction ${nodeName(skeleton, junction)} feeds no task`)
}

function nameNodes(
  skeleton: Skeleton,
  order: readonly string[],
  numbers: Map<string, number>,
): Map<string, string> {
  const names = new Map<string, string>()
  for (const node of order) {
    const number = numbers.get(node)
    names.set(
      node,
      number !== undefined ? `task_${number}_out` : `task_${numbers.get(readerOf(skeleton, node))}_input`,
    )
  }
  return names
}

function pickReach(skeleton: Skeleton): Map<string, { pick: string; index: number }> {
  const reach = new Map<string, { pick: string; index: number }>()
  skeleton.forEachNode((node, attributes) => {
    if (attributes.type !== 'pick') return
    const source = firstInNeighbor(skeleton, node)
    if (source === undefined) return
    const known = reach.get(source)
    if (!known || known.index < attributes.index) reach.set(source, { pick: node, index: attributes.index })
  })
  return reach
}

/**
 * The kind pairs each task slot may take (pinned template, pinned family or all categories),
 * and the pinned templates.
 * @example slotKinds(skeleton, order, pool).allowed.get('t1')
 */
export function slotKinds(skeleton: Skeleton, order: readonly string[], pool: TemplatePool) {
  const allowed = new Map<string, KindPair[]>()
  const pinned = new Map<string, TaskTemplate>()
  for (const node of order) {
    const attributes = skeleton.getNodeAttributes(node)
    if (attributes.type !== 'task') continue
    // Only a pinned template can fail here, and only its message names the node.
    const where = attributes.template === undefined ? '' : nodeName(skeleton, node)
    const template = pool.pinned(attributes as TaskSlot, where)
    if (template) pinned.set(node, template)
    allowed.set(node, pool.pairs(attributes, where))
  }
  return { allowed, pinned }
}

/**
 * Validates `skeleton` and computes its plan; throws ARBIGRAPH_UNSATISFIABLE when no kinds fit.
 * @example planSample(skeleton, createTemplatePool(registry, ['math'])).order
 */
export function planSample(skeleton: Skeleton, pool: TemplatePool): SamplePlan {
  assertValidSkeleton(skeleton, 'the sample skeleton')
  const order = topologicalOrder(skeleton)
  const numbers = new Map<string, number>()
  for (const node of order)
    if (skeleton.getNodeAttribute(node, 'type') === 'task') numbers.set(node, numbers.size + 1)
  const { allowed, pinned } = slotKinds(skeleton, order, pool)
  return {
    skeleton,
    order,
    numbers,
    names: nameNodes(skeleton, order, numbers),
    feasible: feasibleKinds(skeleton, order, allowed),
    pinned,
    pickReach: pickReach(skeleton),
  }
}
