/**
 * Baseline, math: one task per prompt, the reference point for every other topology.
 * Every math target × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'baseline', category: 'math', samplesPerTask: 2 })
