/**
 * From Vitest's finished test modules to records, grouped by benchmark: the one place where
 * reporters touch Vitest's task tree. A test belongs to the benchmark named in its
 * `meta().arbigraphBenchmark` (ArbiGraph when none), its record is `meta().arbigraph`, checked
 * against that benchmark's schema. Skipped tests (filtered by -t, tags or shards) are ignored. A
 * failed test is an infrastructure error — a wrong answer never fails a test — so its record (or,
 * when it failed before writing one, a record built from its static `arbigraphCase` identity, or
 * else from what the benchmark reads off the test's file and name) gets the test's error message
 * as the reason. Records come out in the benchmark's order, so a merged sharded run yields the
 * same list as a whole run.
 */
import type { TestCase, TestModule } from 'vitest/node'
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import type { Benchmark } from '../src/contracts/benchmark.ts'
import { checkBenchmarkRecord } from '../src/contracts/benchmark.ts'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import { DEFAULT_BENCHMARK } from '../src/vitest/task-meta.ts'

type RecordsOf<Record> = Pick<Benchmark<unknown, unknown, Record>, 'name' | 'records'>

/**
 * The benchmark a test belongs to.
 * @example benchmarkOfTest(testCase) // 'transduction'
 */
export const benchmarkOfTest = (test: TestCase): string => test.meta().arbigraphBenchmark ?? DEFAULT_BENCHMARK

/**
 * The benchmarks that have a test in this run (skipped ones too: they were selected by name).
 * @example benchmarksInRun(modules) // Set { 'transduction' }
 */
export function benchmarksInRun(modules: ReadonlyArray<TestModule>): Set<string> {
  const names = new Set<string>()
  for (const module of modules)
    for (const test of module.children.allTests()) names.add(benchmarkOfTest(test))
  return names
}

/**
 * Whether the run's tests all belong to benchmarks other than ArbiGraph (ArbiGraph's reporters then stay silent).
 * @example onlyOtherBenchmarks(modules) // true for a Long-Transduction-only run
 */
export function onlyOtherBenchmarks(modules: ReadonlyArray<TestModule>): boolean {
  const names = benchmarksInRun(modules)
  return names.size > 0 && !names.has(arbigraphBenchmark.name)
}

function failureReason(test: TestCase): string {
  const result = test.result()
  const messages = result.state === 'failed' ? result.errors.map((e) => e.message).filter(Boolean) : []
  return messages.length > 0 ? messages.join('; ') : 'the test failed without an error message'
}

const NO_FACTS = { model: 'unknown', latencyMs: 0 }

/**
 * The record of one finished test of `bench`, or undefined when there is none to report (the
 * test was skipped, or it failed before writing a record and nothing places it in a cell).
 * @example recordOfTest(transduction, testCase)?.infraError // null for a scored document
 */
export function recordOfTest<Record>(bench: RecordsOf<Record>, test: TestCase): Record | undefined {
  const state = test.result().state
  if (state === 'skipped' || state === 'pending') return undefined
  const meta = test.meta()
  const identity =
    meta.arbigraphCase ??
    bench.records.identityOfTest?.({
      moduleId: test.module.moduleId,
      relativeModuleId: test.module.relativeModuleId,
      name: test.name,
      fullName: test.fullName,
    })
  let record: Record | undefined
  if (meta.arbigraph !== undefined) {
    try {
      record = checkBenchmarkRecord(bench, meta.arbigraph, test.fullName)
    } catch (error) {
      // A malformed record is a harness bug; reporting it keeps it visible and gate-able.
      const reason = `invalid ${bench.name} record: ${(error as Error).message}`
      return identity ? bench.records.infra(identity, reason, NO_FACTS) : undefined
    }
  }
  if (state === 'passed') return record
  if (record !== undefined && bench.records.infraReason(record) !== null) return record
  if (record !== undefined) return bench.records.failed(record, failureReason(test))
  return identity ? bench.records.infra(identity, failureReason(test), NO_FACTS) : undefined
}

const collected = new WeakMap<ReadonlyArray<TestModule>, Map<string, unknown[]>>()

/**
 * Every record of `bench` in a finished run, in its order; infrastructure records without a
 * model get the run's (the distinct models of the other records, sorted and comma-joined).
 * @example const records = collectBenchmarkRecords(modules, transduction)
 */
export function collectBenchmarkRecords<Record>(
  modules: ReadonlyArray<TestModule>,
  bench: RecordsOf<Record>,
): Record[] {
  // Every reporter gets the same array at run end: validate the records once per benchmark.
  let byBenchmark = collected.get(modules)
  if (!byBenchmark) collected.set(modules, (byBenchmark = new Map()))
  const cached = byBenchmark.get(bench.name)
  if (cached) return cached as Record[]
  const records: Record[] = []
  for (const module of modules)
    for (const test of module.children.allTests()) {
      if (benchmarkOfTest(test) !== bench.name) continue
      const record = recordOfTest(bench, test)
      if (record !== undefined) records.push(record)
    }
  const model = runModel(records.map(bench.records.model))
  const sorted = records
    .map((r) => (bench.records.model(r) === 'unknown' ? bench.records.withModel(r, model) : r))
    .sort(bench.records.compare)
  byBenchmark.set(bench.name, sorted)
  return sorted
}

/** The distinct known models, sorted and comma-joined; 'unknown' when there are none. */
function runModel(models: readonly string[]): string {
  const known = [...new Set(models.filter((m) => m !== 'unknown'))].sort()
  return known.length === 0 ? 'unknown' : known.join(', ')
}

/**
 * Every ArbiGraph case record of a finished run, sorted (the results file's, table's, dashboard's and gate's input).
 * @example onTestRunEnd(modules) { const records = collectRecords(modules) }
 */
export const collectRecords = (modules: ReadonlyArray<TestModule>): CaseRecord[] =>
  collectBenchmarkRecords(modules, arbigraphBenchmark)

/**
 * Sorts ArbiGraph records by topology, category, task, sample, case and epoch.
 * @example sortRecords(records)[0].topology // 'baseline'
 */
export const sortRecords = (records: CaseRecord[]): CaseRecord[] =>
  records.sort(arbigraphBenchmark.records.compare)
