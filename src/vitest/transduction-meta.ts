/**
 * Types Vitest's per-test metadata for Long-Transduction: `arbigraphTransductionCase` is the
 * document's identity, set statically when the test is declared (so a test that fails before it
 * writes a record is still placed in its cell, and ArbiGraph's reporters can tell it is not one
 * of their cases), and `arbigraphTransduction` the record the test writes. Import this module for
 * its side effect on the types.
 */
import type { TransductionRecord } from '../contracts/transduction-record.ts'

/** What identifies a document's test before it runs. */
export interface TransductionIdentity {
  documentId: string
  family: TransductionRecord['family']
  format: TransductionRecord['format']
  level: number
  budget: TransductionRecord['budget']
  sample: number
  seed: string
}

declare module 'vitest' {
  interface TaskMeta {
    /** The scored outcome of this document (see src/contracts/transduction-record.ts). */
    arbigraphTransduction?: TransductionRecord
    /** The document's identity, known at collection time. */
    arbigraphTransductionCase?: TransductionIdentity
  }
}
