/**
 * Validation of a skeleton index for the generator. An index made from a graph is validated as
 * that graph (`assertValidSkeleton`). An index a topology laid out directly is checked on its
 * arrays against the same rules (targets, inputs per node, pack slots, one task per junction,
 * pinned kinds); a graph breaking any of them is then converted and validated as a graph,
 * so its errors read exactly as a graph file's would. The array check is linear and allocates
 * little: it runs on every sample of a random topology.
 */
import type { SlotAttributes } from '../contracts/skeleton.ts'
import { assertValidSkeleton } from './assert-valid-skeleton.ts'
import { edgesPointForward } from './index-order.ts'
import { type SkeletonIndex, skeletonGraph } from './skeleton-index.ts'
import { MAX_PACK_INPUTS } from './validate-skeleton.ts'

const KIND_BIT = { scalar: 1, list: 2 } as const
const produced = (slot: SlotAttributes): number =>
  slot.type === 'task' ? (slot.outputKind ? KIND_BIT[slot.outputKind] : 0) : slot.type === 'pick' ? 1 : 2
const required = (slot: SlotAttributes): number =>
  slot.type === 'task' ? (slot.inputKind ? KIND_BIT[slot.inputKind] : 0) : slot.type === 'pick' ? 2 : 1

function nodesAreWellFormed(index: SkeletonIndex): boolean {
  const { slots, inputs, inputSlots, readers } = index
  const demand = new Uint8Array(slots.length)
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!
    const first = inputs.start[i]!
    const n = inputs.start[i + 1]! - first
    if (slot.type === 'task') {
      if (n > 1) return false
      if (slot.inputKind !== undefined && !(slot.inputKind in KIND_BIT)) return false
      if (slot.outputKind !== undefined && !(slot.outputKind in KIND_BIT)) return false
    } else if (slot.type === 'pick') {
      if (n !== 1 || !Number.isInteger(slot.index) || slot.index < 0) return false
    } else if (slot.type === 'pack') {
      if (n === 0 || n > MAX_PACK_INPUTS) return false
      let seen = 0
      for (let e = first; e < first + n; e++) {
        const s = inputSlots[e]!
        if (s < 0 || s >= n || (seen & (1 << s)) !== 0) return false
        seen |= 1 << s
      }
    } else return false
    if (slot.type !== 'task') {
      if (readers.start[i + 1]! - readers.start[i]! !== 1) return false
      if (slots[readers.to[readers.start[i]!]!]!.type !== 'task') return false
    }
    for (let e = first; e < first + n; e++) {
      const source = inputs.to[e]!
      const from = slots[source]!
      if (slot.type !== 'pack' && inputSlots[e]! >= 0) return false
      if (from.type !== 'task' && slot.type !== 'task') return false
      const need = required(slot)
      const out = produced(from)
      if (need === 0) continue
      if (out !== 0 && out !== need) return false
      if (out === 0) demand[source]! |= need
      if (demand[source] === 3) return false
    }
  }
  return true
}

function targetsAreTasks(index: SkeletonIndex): boolean {
  const seen = new Set(index.targets)
  return (
    index.targets.length > 0 &&
    seen.size === index.targets.length &&
    index.targets.every((t) => index.slots[t]?.type === 'task')
  )
}

/**
 * Returns the index when valid; throws what `assertValidSkeleton` throws for its graph otherwise.
 * @example assertValidIndex(random.index(options, rng), 'the sample skeleton')
 */
export function assertValidIndex(index: SkeletonIndex, source = 'the graph'): SkeletonIndex {
  if (index.graph) {
    assertValidSkeleton(index.graph, source)
    return index
  }
  const fine = targetsAreTasks(index) && edgesPointForward(index) && nodesAreWellFormed(index)
  // A stricter check than the graph's (e.g. a backward edge is fine in a graph): the graph
  // validator decides, and words the problems.
  if (!fine) assertValidSkeleton(skeletonGraph(index), source)
  return index
}
