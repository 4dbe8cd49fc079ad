/**
 * `arbigraph/vitest`, the Vitest integration: `arbigraph()` for `vitest.config.ts`, `defineSuite`,
 * `defineSweep` and `defineTransductionSuite` for `*.eval.ts` files, and the pieces they are made of (case
 * generation, one-case runner, simulator registration, the globalSetup).
 */
export {
  defineHarness,
  type Harness,
  type HarnessCase,
  type HarnessContext,
  type HarnessResult,
  httpAgent,
  reportedTranscript,
  singleShot,
  toolAgent,
} from '../harness/index.ts'
export { bySweepScale, sweepScale } from '../sweep/sweep-scale.ts'
export { defineSuite, type SuiteCase, type SuiteOptions, suiteCases } from './define-suite.ts'
export { type DefineSweepOptions, defineSweep, type SweepCases, sweepCases } from './define-sweep.ts'
export {
  defineTransductionSuite,
  type TransductionSuiteCase,
  type TransductionSuiteOptions,
  transductionSuiteCases,
} from './define-transduction-suite.ts'
export { setup as globalSetup, simBanner } from './global-setup.ts'
export { type ArbigraphPluginOptions, arbigraph } from './plugin.ts'
export type { ArbigraphContext } from './provided-context.ts'
export { infraRecord, type RunCaseOptions, runCase } from './run-case.ts'
export { runTransductionCase, transductionRecord, transductionScore } from './run-transduction-case.ts'
export { simCaseOf, taskDepths } from './sim-case.ts'
export { readSuiteEnv, type SuiteEnv } from './suite-env.ts'
export type { CaseIdentity } from './task-meta.ts'
export { readTransductionEnv, type TransductionEnv } from './transduction-env.ts'
export type { TransductionIdentity } from './transduction-meta.ts'
