/**
 * The dashboard's Conditions page, added when some record ran the context conditions: per cell and
 * depth, the three conditions' node accuracy side by side with context loss, propagation and
 * interference; per case, every node's outcome under in-graph, isolated and chained with its
 * evidence label, each case linking to its full view. The data is computed here (the page script
 * only renders it), from the same functions as the reports, so the figures are the same.
 */
import { fileURLToPath } from 'node:url'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { ContextLossRow } from '../contracts/context-loss.ts'
import { conditionPairs } from '../metrics/condition-pairs.ts'
import { contextLoss } from '../metrics/context-loss.ts'

const PAGE_SCRIPT = fileURLToPath(new URL('./conditions-page.js', import.meta.url))

/** One case's nodes for the page: [name, depth, in-graph, isolated, chained, evidence]. */
export type CaseNodeRow = [string, number, boolean, boolean | null, boolean | null, string | null]

export interface ConditionsPageData {
  rows: ContextLossRow[]
  cases: { index: number; caseId: string; epoch: number; cell: string; nodes: CaseNodeRow[] }[]
}

/** The page as the dashboard builder takes it: its route, title, script and data. */
export interface ConditionsPage {
  id: 'conditions'
  title: string
  scriptFile: string
  data: ConditionsPageData
}

/**
 * The Conditions page of `records`, or none when no record ran a condition besides in-graph.
 * @example await buildDashboard(results, { dir, pages: conditionsPages(results.records) })
 */
export function conditionsPages(records: readonly CaseRecord[]): ConditionsPage[] {
  const summary = contextLoss(records)
  if (!summary) return []
  const cases: ConditionsPageData['cases'] = []
  records.forEach((record, index) => {
    const trials = conditionPairs(record)
    if (trials.length === 0) return
    cases.push({
      index,
      caseId: record.caseId,
      epoch: record.epoch,
      cell: `${record.topology}/${record.category}`,
      nodes: trials.map((t) => [
        t.name,
        t.depth,
        t.inGraph,
        t.isolated ?? null,
        t.chained ?? null,
        t.evidence ?? null,
      ]),
    })
  })
  return [
    { id: 'conditions', title: 'Conditions', scriptFile: PAGE_SCRIPT, data: { rows: summary.rows, cases } },
  ]
}
