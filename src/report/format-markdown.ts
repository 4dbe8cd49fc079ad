/**
 * The Markdown summary, for CI step summaries ($GITHUB_STEP_SUMMARY) and `out/summary.md`: the
 * same columns as the terminal table, as a GitHub table, with the model named in the heading, a
 * warning block for a simulated model, and the gate's verdict when a gate was given.
 */
import type { BrokenRule } from '../metrics/gate.ts'
import { formatBroken } from '../metrics/gate.ts'
import type { RunSummary } from '../metrics/summarize.ts'
import { cellDetails, modelBanner, replayLine, reportColumns } from './columns.ts'

const escapePipes = (text: string) => text.replaceAll('|', '\\|')

/** The gate's part of a summary: `null` when no gate was set. */
export interface GateVerdict {
  rules: string[]
  broken: BrokenRule[]
  /** Broken rules that are not cell thresholds (the sequential gate's baseline rules), as lines. */
  brokenLines?: string[]
  /** Why the gate refused to judge (simulated results); the rules were not checked. */
  refused?: string
}

/**
 * The summary as Markdown.
 * @example await appendFile(process.env.GITHUB_STEP_SUMMARY!, formatMarkdown(summary, 'qwen3.5-27b', null))
 */
export function formatMarkdown(summary: RunSummary, model: string, gate: GateVerdict | null): string {
  const [title, warning] = modelBanner(model, summary.total.trials)
  const columns = reportColumns(summary)
  const replay = replayLine(summary.replay)
  const row = (cells: string[]) => `| ${cells.map(escapePipes).join(' | ')} |`
  const lines = [
    `## ${title}`,
    '',
    ...(warning ? [`> [!WARNING]`, `> ${warning}`, ''] : []),
    ...(replay ? [escapePipes(replay), ''] : []),
    row(columns.map((c) => c.header)),
    `|${columns.map((c) => (c.numeric ? ' ---: ' : ' --- ')).join('|')}|`,
    ...[...summary.cells, summary.total].map((cell) => row(columns.map((col) => col.value(cell)))),
    '',
    ...summary.cells
      .filter((cell) => cell.task === null)
      .map((cell) => `- ${escapePipes(cellDetails(cell))}`),
  ]
  if (gate) {
    lines.push('')
    if (gate.refused)
      lines.push(`**Gate refused:** ${escapePipes(gate.refused.replace(/^gate: refused — /, ''))}`)
    else if (gate.broken.length === 0 && !gate.brokenLines?.length)
      lines.push(`**Gate holds** (${gate.rules.map((r) => `\`${r}\``).join(', ')}).`)
    else
      lines.push(
        '**Gate broken:**',
        '',
        ...gate.broken.map((b) => `- ${escapePipes(formatBroken(b))}`),
        ...(gate.brokenLines ?? []).map((line) => `- ${escapePipes(line)}`),
      )
  }
  return `${lines.join('\n')}\n`
}
