/**
 * Sweep: chain length on math. Where does a model stop carrying a value through a chain of tasks?
 * Small by default (lengths 1, 2, 4, 8, 16; one sample per target); ARBIGRAPH_SWEEP=full runs
 * 1 → 64 with two samples per target. Gate it with e.g.
 * ARBIGRAPH_GATE="sweep:chain-length.breaking_point>=16,sweep:chain-length@32.accuracy>=0.5".
 */
import { bySweepScale, defineSweep } from '../../vitest.ts'

defineSweep({
  name: 'chain-length',
  topology: 'chain',
  category: 'math',
  vary: { length: bySweepScale({ small: [1, 2, 4, 8, 16], full: [1, 2, 4, 8, 16, 32, 64] }) },
  samplesPerTask: bySweepScale({ small: 1, full: 2 }),
  // A 64-task chain needs more tasks than math has templates.
  repeatTemplates: true,
})
