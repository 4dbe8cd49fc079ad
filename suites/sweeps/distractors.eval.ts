/**
 * Sweep: forgetting distractors on math. How many unrelated tasks before the one that counts
 * does a model tolerate? Small by default (0, 2, 8 distractors; one sample per target);
 * ARBIGRAPH_SWEEP=full runs 0 → 32 with two samples per target. The size of a point is the
 * task count, distractors + 1.
 */
import { bySweepScale, defineSweep } from '../../vitest.ts'

defineSweep({
  name: 'distractors',
  topology: 'forgetting',
  category: 'math',
  vary: { distractors: bySweepScale({ small: [0, 2, 8], full: [0, 1, 2, 4, 8, 16, 32] }) },
  samplesPerTask: bySweepScale({ small: 1, full: 2 }),
  repeatTemplates: true,
})
