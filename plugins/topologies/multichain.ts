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
import { ANY_FAMILY, PAPER_STRUCTURE, type StructureItem, structureSchema } from './multichain-structure.ts'

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
 * The paper's layout with `branches` branches of `branchLength` tasks each: the two axes a scaling
 * sweep varies (`vary: { branches: [2, 4, 8] }`), so a sweep need not spell out structures.
 * @example branchedStructure(3, 1) // ['*', '*', ['*'], ['*'], ['*'], '*', '*']
 */
export function branchedStructure(branches: number, branchLength: number): StructureItem[] {
  const branch = () => Array.from({ length: branchLength }, () => ANY_FAMILY)
  return [ANY_FAMILY, ANY_FAMILY, ...Array.from({ length: branches }, branch), ANY_FAMILY, ANY_FAMILY]
}

const optionsSchema = z
  .strictObject({
    structure: structureSchema,
    branches: z.int().min(2).max(10).optional().describe('Branches in the block (replaces structure).'),
    branchLength: z.int().min(1).optional().describe('Tasks per branch (replaces structure).'),
  })
  .superRefine((o, ctx) => {
    const custom = JSON.stringify(o.structure) !== JSON.stringify(PAPER_STRUCTURE)
    if (custom && (o.branches !== undefined || o.branchLength !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['structure'],
        message: 'give "structure" or "branches"/"branchLength", not both',
      })
  })
  .prefault({})

/**
 * @example multichain.build({ structure: "['m','m',['m','m'],['m','m'],'m','m']" }, rng).order // 8 tasks + 3 junctions
 */
export const multichain = topology({
  name: 'multichain',
  summary: 'Chained segments that fan out into parallel branches (pick) and merge back (pack).',
  options: optionsSchema,
  defaults: { repeatTemplates: false, filter: 'shared', layout: 'dependent' },
  // The reference's multichain release job: branches and merges need the most answers repaired.
  harness: { maxTurns: 2000, repairs: { toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 } },
  shape: 'fixed',
  build: ({ structure, branches, branchLength }) =>
    buildStructure(
      branches === undefined && branchLength === undefined
        ? structure
        : branchedStructure(branches ?? 2, branchLength ?? 2),
    ),
})
