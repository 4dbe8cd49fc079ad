/**
 * Skeleton: the shape of one task graph before templates and values are chosen.
 *
 * A directed graphology graph whose nodes are task slots or junctions. A task slot reads at most
 * one value; junctions change kind: `pick` takes element `index` of a list (list → scalar) and
 * `pack` combines scalars, ordered by edge `slot`, into a 10-element list (scalars → list). The
 * graph attributes name the target node(s). Topologies build skeletons; the generator fills them.
 */
import type { DirectedGraph } from 'graphology'
import type { Kind } from '../values.ts'

export interface TaskSlot {
  type: 'task'
  /** Pins the category; otherwise the generator chooses among the spec's categories. */
  family?: string
  /** Pins the template id (within `family`). */
  template?: string
  /** Pins the input kind (for roots: the kind of the static input drawn). */
  inputKind?: Kind
  /** Pins the output kind. */
  outputKind?: Kind
  /** The node's id in a user's graph file, kept for messages. */
  label?: string
}

export interface PickJunction {
  type: 'pick'
  index: number
  /** The node's id in a user's graph file, kept for messages. */
  label?: string
}

export interface PackJunction {
  type: 'pack'
  /** The node's id in a user's graph file, kept for messages. */
  label?: string
}

export type SlotAttributes = TaskSlot | PickJunction | PackJunction

export interface EdgeAttributes {
  /** Position of this input in a pack's list. */
  slot?: number
}

export interface SkeletonAttributes {
  /** Node ids whose outputs are graded as the answer. */
  targets: string[]
}

export type Skeleton = DirectedGraph<SlotAttributes, EdgeAttributes, SkeletonAttributes>
