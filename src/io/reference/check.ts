/**
 * Checking a reference dataset against our operators: every stage whose category we support is
 * recomputed from its raw input and printed parameters and compared exactly with the recorded
 * ground truth. Each family's stages go to the handler its category plugin provides (math
 * reruns our operators on the printed parameters, GSM matches the question against its template
 * to recover the variables, Python re-executes the printed code in the sandbox).
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §12.1.
 */
import { type Value, valuesEqual } from '../../values.ts'
import type { ReferenceGraph } from './graph.ts'
import type { ReferenceStageHandler, StageHandlers } from './stage-handler.ts'

export interface StageFailure {
  /** Index of the record in `samples`. */
  record: number
  recordTask: string
  stage: number
  task: string
  expected: Value
  /** Our output, or the error that prevented computing it. */
  got: { value: Value } | { error: string }
}

export interface CheckReport {
  reproduced: number
  /** Stages recomputed and compared (reproduced + failures). */
  checked: number
  skipped: Map<string, number>
  failures: StageFailure[]
}

export const emptyReport = (): CheckReport => ({
  reproduced: 0,
  checked: 0,
  skipped: new Map(),
  failures: [],
})

const skip = (report: CheckReport, reason: string) =>
  report.skipped.set(reason, (report.skipped.get(reason) ?? 0) + 1)

/**
 * Recomputes every stage of one record with its family's handler and adds the outcome to `report`.
 * @example const report = emptyReport(); await checkGraph(graph, 0, report, handlers); report.reproduced // 4
 */
export async function checkGraph(
  graph: ReferenceGraph,
  index: number,
  report: CheckReport,
  handlers: StageHandlers,
): Promise<void> {
  for (const stage of graph.stages) {
    if (stage.expected === undefined) {
      skip(report, 'no ground truth recorded')
      continue
    }
    const handler = await handlers(stage.family)
    if (!handler) {
      skip(report, `unknown category "${stage.family}"`)
      continue
    }
    const base = {
      record: index,
      recordTask: graph.taskName,
      stage: stage.number,
      task: stage.taskName,
      expected: stage.expected,
    }
    let outcome: Awaited<ReturnType<ReferenceStageHandler['check']>>
    try {
      outcome = await handler.check(stage)
    } catch (error) {
      report.checked++
      report.failures.push({ ...base, got: { error: (error as Error).message } })
      continue
    }
    if ('skipped' in outcome) {
      skip(report, outcome.skipped)
      continue
    }
    report.checked++
    if (valuesEqual(outcome.value, stage.expected)) report.reproduced++
    else report.failures.push({ ...base, got: { value: outcome.value } })
  }
}
