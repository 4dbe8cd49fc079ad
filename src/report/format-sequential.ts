/**
 * One line per cell of the sequential gate's decisions, shared by the terminal, the Markdown
 * summary and the dashboard: "decided after n of N cases", each rule's verdict at its α with the
 * confidence sequence's interval, and what the cases not sent saved.
 */
import type { CellDecision } from '../metrics/sequential/replay-gate.ts'

const percent = (x: number) => `${(x * 100).toFixed(1)}%`

/**
 * The lines a reporter prints for the decisions (terminal and Markdown alike).
 * @example formatDecision(decision) // 'chain/math: decided after 212 of 640 cases (pass at α=0.05) …'
 */
export function formatDecision(d: CellDecision): string {
  const verdicts = d.rules.map((r) => {
    const verdict =
      r.pass === null ? 'undecided' : `${r.pass ? 'pass' : 'fail'} at α=${Number(d.alpha.toPrecision(3))}`
    const interval = r.interval ? `, rate in [${percent(r.interval.low)}, ${percent(r.interval.high)}]` : ''
    return `"${r.rule}" ${verdict}${interval}`
  })
  const head =
    d.decidedAfter !== null
      ? `decided after ${d.decidedAfter} of ${d.population} cases`
      : `not decided early (${d.fixedReason ?? `${d.seen} of ${d.population} cases seen`})`
  const saved =
    d.notRun > 0
      ? `; ${d.notRun} cases not run: gate decided (≈ ${d.saved.calls} model calls, ≈ ${d.saved.tokens} tokens saved)`
      : ''
  return `${d.cell}: ${head}; ${verdicts.join('; ')}${saved}`
}
