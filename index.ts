/**
 * `arbigraph`, the library: the data flow as functions (generate → validate → render → grade →
 * metrics), dataset files, the registry with the built-in plugin, and the contracts a user's own
 * category or topology is written against. The Vitest integration is `arbigraph/vitest`, the
 * config helper `arbigraph/config`. It sits at the package root because it joins `src/` (the
 * engine) and `plugins/` (the built-ins), which `src/` never imports; importing it registers the
 * built-ins for the registries `src/` builds (use-builtins.ts).
 */
import './use-builtins.ts'

export { builtinPlugin, defaultRegistry } from './plugins/index.ts'
export {
  type ListInputOptions,
  listInput,
  type ScalarStepOptions,
  scalarInput,
} from './plugins/math/preprocess.ts'
export { ints, type MathTaskSpec, type MathTextContext, mathTask } from './plugins/math/task.ts'
export { topologies } from './plugins/topologies/index.ts'
export { transduction } from './plugins/transduction/benchmark.ts'
export { type DatasetProblem, validateDataset } from './src/cli/commands/validate.ts'
export { defineConfig, loadConfig, loadRegistry, type ResolvedConfig, type UserConfig } from './src/config.ts'
export {
  type Benchmark,
  type BenchmarkCase,
  benchmark,
  type RunFacts,
} from './src/contracts/benchmark.ts'
export type {
  BenchmarkDashboard,
  CaseBlock,
  CaseColumn,
  DashboardPageSpec,
  DashboardSection,
} from './src/contracts/dashboard.ts'
export type { Instance } from './src/contracts/instance.ts'
export type {
  CategoryName,
  HarnessName,
  RegisteredCategories,
  RegisteredHarnesses,
  RegisteredTopologies,
  TopologyName,
} from './src/contracts/names.ts'
export type { Skeleton } from './src/contracts/skeleton.ts'
export type { Category, Params, TaskTemplate, TaskTextContext } from './src/contracts/template.ts'
export { type Topology, type TopologyDefaults, topology } from './src/contracts/topology.ts'
export { type DetailSink, detailSinkFromEnv } from './src/dashboard/detail-store.ts'
export { ArbigraphError, type ErrorCode } from './src/errors.ts'
export {
  type GeneratedDataset,
  type GenerateOptions,
  generateDataset,
  writeGeneratedDataset,
} from './src/generate/generate-dataset.ts'
export { gradeInstance, parseAnswer } from './src/grade/index.ts'
export { createSkeleton, type SkeletonBuilder, type TaskSlotOptions } from './src/graph/create-skeleton.ts'
export { readNodeLinkFile } from './src/graph/read-node-link-file.ts'
export {
  boxedAnswers,
  defineHarness,
  type Harness,
  type HarnessCase,
  type HarnessContext,
  type HarnessResult,
  HTTP_AGENT_PROTOCOL,
  httpAgent,
  reportedTranscript,
  singleShot,
  toolAgent,
} from './src/harness/index.ts'
export { decodeInstance, decodeManifest, readDataset, writeDataset } from './src/io/dataset.ts'
export { compareRuns, type RunComparison } from './src/metrics/compare.ts'
export { evaluateGate, type GateRule, parseGate } from './src/metrics/gate.ts'
export { type CellSummary, type RunSummary, summarize } from './src/metrics/summarize.ts'
export { type WilsonInterval, wilson95 } from './src/metrics/wilson.ts'
export {
  createRegistry,
  getBenchmark,
  getCategory,
  getTemplate,
  getTopology,
  type Plugin,
  type Registry,
} from './src/registry.ts'
export { renderPrompt } from './src/render/index.ts'
export { createRng, type Rng } from './src/rng.ts'
export { type Kind, parseValue, pyRepr, type Value } from './src/values.ts'
