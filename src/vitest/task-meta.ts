/**
 * Types Vitest's per-test metadata for arbigraph. Every test a suite declares carries, set
 * statically (`test(name, { meta }, fn)`), the name of its benchmark in `arbigraphBenchmark` and
 * its identity in `arbigraphCase` (so a test failing before it writes a record is still reported
 * in the right cell of the right benchmark); at run time it writes its record to `arbigraph`.
 * Records and identities are the benchmark's own (src/contracts/benchmark.ts); a test without
 * `arbigraphBenchmark` is ArbiGraph's. Import this module for its side effect on the types
 * (`import type {} from '…/task-meta.ts'` is enough).
 */
import type {} from 'vitest'
import type { DatasetRef } from '../contracts/case-record.ts'
import type { SweepPoint } from '../contracts/sweep-point.ts'

/** What identifies an ArbiGraph case before it runs: enough to place an infrastructure error in its cell. */
export interface CaseIdentity {
  caseId: string
  instanceId: string
  topology: string
  category: string
  task: string
  sample: number
  epoch: number
  /** The settings that set its suite apart from the defaults (src/vitest/suite-variant.ts); absent when none. */
  suite?: Record<string, string>
  /** The sweep point, for a case of a scaling sweep. */
  sweep?: SweepPoint
  /** The frozen dataset and position of the instance, for a case of a dataset suite. */
  dataset?: DatasetRef
}

/** The benchmark of a test that names none: tests written before benchmarks had names are ArbiGraph's. */
export const DEFAULT_BENCHMARK = 'arbigraph'

declare module 'vitest' {
  interface TaskMeta {
    /** The benchmark that declared this test (src/contracts/benchmark.ts). @default 'arbigraph' */
    arbigraphBenchmark?: string
    /** The outcome of this case, in its benchmark's record schema. */
    arbigraph?: unknown
    /** The case's identity, known at collection time. */
    arbigraphCase?: object
  }
}
