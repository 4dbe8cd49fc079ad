/**
 * Chain: t1 → t2 → … → tn, each task reading the previous output; the last one is graded.
 *
 * Reference: spec §7.3 (the released math chain has length 4: 3 stages before the target).
 */
import { z } from 'zod'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'

/**
 * @example chain.build({ length: 4 }, rng).nodes() // ['t1', 't2', 't3', 't4']
 */
export const chain = topology({
  name: 'chain',
  summary: 'A linear chain of tasks, each reading the previous output.',
  options: z.strictObject({ length: z.int().min(1).default(4) }).prefault({}),
  defaults: { repeatTemplates: false, filter: 'shared', layout: 'dependent' },
  // The reference's chain release job.
  harness: { maxTurns: 1200, repairs: { toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 12 } },
  shape: 'fixed',
  build: ({ length }) => {
    const g = createSkeleton()
    for (let i = 1; i <= length; i++) g.task(`t${i}`, i > 1 ? { from: `t${i - 1}` } : {})
    return g.target(`t${length}`)
  },
})
