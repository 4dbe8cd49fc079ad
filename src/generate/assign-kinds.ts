/**
 * Kind assignment: choose an (input kind, output kind) pair for every task slot so that every
 * edge carries a value its reader accepts, before any template is drawn.
 *
 * A task reads at most one value, so the kinds a node can take depend only on its successors:
 * one backward pass in reverse topological order computes, per node, the pairs that some
 * completion accepts (a `pick` needs a list and hands its successor a scalar; a `pack` needs
 * scalars and hands its successor a list). A forward pass then chooses with the RNG among the
 * feasible pairs whose input kind matches what actually arrives; it can never get stuck, so there
 * is no backtracking (the reference searches layouts exhaustively: reference spec §7.4, §11 P1).
 * Both passes run on a skeleton index (node positions); `feasibleKinds`, `chooseKinds` and
 * `assignKinds` are their forms over a graph and node ids.
 */
import type { Skeleton, SlotAttributes, TaskSlot } from '../contracts/skeleton.ts'
import { ArbigraphError } from '../errors.ts'
import { firstInput, indexSkeleton, readerCount, type SkeletonIndex } from '../graph/skeleton-index.ts'
import type { Rng } from '../rng.ts'
import type { Kind } from '../values.ts'
import { pinText } from './template-pool.ts'

/** One (input kind, output kind) pair a task slot may take. */
export interface KindPair {
  inputKind: Kind
  outputKind: Kind
}

const KINDS: readonly Kind[] = ['scalar', 'list']

/**
 * Sets of kinds as bits (scalar 1, list 2): the backward pass runs over every node of 10⁵-task
 * graphs, once per target template checked, and a `Set` per node and successor was its cost.
 */
type KindBits = number
const BOTH: KindBits = 3
const bit = (kind: Kind): KindBits => (kind === 'scalar' ? 1 : 2)
const kindsIn = (bits: KindBits): Kind[] => KINDS.filter((kind) => (bits & bit(kind)) !== 0)

/**
 * A readable name for a node in messages: the user's label when it has one.
 * @example nodeName(index, 3) // '"producer"'
 */
export function nodeName(index: SkeletonIndex, node: number): string {
  const attributes = index.slots[node]!
  const label = attributes.type === 'task' ? attributes.label : undefined
  return `"${label ?? index.ids[node]}"`
}

const pairText = (pairs: readonly KindPair[]) =>
  pairs.length === 0 ? 'none' : pairs.map((p) => `${p.inputKind}->${p.outputKind}`).join(', ')

/** What narrowed a task slot's kinds, for messages: its pin, its declared kinds, or nothing. */
function narrowedBy(attributes: TaskSlot): string {
  if (attributes.template !== undefined) return `, set by its pinned ${pinText(attributes.template)}`
  if (attributes.inputKind === undefined && attributes.outputKind === undefined) return ''
  return `, narrowed by its declared kinds ${attributes.inputKind ?? '*'}->${attributes.outputKind ?? '*'}`
}

function unsatisfiable(index: SkeletonIndex, node: number, why: string): ArbigraphError {
  return new ArbigraphError(
    'ARBIGRAPH_UNSATISFIABLE',
    `node ${nodeName(index, node)}: ${why}; change the graph's kinds, pins or categories`,
  )
}

/**
 * Kinds a junction accepts on its input, given what its successors accept. Junctions may feed
 * junctions (a pick of a packed list), so successors are looked up generically.
 */
function junctionAccepts(
  index: SkeletonIndex,
  node: number,
  attributes: SlotAttributes,
  accepts: Uint8Array,
): KindBits {
  if (readerCount(index, node) === 0)
    throw unsatisfiable(index, node, `the ${attributes.type} junction has no successor`)
  const yields: Kind = attributes.type === 'pick' ? 'scalar' : 'list'
  const { start, to } = index.readers
  for (let e = start[node]!; e < start[node + 1]!; e++) {
    const successor = to[e]!
    if ((accepts[successor]! & bit(yields)) === 0)
      throw unsatisfiable(
        index,
        node,
        `the ${attributes.type} junction yields a ${yields}, but its successor ${nodeName(index, successor)} cannot read one`,
      )
  }
  return bit(attributes.type === 'pick' ? 'list' : 'scalar')
}

/** The kind a task receives when a junction feeds it (a pick gives a scalar, a pack a list). */
function junctionYield(
  index: SkeletonIndex,
  node: number,
): { id: number; type: 'pick' | 'pack'; kind: Kind } | undefined {
  const source = firstInput(index, node)
  if (source < 0) return undefined
  const type = index.slots[source]!.type
  if (type === 'task') return undefined
  return { id: source, type, kind: type === 'pick' ? 'scalar' : 'list' }
}

/** Feasible pairs by node position (undefined for junctions). */
export type KindTable = (readonly KindPair[] | undefined)[]

/**
 * The backward pass on an index: for every task slot, the pairs that lead to a consistent
 * assignment of its successors. Throws ARBIGRAPH_UNSATISFIABLE at the first node (in reverse
 * order) left with none.
 * @example feasibleKindsOf(index, order, allowed)[0] // [{ inputKind: 'scalar', outputKind: 'list' }]
 */
export function feasibleKindsOf(
  index: SkeletonIndex,
  order: ArrayLike<number>,
  allowed: readonly (readonly KindPair[] | undefined)[],
): KindTable {
  const feasible: KindTable = new Array(index.ids.length)
  // The kinds each node can read on its (single) input edge.
  const accepts = new Uint8Array(index.ids.length)
  const { start, to } = index.readers
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!
    const attributes = index.slots[node]!
    if (attributes.type !== 'task') {
      accepts[node] = junctionAccepts(index, node, attributes, accepts)
      continue
    }
    const own = allowed[node] ?? []
    const pinned =
      attributes.inputKind === undefined && attributes.outputKind === undefined
        ? own
        : own.filter(
            (p) =>
              (attributes.inputKind ?? p.inputKind) === p.inputKind &&
              (attributes.outputKind ?? p.outputKind) === p.outputKind,
          )
    if (pinned.length === 0) {
      const declared = `${attributes.inputKind ?? '*'}->${attributes.outputKind ?? '*'}`
      throw unsatisfiable(
        index,
        node,
        attributes.template === undefined
          ? `no template offers the declared kinds ${declared} (available: ${pairText(own)})`
          : `its declared kinds ${declared} contradict its pinned ${pinText(attributes.template)}, which takes ${pairText(own)}`,
      )
    }
    let readable = BOTH
    for (let e = start[node]!; e < start[node + 1]!; e++) readable &= accepts[to[e]!]!
    const fed = junctionYield(index, node)
    const pairs =
      pinned === own ? fittingPairs(own, readable, fed?.kind) : fitting(pinned, readable, fed?.kind)
    if (fed !== undefined && !pinned.some((p) => p.inputKind === fed.kind)) {
      throw unsatisfiable(
        index,
        node,
        `it reads a ${fed.kind} from the ${fed.type} junction ${nodeName(index, fed.id)}, but its possible kinds are ${pairText(pinned)}${narrowedBy(attributes)}`,
      )
    }
    if (pairs.length === 0) {
      const readers: string[] = []
      for (let e = start[node]!; e < start[node + 1]!; e++) readers.push(nodeName(index, to[e]!))
      throw unsatisfiable(
        index,
        node,
        `its successors (${readers.join(', ')}) accept ${readable ? kindsIn(readable).join(' or ') : 'no common kind'}, but its possible kinds are ${pairText(pinned)}${narrowedBy(attributes)}`,
      )
    }
    feasible[node] = pairs
    let reads = 0
    for (const p of pairs) reads |= bit(p.inputKind)
    accepts[node] = reads
  }
  return feasible
}

/**
 * The pairs of a slot's list (shared by every slot of its family) that write a kind its readers
 * accept and read what its junction yields, filtered once per list and question: as a fresh
 * array per node and sample, each was a new key of `pairsReading`'s cache, and the arrays and
 * the cache's entries lived through the young generation's collections (10⁴-task graphs: a
 * tenth of what survived them).
 */
const fittingOf = new WeakMap<readonly KindPair[], (readonly KindPair[])[]>()

function fittingPairs(
  pairs: readonly KindPair[],
  readable: number,
  fed: Kind | undefined,
): readonly KindPair[] {
  let byQuestion = fittingOf.get(pairs)
  if (byQuestion === undefined) {
    byQuestion = []
    fittingOf.set(pairs, byQuestion)
  }
  const question = readable * 3 + (fed === undefined ? 0 : fed === 'scalar' ? 1 : 2)
  return (byQuestion[question] ??= fitting(pairs, readable, fed))
}

/** The pairs that write a kind in `readable` and read `fed` (any kind when undefined). */
const fitting = (pairs: readonly KindPair[], readable: number, fed: Kind | undefined): KindPair[] =>
  pairs.filter((p) => (readable & bit(p.outputKind)) !== 0 && (fed === undefined || p.inputKind === fed))

/**
 * The pairs of a feasible list reading `kind`, filtered once per list: the forward pass runs on
 * every attempt at every node, over lists made once per sample plan.
 */
const readingOf = new WeakMap<
  readonly KindPair[],
  { scalar?: readonly KindPair[]; list?: readonly KindPair[] }
>()

function pairsReading(pairs: readonly KindPair[], kind: Kind): readonly KindPair[] {
  let byKind = readingOf.get(pairs)
  if (byKind === undefined) {
    byKind = {}
    readingOf.set(pairs, byKind)
  }
  return (byKind[kind] ??= pairs.filter((p) => p.inputKind === kind))
}

/**
 * The forward pass on an index: in `order`, each task takes a feasible pair, chosen with `rng`,
 * whose input kind is what actually arrives (any feasible pair for a root).
 * @example chooseKindsOf(index, order, feasibleKindsOf(index, order, allowed), rng)[0]
 */
export function chooseKindsOf(
  index: SkeletonIndex,
  order: ArrayLike<number>,
  feasible: readonly (readonly KindPair[] | undefined)[],
  rng: Rng,
): (KindPair | undefined)[] {
  const chosen: (KindPair | undefined)[] = new Array(index.ids.length)
  for (let i = 0; i < order.length; i++) {
    const node = order[i]!
    const pairs = feasible[node]
    if (pairs === undefined) continue
    const source = firstInput(index, node)
    const from = source < 0 ? undefined : index.slots[source]!.type
    const arriving: Kind | undefined =
      from === undefined
        ? undefined
        : from === 'pick'
          ? 'scalar'
          : from === 'pack'
            ? 'list'
            : chosen[source]!.outputKind
    // Non-empty by construction: the predecessor only chose outputs every successor accepts.
    chosen[node] = rng.choice(arriving === undefined ? pairs : pairsReading(pairs, arriving))
  }
  return chosen
}

/** A graph, node-id order and allowed pairs as an index, positions and a table. */
function onIndex(
  skeleton: Skeleton,
  order: readonly string[],
  byId: ReadonlyMap<string, readonly KindPair[] | undefined>,
) {
  const index = indexSkeleton(skeleton)
  const position = new Map(index.ids.map((id, i) => [id, i]))
  const table = index.ids.map((id) => byId.get(id))
  return { index, positions: order.map((id) => position.get(id)!), table }
}

const byNode = <T>(index: SkeletonIndex, table: readonly (T | undefined)[]): Map<string, T> => {
  const out = new Map<string, T>()
  table.forEach((value, i) => {
    if (value !== undefined) out.set(index.ids[i]!, value)
  })
  return out
}

/**
 * The backward pass over a graph: feasible pairs of each task slot, by node id.
 * @example feasibleKinds(skeleton, order, allowed).get('t1') // [{ inputKind: 'scalar', outputKind: 'list' }]
 */
export function feasibleKinds(
  skeleton: Skeleton,
  order: readonly string[],
  allowed: ReadonlyMap<string, readonly KindPair[]>,
): Map<string, readonly KindPair[]> {
  const { index, positions, table } = onIndex(skeleton, order, allowed)
  return byNode(index, feasibleKindsOf(index, positions, table))
}

/**
 * The forward pass over a graph, by node id.
 * @example chooseKinds(skeleton, order, feasibleKinds(skeleton, order, allowed), rng).get('t1')
 */
export function chooseKinds(
  skeleton: Skeleton,
  order: readonly string[],
  feasible: ReadonlyMap<string, readonly KindPair[]>,
  rng: Rng,
): Map<string, KindPair> {
  const { index, positions, table } = onIndex(skeleton, order, feasible)
  return byNode(index, chooseKindsOf(index, positions, table, rng))
}

/**
 * Backward feasibility, then the forward pass. `order` is any topological order of every node;
 * `allowed` lists each task slot's pairs.
 * @example assignKinds(skeleton, order, allowed, rng.split('kinds')).get('t2') // { inputKind: 'list', outputKind: 'scalar' }
 */
export function assignKinds(
  skeleton: Skeleton,
  order: readonly string[],
  allowed: ReadonlyMap<string, readonly KindPair[]>,
  rng: Rng,
): Map<string, KindPair> {
  const { index, positions, table } = onIndex(skeleton, order, allowed)
  return byNode(index, chooseKindsOf(index, positions, feasibleKindsOf(index, positions, table), rng))
}
