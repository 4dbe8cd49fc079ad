/**
 * From Vitest's finished test modules to Long-Transduction records: the transduction reporter's
 * one contact with Vitest's task tree. A document's test carries its identity in
 * `meta().arbigraphTransductionCase` (set at declaration) and its record in
 * `meta().arbigraphTransduction`. Skipped tests are ignored; a failed test is an infrastructure
 * error, so it becomes a record with `infraError` (the test's error message) and no score, even
 * when it failed before writing a record. Records come out in document-id order, so a merged
 * sharded run yields the same list as a whole run.
 */
import type { TestCase, TestModule } from 'vitest/node'
import type { TransductionRecord } from '../src/contracts/transduction-record.ts'
import { checkTransductionRecord, TRANSDUCTION_RECORD_SCHEMA } from '../src/contracts/transduction-record.ts'
import type { TransductionIdentity } from '../src/vitest/transduction-meta.ts'

/**
 * Whether a test is a Long-Transduction document (ArbiGraph's reporters leave these alone).
 * @example isTransductionTest(testCase) // true for 'arithmetic plain L0 4K #0'
 */
export const isTransductionTest = (test: TestCase): boolean => {
  const meta = test.meta()
  return meta.arbigraphTransductionCase !== undefined || meta.arbigraphTransduction !== undefined
}

/**
 * Whether a run holds any Long-Transduction test.
 * @example hasTransductionTests(modules) // false for an ArbiGraph-only run
 */
export function hasTransductionTests(modules: ReadonlyArray<TestModule>): boolean {
  for (const module of modules)
    for (const test of module.children.allTests()) if (isTransductionTest(test)) return true
  return false
}

function infraRecord(identity: TransductionIdentity, reason: string, model: string): TransductionRecord {
  return checkTransductionRecord({
    schema: TRANSDUCTION_RECORD_SCHEMA,
    ...identity,
    model,
    outcome: null,
    score: null,
    tokens: { input: 0, prompt: 0, completion: 0 },
    latencyMs: 0,
    infraError: { reason },
  })
}

function failureReason(test: TestCase): string {
  const result = test.result()
  const messages = result.state === 'failed' ? result.errors.map((e) => e.message).filter(Boolean) : []
  return messages.length > 0 ? messages.join('; ') : 'the test failed without an error message'
}

function recordOf(test: TestCase, model: string): TransductionRecord | undefined {
  const state = test.result().state
  if (state === 'skipped' || state === 'pending') return undefined
  const meta = test.meta()
  const identity = meta.arbigraphTransductionCase
  let record: TransductionRecord | undefined
  if (meta.arbigraphTransduction !== undefined) {
    try {
      record = checkTransductionRecord(meta.arbigraphTransduction, test.fullName)
    } catch (error) {
      // A malformed record is a harness bug; reporting it as an error keeps it visible.
      if (identity) return infraRecord(identity, `invalid record: ${(error as Error).message}`, model)
      return undefined
    }
  }
  if (state === 'passed' || record?.infraError) return record
  if (record) return { ...record, outcome: null, score: null, infraError: { reason: failureReason(test) } }
  return identity ? infraRecord(identity, failureReason(test), model) : undefined
}

/**
 * Every Long-Transduction record of a finished run, sorted by document id; records of tests that
 * failed before writing one get the run's model.
 * @example const records = collectTransductionRecords(modules)
 */
export function collectTransductionRecords(modules: ReadonlyArray<TestModule>): TransductionRecord[] {
  const tests = modules.flatMap((module) => [...module.children.allTests()]).filter(isTransductionTest)
  const models = new Set(
    tests.map((t) => t.meta().arbigraphTransduction?.model).filter((m) => m !== undefined),
  )
  const model = models.size > 0 ? [...models].sort().join(', ') : 'unknown'
  const records = tests.map((test) => recordOf(test, model)).filter((r) => r !== undefined)
  return records.sort((a, b) => (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0))
}
