/**
 * Forgetting, gsm: three independent word problems, then the graded one. Every gsm template × 2
 * samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'forgetting', options: { distractors: 3 }, category: 'gsm', samplesPerTask: 2 })
