/**
 * A small builder for skeletons, so a topology reads like its shape: add task slots and
 * pick/pack junctions in prompt order, wiring each one to the nodes it reads from, then name the
 * target(s). Node insertion order is significant: it breaks ties in the task numbering, so add
 * nodes in the order the tasks should appear. The builder only checks wiring (unknown or
 * duplicate ids); structural rules live in `validateSkeleton`.
 */
import graphology from 'graphology'
import type { Skeleton, SlotAttributes, TaskSlot } from '../contracts/skeleton.ts'
import { ArbigraphError } from '../errors.ts'

/** What a task slot pins, plus the node its single input comes from. */
export type TaskSlotOptions = Omit<TaskSlot, 'type'> & { from?: string }

export interface SkeletonBuilder {
  /** The graph under construction (live: later calls keep changing it). */
  readonly graph: Skeleton
  /** Adds a task slot reading from `from` (a task or a junction), or a root when absent. */
  task(id: string, options?: TaskSlotOptions): SkeletonBuilder
  /** Adds a pick junction: element `index` of the list output of `from`. */
  pick(id: string, options: { from: string; index: number }): SkeletonBuilder
  /** Adds a pack junction; `from[i]` fills slot i of the packed list. */
  pack(id: string, options: { from: readonly string[] }): SkeletonBuilder
  /** Declares the graded node(s) and returns the finished skeleton. */
  target(...ids: string[]): Skeleton
}

const fail = (message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `graph/createSkeleton: ${message}`)
}

/**
 * Starts an empty skeleton.
 * @example
 * const g = createSkeleton()
 * g.task('t1').pick('p1', { from: 't1', index: 0 }).task('t2', { from: 'p1' })
 * const skeleton = g.target('t2')
 */
export function createSkeleton(): SkeletonBuilder {
  const graph: Skeleton = new graphology.DirectedGraph()
  graph.replaceAttributes({ targets: [] })
  // graphology checks ids itself; ours only run on failure, to word the error (10⁴-node builds).
  const add = (id: string, attributes: SlotAttributes) => {
    if (typeof id !== 'string' || id === '')
      fail(`node ids must be non-empty strings, got ${JSON.stringify(id)}`)
    try {
      graph.addNode(id, attributes)
    } catch (error) {
      if (graph.hasNode(id)) fail(`node "${id}" is added twice; node ids must be unique`)
      throw error
    }
  }
  const link = (from: string, to: string, slot?: number) => {
    try {
      graph.addDirectedEdge(from, to, slot === undefined ? {} : { slot })
    } catch (error) {
      if (!graph.hasNode(from))
        fail(`node "${to}" reads from "${from}", which is not added yet; add nodes in order`)
      throw error
    }
  }
  const builder: SkeletonBuilder = {
    graph,
    task(id, options = {}) {
      const { from, ...slot } = options
      add(id, { type: 'task', ...slot })
      if (from !== undefined) link(from, id)
      return builder
    },
    pick(id, { from, index }) {
      add(id, { type: 'pick', index })
      link(from, id)
      return builder
    },
    pack(id, { from }) {
      add(id, { type: 'pack' })
      for (const [slot, source] of from.entries()) link(source, id, slot)
      return builder
    },
    target(...ids) {
      for (const id of ids) if (!graph.hasNode(id)) fail(`target "${id}" is not a node`)
      graph.setAttribute('targets', ids)
      return graph
    },
  }
  return builder
}
