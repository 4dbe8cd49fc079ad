/**
 * Multichain, python: chained segments that fan out into parallel branches (pick) and merge back
 * (pack), every task a python function (the paper's layout with python in each slot).
 * Every python function × 2 samples by default (ARBIGRAPH_SAMPLES overrides).
 */
import { defineSuite } from '../../src/vitest/index.ts'

defineSuite({
  topology: 'multichain',
  options: { structure: "['python','python',['python','python'],['python','python'],'python','python']" },
  category: 'python',
  samplesPerTask: 2,
})
