/**
 * Multichain, python: chained segments that fan out into parallel branches (pick) and merge back
 * (pack) in the paper's layout, every task a python function (the default layout draws its tasks
 * from the suite's category). Every python function × 2 samples by default (ARBIGRAPH_SAMPLES
 * overrides).
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({
  topology: 'multichain',
  category: 'python',
  samplesPerTask: 2,
})
