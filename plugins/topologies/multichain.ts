/**
 * Multichain: chains that fan out and back in. Flat segments are chained; after a segment, each
 * branch of the next block starts from one element of its last output (a pick, index = branch
 * number), the branch's tasks are chained, and the branches' last outputs are packed into a list
 * (slot = branch number) that the next segment's first task reads. Tasks are added, and so
 * numbered, segment by segment and branch by branch.
 *
 * Reference: spec §7.4 (structure, numbering, expansion and recombination).
 */
import { z } from 'zod'
import type { Skeleton } from '../../src/contracts/skeleton.ts'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { ANY_FAMILY, type StructureItem, structureSchema } from './multichain-structure.ts'

function buildStructure(structure: readonly StructureItem[]): Skeleton {
  const g = createSkeleton()
  let tasks = 0
  let blocks = 0
  let last: string | undefined // the task (or pack) the next flat task reads
  let branchEnds: string[] = []
  const addTask = (family: string, from: string | undefined) => {
    const id = `t${++tasks}`
    g.task(id, { ...(family === ANY_FAMILY ? {} : { family }), ...(from === undefined ? {} : { from }) })
    return id
  }
  for (const [i, item] of structure.entries()) {
    if (typeof item === 'string') {
      if (branchEnds.length > 0) {
        g.pack(`pack${blocks}`, { from: branchEnds })
        last = `pack${blocks}`
        branchEnds = []
      }
      last = addTask(item, last)
      continue
    }
    if (!Array.isArray(structure[i - 1])) blocks++
    const b = branchEnds.length
    g.pick(`pick${blocks}_${b}`, { from: last!, index: b })
    let previous = `pick${blocks}_${b}`
    for (const family of item) previous = addTask(family, previous)
    branchEnds.push(previous)
  }
  return g.target(`t${tasks}`)
}

/**
 * @example multichain.build({ structure: "['m','m',['m','m'],['m','m'],'m','m']" }, rng).order // 8 tasks + 3 junctions
 */
export const multichain = topology({
  name: 'multichain',
  summary: 'Chained segments that fan out into parallel branches (pick) and merge back (pack).',
  options: z.strictObject({ structure: structureSchema }).prefault({}),
  defaults: { repeatTemplates: false, filter: 'shared', layout: 'dependent' },
  shape: 'fixed',
  build: ({ structure }) => buildStructure(structure),
})
