/**
 * Types Vitest's per-test metadata for arbigraph: `task.meta.arbigraph` holds the case record a
 * suite's test writes (runtime meta), and `arbigraphCase` the case's identity, which a suite can
 * set statically (`test(name, { meta: { arbigraphCase } }, fn)`) so that a test failing before it
 * writes a record is still reported in the right cell. Import this module for its side effect on
 * the types (`import type {} from '…/task-meta.ts'` is enough).
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { SweepPoint } from '../contracts/sweep-point.ts'

/** What identifies a case before it runs: enough to place an infrastructure error in its cell. */
export interface CaseIdentity {
  caseId: string
  instanceId: string
  topology: string
  category: string
  task: string
  sample: number
  epoch: number
  /** The sweep point, for a case of a scaling sweep. */
  sweep?: SweepPoint
}

declare module 'vitest' {
  interface TaskMeta {
    /** The outcome of this case (see src/contracts/case-record.ts). */
    arbigraph?: CaseRecord
    /** The case's identity, known at collection time. */
    arbigraphCase?: CaseIdentity
  }
}
