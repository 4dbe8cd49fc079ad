/**
 * Baseline, python: one task per prompt, the reference point for every other topology.
 * Every python function × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'baseline', category: 'python', samplesPerTask: 2 })
