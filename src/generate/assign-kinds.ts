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
 */
import type { Skeleton, SlotAttributes } from '../contracts/skeleton.ts'
import { ArbigraphError } from '../errors.ts'
import { firstInNeighbor } from '../graph/neighbors.ts'
import type { Rng } from '../rng.ts'
import type { Kind } from '../values.ts'

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
 * @example nodeName(skeleton, 't3') // '"producer"'
 */
export function nodeName(skeleton: Skeleton, node: string): string {
  const attributes = skeleton.getNodeAttributes(node)
  const label = attributes.type === 'task' ? attributes.label : undefined
  return `"${label ?? node}"`
}

const pairText = (pairs: readonly KindPair[]) =>
  pairs.length === 0 ? 'none' : pairs.map((p) => `${p.inputKind}->${p.outputKind}`).join(', ')

function unsatisfiable(skeleton: Skeleton, node: string, why: string): ArbigraphError {
  return new ArbigraphError(
    'ARBIGRAPH_UNSATISFIABLE',
    `node ${nodeName(skeleton, node)}: ${why}; change the graph's kinds, pins or categories`,
  )
}

/**
 * Kinds a junction accepts on its input, given what its successors accept. Junctions may feed
 * junctions (a pick of a packed list), so successors are looked up generically.
 */
function junctionAccepts(
  skeleton: Skeleton,
  node: string,
  attributes: SlotAttributes,
  accepts: Map<string, KindBits>,
): KindBits {
  if (skeleton.outDegree(node) === 0)
    throw unsatisfiable(skeleton, node, `the ${attributes.type} junction has no successor`)
  const yields: Kind = attributes.type === 'pick' ? 'scalar' : 'list'
  const refusing = skeleton.findOutNeighbor(
    node,
    (successor) => ((accepts.get(successor) ?? 0) & bit(yields)) === 0,
  )
  if (refusing !== undefined) {
    throw unsatisfiable(
      skeleton,
      node,
      `the ${attributes.type} junction yields a ${yields}, but its successor ${nodeName(skeleton, refusing)} cannot read one`,
    )
  }
  return bit(attributes.type === 'pick' ? 'list' : 'scalar')
}

/** The kind a task receives when a junction feeds it (a pick gives a scalar, a pack a list). */
function junctionYield(
  skeleton: Skeleton,
  node: string,
): { id: string; type: 'pick' | 'pack'; kind: Kind } | undefined {
  const source = firstInNeighbor(skeleton, node)
  if (source === undefined) return undefined
  const type = skeleton.getNodeAttribute(source, 'type')
  if (type === 'task') return undefined
  return { id: source, type, kind: type === 'pick' ? 'scalar' : 'list' }
}

/**
 * The backward pass: for every task slot, the pairs that lead to a consistent assignment of its
 * successors. Throws ARBIGRAPH_UNSATISFIABLE at the first node (in reverse order) left with none.
 * @example feasibleKinds(skeleton, order, allowed).get('t1') // [{ inputKind: 'scalar', outputKind: 'list' }]
 */
export function feasibleKinds(
  skeleton: Skeleton,
  order: readonly string[],
  allowed: ReadonlyMap<string, readonly KindPair[]>,
): Map<string, KindPair[]> {
  const feasible = new Map<string, KindPair[]>()
  // The kinds each node can read on its (single) input edge.
  const accepts = new Map<string, KindBits>()
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!
    const attributes = skeleton.getNodeAttributes(node)
    if (attributes.type !== 'task') {
      accepts.set(node, junctionAccepts(skeleton, node, attributes, accepts))
      continue
    }
    const own = allowed.get(node) ?? []
    const pinned = own.filter(
      (p) =>
        (attributes.inputKind ?? p.inputKind) === p.inputKind &&
        (attributes.outputKind ?? p.outputKind) === p.outputKind,
    )
    if (pinned.length === 0) {
      throw unsatisfiable(
        skeleton,
        node,
        `no template offers the pinned kinds ${attributes.inputKind ?? '*'}->${attributes.outputKind ?? '*'} (available: ${pairText(own)})`,
      )
    }
    let readable = BOTH
    if (skeleton.outDegree(node) > 0)
      skeleton.forEachOutNeighbor(node, (successor) => {
        readable &= accepts.get(successor) ?? 0
      })
    const fed = junctionYield(skeleton, node)
    const pairs = pinned.filter(
      (p) => (readable & bit(p.outputKind)) !== 0 && (fed === undefined || p.inputKind === fed.kind),
    )
    if (fed !== undefined && !pinned.some((p) => p.inputKind === fed.kind)) {
      throw unsatisfiable(
        skeleton,
        node,
        `it reads a ${fed.kind} from the ${fed.type} junction ${nodeName(skeleton, fed.id)}, but its possible kinds are ${pairText(pinned)}`,
      )
    }
    if (pairs.length === 0) {
      const readers = skeleton
        .outNeighbors(node)
        .map((s) => nodeName(skeleton, s))
        .join(', ')
      throw unsatisfiable(
        skeleton,
        node,
        `its successors (${readers}) accept ${readable ? kindsIn(readable).join(' or ') : 'no common kind'}, but its possible kinds are ${pairText(pinned)}`,
      )
    }
    feasible.set(node, pairs)
    let reads = 0
    for (const p of pairs) reads |= bit(p.inputKind)
    accepts.set(node, reads)
  }
  return feasible
}

/** The kind arriving at a task: from its predecessor task or junction; undefined for a root. */
function incomingKind(skeleton: Skeleton, node: string, chosen: Map<string, KindPair>): Kind | undefined {
  const source = firstInNeighbor(skeleton, node)
  if (source === undefined) return undefined
  const attributes = skeleton.getNodeAttributes(source)
  if (attributes.type === 'pick') return 'scalar'
  if (attributes.type === 'pack') return 'list'
  return chosen.get(source)!.outputKind
}

/**
 * The forward pass: in `order`, each task takes a feasible pair, chosen with `rng`, whose input
 * kind is what actually arrives (any feasible pair for a root).
 * @example chooseKinds(skeleton, order, feasibleKinds(skeleton, order, allowed), rng).get('t1')
 */
export function chooseKinds(
  skeleton: Skeleton,
  order: readonly string[],
  feasible: ReadonlyMap<string, readonly KindPair[]>,
  rng: Rng,
): Map<string, KindPair> {
  const chosen = new Map<string, KindPair>()
  for (const node of order) {
    const pairs = feasible.get(node)
    if (pairs === undefined) continue
    const arriving = incomingKind(skeleton, node, chosen)
    const options = arriving === undefined ? pairs : pairs.filter((p) => p.inputKind === arriving)
    // Non-empty by construction: the predecessor only chose outputs every successor accepts.
    chosen.set(node, rng.choice(options))
  }
  return chosen
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
  return chooseKinds(skeleton, order, feasibleKinds(skeleton, order, allowed), rng)
}
