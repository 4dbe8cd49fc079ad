/**
 * Chain, gsm: four word problems in a line, each binding the previous answer to one of its
 * numbers; the last is graded. Every gsm template × 2 samples by default.
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'chain', options: { length: 4 }, category: 'gsm', samplesPerTask: 2 })
