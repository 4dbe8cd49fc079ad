/**
 * Forgetting: `distractors` unrelated tasks, then the target, each on its own input. Nothing
 * flows between them; the question is whether the model keeps the last task apart from the
 * earlier ones.
 *
 * Reference: spec §7.2 (distractors are tasks 1..D, the target is task D+1).
 */
import { z } from 'zod'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'

/**
 * @example forgetting.build({ distractors: 3 }, rng).getAttribute('targets') // ['t4']
 */
export const forgetting = topology({
  name: 'forgetting',
  summary: 'Independent distractor tasks followed by the graded task.',
  options: z.strictObject({ distractors: z.int().min(0).default(3) }).prefault({}),
  defaults: { repeatTemplates: false, filter: 'shared', layout: 'independent' },
  // The reference ran forgetting with the chain job's settings.
  harness: { maxTurns: 1200, repairs: { toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 12 } },
  shape: 'fixed',
  build: ({ distractors }) => {
    const g = createSkeleton()
    for (let i = 1; i <= distractors + 1; i++) g.task(`t${i}`)
    return g.target(`t${distractors + 1}`)
  },
})
