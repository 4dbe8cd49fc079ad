/**
 * `arbigraph/vitest`, the Vitest integration: `arbigraph()` for `vitest.config.ts`, `defineSuite`
 * (any benchmark, or ArbiGraph's options alone), `defineSweep` and `defineTransductionSuite` for
 * `*.eval.ts` files, and the pieces they are made of (case generation, one-case runner, simulator
 * registration, the globalSetup).
 */
export { arbigraphBenchmark, infraRecord } from '../arbigraph-benchmark.ts'
export type {
  CategoryName,
  HarnessName,
  RegisteredCategories,
  RegisteredHarnesses,
  RegisteredTopologies,
  TopologyName,
} from '../contracts/names.ts'
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
export type { SuiteCase, SuiteOptions } from './arbigraph-suite.ts'
export { suiteCases } from './arbigraph-suite.ts'
export {
  type DefineSuiteOptions,
  defineSuite,
  defineTransductionSuite,
  type SuiteSettings,
  type TransductionSuiteOptions,
} from './define-suite.ts'
export {
  type DefineBenchmarkSweepOptions,
  type DefineSweepOptions,
  defineSweep,
  type SweepCases,
  sweepCases,
} from './define-sweep.ts'
export { setup as globalSetup, simBanner } from './global-setup.ts'
export { type ArbigraphPluginOptions, arbigraph } from './plugin.ts'
export type { ArbigraphContext } from './provided-context.ts'
export { runBenchmarkCase } from './run-benchmark-case.ts'
export { type RunCaseOptions, runCase } from './run-case.ts'
export { simCaseOf, taskDepths } from './sim-case.ts'
export { readSuiteEnv, type SuiteEnv } from './suite-env.ts'
export type { CaseIdentity } from './task-meta.ts'
