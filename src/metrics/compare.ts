/**
 * Model-vs-model comparison of two runs, cell by cell (topology × category, plus the whole run
 * as `*`). Each run's accuracy is its own (every graded trial of the cell); the test of a
 * difference is paired: only trials both runs graded (same case id and epoch) count, and the
 * exact McNemar test on their discordant pairs decides. A cell is `degraded` when the second
 * run loses significantly more pairs than it wins (p < alpha), `improved` in the mirror case.
 * A cell that ran in the first run but not the second is `missing`, and the regression gate
 * fails on it too: a gate must not pass because the cell it guards did not run (as in gate.ts).
 * Infrastructure errors are not model outcomes and never form a pair. Runs of different frozen
 * datasets are refused (src/metrics/run-datasets.ts).
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import { type CellComparison, compareCell } from './compare-cell.ts'
import { checkSameDatasets } from './run-datasets.ts'
import { suiteKey, suiteLabeller } from './suite-label.ts'
import { compareSweeps, type SweepComparison } from './sweep/compare-sweeps.ts'

// The cell comparison's types, for readers of a RunComparison.
export type { CellComparison, CellVerdict } from './compare-cell.ts'

/** The comparison of two runs. */
export interface RunComparison {
  alpha: number
  cells: CellComparison[]
  total: CellComparison
  /** Sweep curves compared point by point (src/metrics/sweep/compare-sweeps.ts). */
  sweeps: SweepComparison[]
  /** Keys of the cells (and sweep points, `sweep:<curve>@<value>`) that break the regression gate (degraded or missing). */
  failing: string[]
}

export interface CompareOptions {
  /**
   * Significance level of the McNemar test.
   * @default 0.05
   */
  alpha?: number
  /** What the two runs are called in a refusal (e.g. their files). @default 'A', 'B' */
  labels?: [string, string]
}

/** Cells by topology, category and suite: the same suite pairs up across runs whatever else ran. */
function groupByCell(records: readonly CaseRecord[]): Map<string, CaseRecord[]> {
  const groups = new Map<string, CaseRecord[]>()
  for (const r of records) {
    if (r.sweep) continue // compared point by point in compareSweeps
    const key = JSON.stringify([r.topology, r.category, suiteKey(r)])
    const list = groups.get(key)
    if (list) list.push(r)
    else groups.set(key, [r])
  }
  return groups
}

/**
 * Compares run B against run A, per topology × category cell and in total.
 * @example compareRuns(before.records, after.records).failing // ['chain/math']
 */
export function compareRuns(
  a: readonly CaseRecord[],
  b: readonly CaseRecord[],
  options: CompareOptions = {},
): RunComparison {
  const alpha = options.alpha ?? 0.05
  // Runs of different frozen datasets share no trial: refuse rather than test nothing.
  checkSameDatasets(a, b, ...(options.labels ?? ['A', 'B']))
  const groupsA = groupByCell(a)
  const groupsB = groupByCell(b)
  const keys = [...new Set([...groupsA.keys(), ...groupsB.keys()])].sort()
  // Suites are named among those of both runs, so a cell has one name on both sides.
  const label = suiteLabeller([...a, ...b].filter((r) => !r.sweep))
  const cells = keys.map((key) => {
    const recordsA = groupsA.get(key) ?? []
    const recordsB = groupsB.get(key) ?? []
    const first = (recordsA[0] ?? recordsB[0])!
    const suite = label(first)
    const scope = { topology: first.topology, category: first.category, task: null }
    return compareCell(suite ? { ...scope, suite } : scope, recordsA, recordsB, alpha)
  })
  const total = compareCell({ topology: '*', category: '*', task: null }, [...a], [...b], alpha)
  const failing = cells.filter((c) => c.verdict === 'degraded' || c.verdict === 'missing').map((c) => c.key)
  const sweeps = compareSweeps(a, b, alpha)
  return { alpha, cells, total, sweeps, failing: [...failing, ...sweeps.flatMap((s) => s.failing)] }
}
