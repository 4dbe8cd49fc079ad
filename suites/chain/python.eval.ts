/**
 * Chain, python: four tasks in a line, each reading the previous output; the last is graded.
 * Every python function × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'chain', options: { length: 4 }, category: 'python', samplesPerTask: 2 })
