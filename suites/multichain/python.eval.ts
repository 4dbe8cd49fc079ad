/**
 * Multichain, python: chained segments that fan out into parallel branches (pick) and merge back
 * (pack). Every python function × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../src/vitest/index.ts'

defineSuite({ topology: 'multichain', category: 'python', samplesPerTask: 2 })
