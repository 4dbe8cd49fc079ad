/**
 * Baseline, gsm: one grade-school word problem per prompt, its input bound to one of its numbers.
 * Every gsm template × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'baseline', category: 'gsm', samplesPerTask: 2 })
