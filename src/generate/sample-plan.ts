/**
 * Sample plan: everything about one sample's skeleton that does not change between attempts —
 * prompt order, task numbers, the name under which each node's value is printed, the kinds each
 * slot can feasibly take, and the pinned templates. Computing it once keeps each retry to the
 * random choices alone, and an impossible graph fails here, before any attempt is made. Every
 * table is by node position in the skeleton index (see graph/skeleton-index.ts).
 */
import type { TaskSlot } from '../contracts/skeleton.ts'
import type { TaskTemplate } from '../contracts/template.ts'
import { ArbigraphError } from '../errors.ts'
import { assertValidIndex } from '../graph/assert-valid-index.ts'
import { promptOrder } from '../graph/index-order.ts'
import { firstInput, firstReader, type SkeletonIndex } from '../graph/skeleton-index.ts'
import { feasibleKindsOf, type KindPair, type KindTable, nodeName } from './assign-kinds.ts'
import type { TemplatePool } from './template-pool.ts'

export interface SamplePlan {
  skeleton: SkeletonIndex
  /** Every node position in prompt order (junctions right before the task they feed). */
  order: Int32Array
  /** Task number of each task slot (1-based, prompt order); 0 for a junction. */
  numbers: Int32Array
  /** The printed name of each node's value: `task_{n}_out`, or `task_{n}_input` for a junction. */
  names: string[]
  /** Feasible kind pairs of each task slot (backward pass). */
  feasible: KindTable
  /** Templates pinned by the skeleton, by node. */
  pinned: (TaskTemplate | undefined)[]
  /** For a task feeding picks: the largest index they take (its output must be longer). */
  pickReach: ({ pick: number; index: number } | undefined)[]
}

/** The first task reached downstream of a junction (validated graphs feed one directly). */
function readerOf(skeleton: SkeletonIndex, junction: number): number {
  let node = junction
  for (let hops = 0; hops <= skeleton.ids.length; hops++) {
    const next = firstReader(skeleton, node)
    if (next < 0) break
    if (skeleton.slots[next]!.type === 'task') return next
    node = next
  }
  throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `junction ${nodeName(skeleton, junction)} feeds no task`)
}

function nameNodes(skeleton: SkeletonIndex, order: Int32Array, numbers: Int32Array): string[] {
  const names: string[] = new Array(skeleton.ids.length)
  for (const node of order) {
    const number = numbers[node]!
    names[node] = number !== 0 ? `task_${number}_out` : `task_${numbers[readerOf(skeleton, node)]}_input`
  }
  return names
}

function pickReach(skeleton: SkeletonIndex): SamplePlan['pickReach'] {
  const reach: SamplePlan['pickReach'] = new Array(skeleton.ids.length)
  skeleton.slots.forEach((attributes, node) => {
    if (attributes.type !== 'pick') return
    const source = firstInput(skeleton, node)
    if (source < 0) return
    const known = reach[source]
    if (!known || known.index < attributes.index) reach[source] = { pick: node, index: attributes.index }
  })
  return reach
}

/**
 * The kind pairs each task slot may take (pinned template, pinned family or all categories),
 * and the pinned templates, by node position.
 * @example slotKinds(index, order, pool).allowed[0]
 */
export function slotKinds(skeleton: SkeletonIndex, order: ArrayLike<number>, pool: TemplatePool) {
  const allowed: (KindPair[] | undefined)[] = new Array(skeleton.ids.length)
  const pinned: (TaskTemplate | undefined)[] = new Array(skeleton.ids.length)
  for (let i = 0; i < order.length; i++) {
    const node = order[i]!
    const attributes = skeleton.slots[node]!
    if (attributes.type !== 'task') continue
    // Only a pinned template can fail here, and only its message names the node.
    const where = attributes.template === undefined ? '' : nodeName(skeleton, node)
    const template = pool.pinned(attributes as TaskSlot, where)
    if (template) pinned[node] = template
    allowed[node] = pool.pairs(attributes, where)
  }
  return { allowed, pinned }
}

/**
 * Validates `skeleton` and computes its plan; throws ARBIGRAPH_UNSATISFIABLE when no kinds fit.
 * @example planSample(indexSkeleton(skeleton), createTemplatePool(registry, ['math'])).order
 */
export function planSample(skeleton: SkeletonIndex, pool: TemplatePool): SamplePlan {
  assertValidIndex(skeleton, 'the sample skeleton')
  const order = promptOrder(skeleton)
  const numbers = new Int32Array(skeleton.ids.length)
  let tasks = 0
  for (const node of order) if (skeleton.slots[node]!.type === 'task') numbers[node] = ++tasks
  const { allowed, pinned } = slotKinds(skeleton, order, pool)
  return {
    skeleton,
    order,
    numbers,
    names: nameNodes(skeleton, order, numbers),
    feasible: feasibleKindsOf(skeleton, order, allowed),
    pinned,
    pickReach: pickReach(skeleton),
  }
}
