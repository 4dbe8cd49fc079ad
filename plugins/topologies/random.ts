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
 * in the math pool. Linear time: 10⁴ tasks (≈16k nodes, 21k edges) build in 0.1–0.4 s on a busy
 * 2-core machine, mostly graphology edge insertion.
 */
import { z } from 'zod'
import type { Skeleton } from '../../src/contracts/skeleton.ts'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
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

function buildRandom(options: RandomOptions, rng: Rng): Skeleton {
  const { nodes, fanIn, pickRate } = options
  const width = options.width ?? Math.ceil(Math.sqrt(nodes))
  const g = createSkeleton()
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
      g.task(id(i))
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
      g.pack(`k${i + 1}`, { from: sources.map(id) }).task(id(i), { from: `k${i + 1}` })
      continue
    }
    const source = sources[0] ?? candidate(NONE, sources)
    readers[source]!++
    if (role[source] !== SCALAR && rng.float() < pickRate) {
      role[source] = LIST
      g.pick(`p${i + 1}`, { from: id(source), index: rng.below(2) }).task(id(i), { from: `p${i + 1}` })
    } else g.task(id(i), { from: id(source) })
  }
  const sinks: string[] = []
  for (let i = 0; i < nodes; i++) if (readers[i] === 0) sinks.push(id(i))
  return g.target(...sinks)
}

/**
 * @example random.build(random.options.parse({ nodes: 10_000 }), createRng(7).split('random')).order
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
  build: buildRandom,
})
