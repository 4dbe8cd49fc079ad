/**
 * Multichain, math: chained segments that fan out into parallel branches (pick) and merge back
 * (pack). Every math target × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'multichain', category: 'math', samplesPerTask: 2 })
