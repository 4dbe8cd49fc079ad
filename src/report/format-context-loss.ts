/**
 * The context-conditions section of the reports: one row per cell and per node depth with the
 * node accuracy of each condition, then context loss (isolated − in-graph), propagation
 * (isolated − chained) and interference (chained − in-graph) as percentage points with their 95%
 * paired interval and McNemar p, and the evidence labels of the wrong in-graph nodes. The
 * terminal and the Markdown summary write the same cells.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { ConditionAccuracy, ContextLoss, ContextLossRow } from '../contracts/context-loss.ts'
import { contextLoss } from '../metrics/context-loss.ts'
import type { PairedDifference } from '../metrics/paired-difference.ts'
import { fixed } from './columns.ts'
import { alignRows } from './format-table.ts'

interface LossColumn {
  header: string
  numeric: boolean
  value: (row: ContextLossRow) => string
}

const percent = (a: ConditionAccuracy | undefined): string => (a ? `${fixed(a.estimate * 100, 1)}%` : '—')

const points = (x: number): string => `${x >= 0 ? '+' : '−'}${fixed(Math.abs(x) * 100, 1)}`

/**
 * A paired difference in percentage points: estimate, interval and McNemar p.
 * @example formatDifference({ n: 50, count: 6, estimate: 0.12, lower: 0.03, upper: 0.22, p: 0.03 }) // '+12.0 [+3.0, +22.0] p=0.031'
 */
export function formatDifference(d: PairedDifference | null): string {
  if (!d) return '—'
  const p = d.p < 0.001 ? '<0.001' : fixed(d.p, 3)
  return `${points(d.estimate)} [${points(d.lower)}, ${points(d.upper)}] p=${p}`
}

const LOSS_COLUMNS: LossColumn[] = [
  { header: 'cell', numeric: false, value: (r) => (r.depth === null ? `${r.topology}/${r.category}` : '') },
  { header: 'depth', numeric: true, value: (r) => (r.depth === null ? 'all' : String(r.depth)) },
  { header: 'nodes', numeric: true, value: (r) => String(r.nodes) },
  { header: 'in-graph', numeric: true, value: (r) => percent(r.accuracy['in-graph']) },
  { header: 'isolated', numeric: true, value: (r) => percent(r.accuracy.isolated) },
  { header: 'chained', numeric: true, value: (r) => percent(r.accuracy.chained) },
  { header: 'context loss (pp)', numeric: false, value: (r) => formatDifference(r.contextLoss) },
  { header: 'propagation (pp)', numeric: false, value: (r) => formatDifference(r.propagation) },
  { header: 'interference (pp)', numeric: false, value: (r) => formatDifference(r.interference) },
  {
    header: 'wrong: local/prop/interf',
    numeric: true,
    value: (r) => `${r.evidence.local}/${r.evidence.propagated}/${r.evidence.interference}`,
  },
]

const LEAD =
  'Context conditions: node accuracy per condition; loss = isolated − in-graph = propagation (isolated − chained) + interference (chained − in-graph), in percentage points with 95% Newcombe paired intervals and exact McNemar p.'

/**
 * The section as terminal text.
 * @example console.log(formatContextLossText(contextLoss(records)!))
 */
export function formatContextLossText(summary: ContextLoss): string {
  const rows = summary.rows.map((row) => LOSS_COLUMNS.map((col) => col.value(row)))
  return [LEAD, '', ...alignRows(LOSS_COLUMNS, rows)].join('\n')
}

/**
 * The section as Markdown (a heading, the lead, one GitHub table).
 * @example text += formatContextLossMarkdown(contextLoss(records)!)
 */
export function formatContextLossMarkdown(summary: ContextLoss): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`
  return [
    '### Context conditions',
    '',
    LEAD,
    '',
    line(LOSS_COLUMNS.map((c) => c.header)),
    `|${LOSS_COLUMNS.map((c) => (c.numeric ? ' ---: ' : ' --- ')).join('|')}|`,
    ...summary.rows.map((row) => line(LOSS_COLUMNS.map((col) => col.value(row)))),
    '',
  ].join('\n')
}

/**
 * The section of `records` in either form, with a leading blank line; '' when no record ran a
 * condition besides in-graph (so a report without conditions is unchanged byte for byte).
 * @example log(formatTable(summary, model) + contextLossSection(records, 'text'))
 */
export function contextLossSection(records: readonly CaseRecord[], form: 'text' | 'markdown'): string {
  const summary = contextLoss(records)
  if (!summary) return ''
  return `\n${form === 'text' ? formatContextLossText(summary) : formatContextLossMarkdown(summary)}`
}
