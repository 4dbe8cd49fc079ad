/**
 * Skeleton index: a skeleton as flat arrays over node positions (insertion order) — the slot of
 * each node, its inputs and its readers as compressed adjacency (CSR), the targets — built once
 * per skeleton. The generator's passes (prompt order, kinds, filling) visit every node of
 * 10⁴–10⁵-node graphs several times per sample; on graphology's per-node neighbour objects and
 * string keys those visits, and building the graph itself, were about half of generating one.
 *
 * Neighbours are listed in graphology's own iteration order (per node, in the order graphology
 * hands them out), so every "first input" and every message listing neighbours is the same as
 * on the graph. An index made from a graph keeps that graph (`graph`), for the few passes that
 * need the global edge order (Kahn order, cycle reports) and for validation messages.
 */
import graphology from 'graphology'
import type { Skeleton, SlotAttributes, TaskSlot } from '../contracts/skeleton.ts'

/** Compressed adjacency: the neighbours of node i are `to[start[i]..start[i + 1])`. */
export interface Adjacency {
  readonly start: Int32Array
  readonly to: Int32Array
}

export interface SkeletonIndex {
  /** Node ids by position (insertion order). */
  readonly ids: readonly string[]
  /** Each node's slot (task or junction attributes), by position. */
  readonly slots: readonly SlotAttributes[]
  /** Each node's inputs (in-neighbours). */
  readonly inputs: Adjacency
  /** The pack slot of each input edge, parallel to `inputs.to` (-1 when the edge has none). */
  readonly inputSlots: Int32Array
  /** Each node's readers (out-neighbours). */
  readonly readers: Adjacency
  /** Positions of the target nodes, in declared order. */
  readonly targets: readonly number[]
  /**
   * The graph this index was made from, when it was made from one: its shape (nodes, edges,
   * their global order) and validity; a template pinned later (`pinTemplate`) is only in `slots`.
   */
  readonly graph?: Skeleton | undefined
}

/** One edge of a skeleton being laid out: `slot` only on an edge into a pack. */
export interface IndexEdge {
  from: number
  to: number
  slot?: number
}

/**
 * Compressed adjacency of `n` nodes from the first `count` edges `from[e] → to[e]`: each node's
 * neighbours in edge order.
 * @example adjacency(2, Int32Array.of(0), Int32Array.of(1), 1).to // Int32Array [1]
 */
export function adjacency(n: number, from: Int32Array, to: Int32Array, count: number): Adjacency {
  const start = new Int32Array(n + 1)
  for (let e = 0; e < count; e++) start[from[e]! + 1]!++
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!
  const fill = start.slice(0, n)
  const out = new Int32Array(count)
  for (let e = 0; e < count; e++) out[fill[from[e]!]!++] = to[e]!
  return { start, to: out }
}

/**
 * An index from node ids, slots and edges (a node's inputs and readers keep edge order).
 * @example compactSkeleton(['a', 'b'], [{ type: 'task' }, { type: 'task' }], Int32Array.of(0), Int32Array.of(1), Int32Array.of(-1), [1])
 */
export function compactSkeleton(
  ids: readonly string[],
  slots: readonly SlotAttributes[],
  from: Int32Array,
  to: Int32Array,
  edgeSlots: Int32Array,
  targets: readonly number[],
  graph?: Skeleton,
): SkeletonIndex {
  const n = ids.length
  const count = from.length
  const inputs = adjacency(n, to, from, count)
  // The slot of each input edge lands where its source landed in `inputs.to`.
  const inputSlots = new Int32Array(count)
  const fill = inputs.start.slice(0, n)
  for (let e = 0; e < count; e++) inputSlots[fill[to[e]!]!++] = edgeSlots[e]!
  return makeIndex(ids, slots, inputs, inputSlots, adjacency(n, from, to, count), targets, graph)
}

/**
 * Every index is made here, with the same fields in the same order: V8 then gives all of them
 * one shape, where indexes laid out, read from a graph and pinned had three, and code reading
 * them was thrown away and optimized again each time one of another shape came by.
 */
const makeIndex = (
  ids: readonly string[],
  slots: readonly SlotAttributes[],
  inputs: Adjacency,
  inputSlots: Int32Array,
  readers: Adjacency,
  targets: readonly number[],
  graph: Skeleton | undefined,
): SkeletonIndex => ({ ids, slots, inputs, inputSlots, readers, targets, graph })

/**
 * The index of a graphology skeleton; its neighbour lists follow graphology's iteration order.
 * @example indexSkeleton(chain.build({ length: 4 }, rng)).ids // ['t1', 't2', 't3', 't4']
 */
export function indexSkeleton(graph: Skeleton): SkeletonIndex {
  const ids = graph.nodes()
  const position = new Map<string, number>()
  for (let i = 0; i < ids.length; i++) position.set(ids[i]!, i)
  const slots = ids.map((id) => graph.getNodeAttributes(id))
  // Edges node by node in graphology's order, once as inputs and once as readers: each list
  // then matches what `forEachInEdge` and `forEachOutNeighbor` would visit.
  const size = graph.size
  const inStart = new Int32Array(ids.length + 1)
  const inputs = new Int32Array(size)
  const inputSlots = new Int32Array(size)
  const outStart = new Int32Array(ids.length + 1)
  const readers = new Int32Array(size)
  let e = 0
  let r = 0
  for (let i = 0; i < ids.length; i++) {
    graph.forEachInEdge(ids[i]!, (_edge, attributes, source) => {
      inputs[e] = position.get(source)!
      inputSlots[e++] = attributes.slot ?? -1
    })
    inStart[i + 1] = e
    graph.forEachOutNeighbor(ids[i]!, (reader) => {
      readers[r++] = position.get(reader)!
    })
    outStart[i + 1] = r
  }
  const declared: unknown = graph.getAttribute('targets')
  const targets = (Array.isArray(declared) ? declared : [])
    .map((id) => position.get(id))
    .filter((i): i is number => i !== undefined)
  return makeIndex(
    ids,
    slots,
    { start: inStart, to: inputs },
    inputSlots,
    { start: outStart, to: readers },
    targets,
    graph,
  )
}

/**
 * The graphology skeleton of an index: nodes in position order, each node's inputs in order.
 * @example skeletonGraph(random.index(options, rng)).order
 */
export function skeletonGraph(index: SkeletonIndex): Skeleton {
  const graph: Skeleton = new graphology.DirectedGraph()
  const { ids, slots, inputs, inputSlots } = index
  for (let i = 0; i < ids.length; i++) graph.addNode(ids[i]!, slots[i]!)
  for (let i = 0; i < ids.length; i++) {
    for (let e = inputs.start[i]!; e < inputs.start[i + 1]!; e++) {
      const slot = inputSlots[e]!
      graph.addDirectedEdge(ids[inputs.to[e]!]!, ids[i]!, slot < 0 ? {} : { slot })
    }
  }
  graph.replaceAttributes({ targets: index.targets.map((t) => ids[t]!) })
  return graph
}

/**
 * The same index with task `node` pinned to `template` of `family` (the graph, if any, stays: a
 * pin changes neither the shape nor what makes the graph valid).
 * @example pinTemplate(index, 3, 'math', 'DivisorSum')
 */
export function pinTemplate(
  index: SkeletonIndex,
  node: number,
  family: string,
  template: string,
): SkeletonIndex {
  const slots = index.slots.slice()
  slots[node] = pinnedSlot(slots[node] as TaskSlot, family, template)
  return makeIndex(
    index.ids,
    slots,
    index.inputs,
    index.inputSlots,
    index.readers,
    index.targets,
    index.graph,
  )
}

/**
 * A task slot with `family` and `template` added after its own fields. A slot a topology laid
 * out holds `type` alone, and that one is written as a literal, not spread: V8 gave each spread
 * copy a shape of its own, so every sample's one pinned slot had a shape the code walking the
 * slots had not met, and that code was thrown away and optimized again once per sample (10⁴ ×
 * 40: `nodesAreWellFormed` optimized 15 times, 6 after; 98 → 74 deopts in all).
 */
function pinnedSlot(slot: TaskSlot, family: string, template: string): TaskSlot {
  const keys = Reflect.ownKeys(slot)
  if (keys.length === 1 && keys[0] === 'type' && slot.type === 'task')
    return { type: 'task', family, template }
  return { ...slot, family, template }
}

/** The first input of node `i` (a task's or a pick's single input), or -1 for a root. */
export const firstInput = (index: SkeletonIndex, i: number): number =>
  index.inputs.start[i]! < index.inputs.start[i + 1]! ? index.inputs.to[index.inputs.start[i]!]! : -1

/** The first reader of node `i`, or -1 when nothing reads it. */
export const firstReader = (index: SkeletonIndex, i: number): number =>
  index.readers.start[i]! < index.readers.start[i + 1]! ? index.readers.to[index.readers.start[i]!]! : -1

/** How many nodes read node `i`. */
export const readerCount = (index: SkeletonIndex, i: number): number =>
  index.readers.start[i + 1]! - index.readers.start[i]!

/** How many inputs node `i` has. */
export const inputCount = (index: SkeletonIndex, i: number): number =>
  index.inputs.start[i + 1]! - index.inputs.start[i]!

/**
 * Whether two indexes describe the same skeleton (ids, slots, edges, targets).
 * @example sameSkeleton(indexSkeleton(a), indexSkeleton(b))
 */
export function sameSkeleton(a: SkeletonIndex, b: SkeletonIndex): boolean {
  const same = (x: Int32Array, y: Int32Array) => x.length === y.length && x.every((v, i) => v === y[i])
  return (
    JSON.stringify([a.ids, a.slots, a.targets]) === JSON.stringify([b.ids, b.slots, b.targets]) &&
    same(a.inputs.start, b.inputs.start) &&
    same(a.inputs.to, b.inputs.to) &&
    same(a.inputSlots, b.inputSlots)
  )
}
