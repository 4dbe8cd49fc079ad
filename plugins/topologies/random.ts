/**
 * Random DAG: a seeded, layered task graph of `nodes` task slots. Layers hold 1..`width` tasks and
 * no edges run inside a layer. Every task after the first layer reads 1..`fanIn` earlier tasks,
 * preferring the oldest task nobody reads yet (so few tasks are left dangling), then tasks of the
 * previous layer. One input is a direct edge or, with probability `pickRate`, a pick (element 0 or
 * 1 of a list); several inputs go through a pack. Targets are the sinks (tasks nobody reads), in
 * task order: every node then reaches a target by construction, with no artificial final node.
 *
 * Kinds are left to the generator, but the shape is always satisfiable: a task read by a pick is
 * never read by a pack (one output cannot be a list and a scalar), and every other kind pair is
 * in the math pool. Linear time. The generator takes the skeleton as an index laid out directly
 * (`index`): 10⁴ tasks (≈16k nodes, 21k edges) went into a graphology graph in 0.1–0.4 s, as
 * much as filling them; `build` makes the same graph from that index.
 */
import { z } from 'zod'
import type { SlotAttributes } from '../../src/contracts/skeleton.ts'
import { topology } from '../../src/contracts/topology.ts'
import { compactSkeleton, type SkeletonIndex, skeletonGraph } from '../../src/graph/skeleton-index.ts'
import type { Rng } from '../../src/rng.ts'

/** What a task's output must be, from the junctions that read it. */
// 0 (the initial value): read directly, or by nobody yet
const LIST = 1 // read by a pick
const SCALAR = 2 // read by a pack
const NONE = -1 // bans no role

export interface RandomOptions {
  nodes: number
  width?: number | undefined
  fanIn: number
  pickRate: number
}

/** Nodes and edges in the order a skeleton builder would add them. */
function layout() {
  const ids: string[] = []
  const slots: SlotAttributes[] = []
  const from: number[] = []
  const to: number[] = []
  const edgeSlots: number[] = []
  const add = (id: string, slot: SlotAttributes, inputs: readonly number[], packed = false): number => {
    const node = ids.length
    ids.push(id)
    slots.push(slot)
    for (let k = 0; k < inputs.length; k++) {
      from.push(inputs[k]!)
      to.push(node)
      edgeSlots.push(packed ? k : -1)
    }
    return node
  }
  const finish = (targets: number[]): SkeletonIndex =>
    compactSkeleton(
      ids,
      slots,
      Int32Array.from(from),
      Int32Array.from(to),
      Int32Array.from(edgeSlots),
      targets,
    )
  return { add, finish }
}

function layoutRandom(options: RandomOptions, rng: Rng): SkeletonIndex {
  const { nodes, fanIn, pickRate } = options
  const width = options.width ?? Math.ceil(Math.sqrt(nodes))
  const g = layout()
  // Node position of task i (tasks interleave with junctions).
  const at = new Int32Array(nodes)
  const role = new Uint8Array(nodes)
  const readers = new Uint32Array(nodes)
  const id = (i: number) => `t${i + 1}`
  let oldest = 0 // every task before this one already has a reader
  let previous = 0 // first task of the previous layer
  let layer = 0 // first task of the current layer
  let next = Math.min(nodes, rng.int(1, width)) // first task of the next layer
  const candidate = (banned: number, sources: readonly number[]): number => {
    while (oldest < layer && readers[oldest]! > 0) oldest++
    if (oldest < layer && role[oldest] !== banned && !sources.includes(oldest)) return oldest
    for (let tries = 0; tries < 4; tries++) {
      const i = tries < 2 ? rng.int(previous, layer - 1) : rng.below(layer)
      if (role[i] !== banned && !sources.includes(i)) return i
    }
    return -1
  }
  for (let i = 0; i < nodes; i++) {
    if (i === next) {
      ;[previous, layer, next] = [layer, i, Math.min(nodes, i + rng.int(1, width))]
    }
    if (layer === 0) {
      at[i] = g.add(id(i), { type: 'task' }, [])
      continue
    }
    const sources: number[] = []
    const want = fanIn > 1 ? Math.min(rng.int(1, fanIn), layer) : 1
    for (let k = 0; want > 1 && k < want; k++) {
      const source = candidate(LIST, sources)
      if (source >= 0) sources.push(source)
    }
    if (sources.length >= 2) {
      for (const source of sources) {
        role[source] = SCALAR
        readers[source]!++
      }
      const pack = g.add(
        `k${i + 1}`,
        { type: 'pack' },
        sources.map((s) => at[s]!),
        true,
      )
      at[i] = g.add(id(i), { type: 'task' }, [pack])
      continue
    }
    const source = sources[0] ?? candidate(NONE, sources)
    readers[source]!++
    if (role[source] !== SCALAR && rng.float() < pickRate) {
      role[source] = LIST
      const pick = g.add(`p${i + 1}`, { type: 'pick', index: rng.below(2) }, [at[source]!])
      at[i] = g.add(id(i), { type: 'task' }, [pick])
    } else at[i] = g.add(id(i), { type: 'task' }, [at[source]!])
  }
  const sinks: number[] = []
  for (let i = 0; i < nodes; i++) if (readers[i] === 0) sinks.push(at[i]!)
  return g.finish(sinks)
}

/**
 * @example random.build(random.options.parse({ nodes: 10_000 }), createRng(7).split('random')).order
 * @example random.index(random.options.parse({ nodes: 10_000 }), createRng(7).split('random')).ids.length
 */
export const random = topology({
  name: 'random',
  summary: 'A seeded random layered DAG with picks and packs; the sinks are graded.',
  options: z
    .strictObject({
      nodes: z.int().min(1).default(8).describe('Number of task slots (junctions come on top).'),
      width: z.int().min(1).optional().describe('Most tasks per layer; default ⌈√nodes⌉.'),
      fanIn: z
        .int()
        .min(1)
        .max(10)
        .default(2)
        .describe('Most inputs per task; more than one go through a pack.'),
      pickRate: z
        .number()
        .min(0)
        .max(1)
        .default(0.25)
        .describe('Chance that a single input is a pick from a list.'),
    })
    .prefault({}),
  defaults: { repeatTemplates: true, filter: 'shared', layout: 'dependent' },
  // Never run by the reference; a random DAG branches like multichain, so it gets that budget.
  harness: { maxTurns: 2000, repairs: { toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 } },
  build: (options, rng) => skeletonGraph(layoutRandom(options, rng)),
  index: layoutRandom,
})
