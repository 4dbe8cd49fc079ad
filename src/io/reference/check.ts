/**
 * Checking a reference dataset against our operators: every stage whose category we support is
 * recomputed from its raw input and printed parameters and compared exactly with the recorded
 * ground truth. Categories are dispatched through `stageCheckers`, one entry per family: math
 * reruns our operators on the printed parameters, GSM matches the question against its template
 * to recover the variables, Python re-executes the printed code in the sandbox.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §12.1.
 */
import { type Value, valuesEqual } from '../../values.ts'
import type { ReferenceFamily } from './family.ts'
import type { ReferenceGraph, ReferenceStage } from './graph.ts'
import { solveGsmStage } from './gsm-stage.ts'
import { solveMathStage } from './math-stage.ts'
import { solvePythonStage } from './python-stage.ts'

/** A family's checker: our output for a stage, or why it cannot be computed. */
export type StageChecker = (stage: ReferenceStage) => Promise<{ value: Value } | { skipped: string }>

/** One checker per reference family. */
export const stageCheckers: Record<ReferenceFamily, StageChecker> = {
  math: async (stage) => ({ value: await solveMathStage(stage) }),
  gsm: solveGsmStage,
  python: async (stage) => ({ value: await solvePythonStage(stage) }),
}

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
 * Recomputes every stage of one record and adds the outcome to `report`.
 * @example const report = emptyReport(); await checkGraph(graph, 0, report); report.reproduced // 4
 */
export async function checkGraph(graph: ReferenceGraph, index: number, report: CheckReport): Promise<void> {
  for (const stage of graph.stages) {
    if (stage.expected === undefined) {
      skip(report, 'no ground truth recorded')
      continue
    }
    const checker = stageCheckers[stage.family as ReferenceFamily]
    if (!checker) {
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
    let outcome: Awaited<ReturnType<StageChecker>>
    try {
      outcome = await checker(stage)
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
