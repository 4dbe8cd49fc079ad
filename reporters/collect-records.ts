/**
 * From Vitest's finished test modules to case records: the one place where reporters touch
 * Vitest's task tree. A test's record is `testCase.meta().arbigraph`. Skipped tests (filtered by
 * -t, tags or shards) are ignored. A failed test is an infrastructure error — a wrong answer never
 * fails a test — so its record (or, when it failed before writing one, a record built from its
 * static `arbigraphCase` meta or else from its file path and name) gets `infraError` with the
 * test's error message as the reason. Records come out sorted, so a merged sharded run yields the
 * same list as a whole run.
 */
import { basename, dirname } from 'node:path'
import type { TestCase, TestModule } from 'vitest/node'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import { checkCaseRecord, infraCaseRecord } from '../src/contracts/case-record.ts'
import { modelLabel } from '../src/contracts/results.ts'
import type { CaseIdentity } from '../src/vitest/task-meta.ts'
import { isTransductionTest } from './collect-transduction-records.ts'

/** Where a case sits when nothing better is known: `suites/<topology>/<category>.eval.ts`, `<task> #<sample>`. */
export function identityFromTest(test: TestCase): CaseIdentity {
  const file = test.module.moduleId
  const sample = /#\s*(\d+)\s*$/.exec(test.name)
  // The file keeps the id unique when two suites have a test of the same name.
  const id = `${test.module.relativeModuleId} > ${test.fullName}`
  return {
    caseId: id,
    instanceId: id,
    topology: basename(dirname(file)),
    category: basename(file)
      .replace(/(\.part-\d+)?\.eval\.[cm]?[jt]s$/, '')
      .replace(/\.[cm]?[jt]s$/, ''),
    task: sample ? test.name.slice(0, sample.index).trim() || test.name : test.name,
    sample: sample ? Number(sample[1]) : 0,
    epoch: 0,
  }
}

const infraRecord = (identity: CaseIdentity, reason: string): CaseRecord =>
  infraCaseRecord({ ...identity, model: 'unknown', protocol: 'chat', latencyMs: 0 }, reason)

function failureReason(test: TestCase): string {
  const result = test.result()
  const messages = result.state === 'failed' ? result.errors.map((e) => e.message).filter(Boolean) : []
  return messages.length > 0 ? messages.join('; ') : 'the test failed without an error message'
}

/** The record of one finished test, or undefined when it is not an arbigraph case. */
function recordOf(test: TestCase): CaseRecord | undefined {
  const state = test.result().state
  // Long-Transduction documents have their own records and reporter (reporters/transduction.ts).
  if (state === 'skipped' || state === 'pending' || isTransductionTest(test)) return undefined
  const meta = test.meta()
  const identity = meta.arbigraphCase ?? identityFromTest(test)
  let record: CaseRecord | undefined
  if (meta.arbigraph !== undefined) {
    try {
      record = checkCaseRecord(meta.arbigraph, test.fullName)
    } catch (error) {
      // A malformed record is a harness bug; reporting it keeps it visible and gate-able.
      return infraRecord(identity, `invalid case record: ${(error as Error).message}`)
    }
  }
  if (state === 'passed') return record
  if (record?.infraError) return record
  return record
    ? { ...record, grade: null, infraError: { reason: failureReason(test) } }
    : infraRecord(identity, failureReason(test))
}

const collected = new WeakMap<ReadonlyArray<TestModule>, CaseRecord[]>()

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Sorts records by topology, category, task, sample, case and epoch.
 * @example sortRecords(records)[0].topology // 'baseline'
 */
export const sortRecords = (records: CaseRecord[]): CaseRecord[] =>
  records.sort(
    (a, b) =>
      compare(a.topology, b.topology) ||
      compare(a.category, b.category) ||
      compare(a.task, b.task) ||
      compare(a.sample, b.sample) ||
      compare(a.caseId, b.caseId) ||
      compare(a.epoch, b.epoch),
  )

/**
 * Every case record of a finished run, sorted; infrastructure errors without a model get the
 * run's model.
 * @example onTestRunEnd(modules) { const records = collectRecords(modules) }
 */
export function collectRecords(modules: ReadonlyArray<TestModule>): CaseRecord[] {
  // Every arbigraph reporter gets the same array at run end: validate the records once.
  const cached = collected.get(modules)
  if (cached) return cached
  const records: CaseRecord[] = []
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const record = recordOf(test)
      if (record) records.push(record)
    }
  }
  const model = modelLabel(records.filter((r) => r.model !== 'unknown'))
  const sorted = sortRecords(records.map((r) => (r.model === 'unknown' ? { ...r, model } : r)))
  collected.set(modules, sorted)
  return sorted
}
