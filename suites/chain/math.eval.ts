/**
 * Chain, math: four tasks in a line, each reading the previous output; the last is graded.
 * Every math target × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'chain', options: { length: 4 }, category: 'math', samplesPerTask: 2 })
