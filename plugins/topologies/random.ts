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

/**
 * Nodes and edges in the order a skeleton builder would add them. A class, not closures made per
 * skeleton: V8 optimizes each new closure anew, and a dataset lays out a skeleton per instance.
 */
class Layout {
  readonly ids: string[] = []
  readonly slots: SlotAttributes[] = []
  readonly from: number[] = []
  readonly to: number[] = []
  readonly edgeSlots: number[] = []

  add(id: string, slot: SlotAttributes, inputs: readonly number[], packed = false): number {
    const node = this.ids.length
    this.ids.push(id)
    this.slots.push(slot)
    for (let k = 0; k < inputs.length; k++) {
      this.from.push(inputs[k]!)
      this.to.push(node)
      this.edgeSlots.push(packed ? k : -1)
    }
    return node
  }

  finish(targets: number[]): SkeletonIndex {
    return compactSkeleton(
      this.ids,
      this.slots,
      Int32Array.from(this.from),
      Int32Array.from(this.to),
      Int32Array.from(this.edgeSlots),
      targets,
    )
  }
}

/** Where the layout of a random DAG stands: what `candidate` reads and moves on. */
interface Drawing {
  rng: Rng
  role: Uint8Array
  readers: Uint32Array
  oldest: number // every task before this one already has a reader
  previous: number // first task of the previous layer
  layer: number // first task of the current layer
}

/** An earlier task to read that is not `banned` from its role and not read yet; -1 if none came up. */
function candidate(d: Drawing, banned: number, sources: readonly number[]): number {
  while (d.oldest < d.layer && d.readers[d.oldest]! > 0) d.oldest++
  if (d.oldest < d.layer && d.role[d.oldest] !== banned && !sources.includes(d.oldest)) return d.oldest
  for (let tries = 0; tries < 4; tries++) {
    const i = tries < 2 ? d.rng.int(d.previous, d.layer - 1) : d.rng.below(d.layer)
    if (d.role[i] !== banned && !sources.includes(i)) return i
  }
  return -1
}

const taskId = (i: number): string => `t${i + 1}`

function layoutRandom(options: RandomOptions, rng: Rng): SkeletonIndex {
  const { nodes, fanIn, pickRate } = options
  const width = options.width ?? Math.ceil(Math.sqrt(nodes))
  const g = new Layout()
  // Node position of task i (tasks interleave with junctions).
  const at = new Int32Array(nodes)
  const d: Drawing = {
    rng,
    role: new Uint8Array(nodes),
    readers: new Uint32Array(nodes),
    oldest: 0,
    previous: 0,
    layer: 0,
  }
  const { role, readers } = d
  let next = Math.min(nodes, rng.int(1, width)) // first task of the next layer
  for (let i = 0; i < nodes; i++) {
    if (i === next) {
      d.previous = d.layer
      d.layer = i
      next = Math.min(nodes, i + rng.int(1, width))
    }
    if (d.layer === 0) {
      at[i] = g.add(taskId(i), { type: 'task' }, [])
      continue
    }
    const sources: number[] = []
    const want = fanIn > 1 ? Math.min(rng.int(1, fanIn), d.layer) : 1
    for (let k = 0; want > 1 && k < want; k++) {
      const source = candidate(d, LIST, sources)
      if (source >= 0) sources.push(source)
    }
    if (sources.length >= 2) {
      const packed: number[] = []
      for (const source of sources) {
        role[source] = SCALAR
        readers[source]!++
        packed.push(at[source]!)
      }
      const pack = g.add(`k${i + 1}`, { type: 'pack' }, packed, true)
      at[i] = g.add(taskId(i), { type: 'task' }, [pack])
      continue
    }
    const source = sources[0] ?? candidate(d, NONE, sources)
    readers[source]!++
    if (role[source] !== SCALAR && rng.float() < pickRate) {
      role[source] = LIST
      const pick = g.add(`p${i + 1}`, { type: 'pick', index: rng.below(2) }, [at[source]!])
      at[i] = g.add(taskId(i), { type: 'task' }, [pick])
    } else at[i] = g.add(taskId(i), { type: 'task' }, [at[source]!])
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
