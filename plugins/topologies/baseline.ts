/**
 * Baseline: one task on a random input, the operator measured on its own.
 *
 * Reference: spec §7.1.
 */
import { z } from 'zod'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'

/**
 * @example baseline.build({}, rng).nodes() // ['t1']
 */
export const baseline = topology({
  name: 'baseline',
  summary: 'One task on a random input: each template alone.',
  options: z.strictObject({}).prefault({}),
  defaults: { repeatTemplates: false, filter: 'baseline', layout: 'single' },
  // The reference's baseline release job: one task needs few turns and repairs.
  harness: { maxTurns: 200, repairs: { toolRepair: 5, finalAnswerRepair: 3, cutoffRepair: 3 } },
  shape: 'fixed',
  build: () => createSkeleton().task('t1').target('t1'),
})
