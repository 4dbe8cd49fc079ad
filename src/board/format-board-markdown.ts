/**
 * The board as Markdown: per benchmark, one row per model (best first) and one column per cell,
 * each entry the rate with its Wilson 95% interval; the cell's best model in bold, and a model the
 * exact McNemar test finds significantly below the best (p < 0.05, on the trials both share)
 * marked ▼ with its p-value. Then each model's runs.
 */
import type { BoardCell, BoardData, BoardSection } from './board-data.ts'

const pct = (v: number) => `${(v * 100).toFixed(1)}`
const pValue = (p: number) => (p < 0.0001 ? p.toExponential(1) : p.toFixed(4))
const escapeCell = (text: string) => text.replaceAll('|', '\\|')

/** One matrix entry. */
function entry(cell: BoardCell | null): string {
  if (!cell) return '—'
  if (cell.rate === null) return `— (${cell.infra} infra)`
  const text = `${pct(cell.rate)}% [${pct(cell.low!)}, ${pct(cell.high!)}]`
  if (cell.versus === 'best') return `**${text}**`
  if (cell.versus && cell.versus.p < 0.05 && cell.versus.lost > cell.versus.won)
    return `${text} ▼ p=${pValue(cell.versus.p)}`
  return text
}

function section(s: BoardSection, data: BoardData): string {
  const head = ['model', ...s.cells, 'all']
  const rows = s.columns.map((c) => [
    `${escapeCell(c.key)}${c.simulated ? ' (simulated)' : ''}`,
    ...c.cells.map(entry),
    entry(c.total),
  ])
  const table = [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
  const runs = s.columns
    .map(
      (c) =>
        `- ${escapeCell(c.key)}: ${c.runs.map((r) => `\`${data.runs[r]!.file}\``).join(', ')} (${c.total.trials} trials)`,
    )
    .join('\n')
  return [
    `## ${s.label}: ${s.correctLabel} per cell`,
    '',
    `Wilson 95% intervals; **bold** = the cell's best model; ▼ = significantly below it (exact McNemar on shared trials, p < 0.05).`,
    '',
    table,
    '',
    'Runs (runs of one model and dataset are pooled as epochs):',
    '',
    runs,
    ...(s.duplicates > 0
      ? [
          '',
          `⚠ ${s.duplicates} trials were met twice in one model (same instance, condition and epoch in one run): counted in the rates, paired once.`,
        ]
      : []),
  ].join('\n')
}

/**
 * The board's Markdown summary.
 * @example formatBoardMarkdown(data).startsWith('# Board') // true
 */
export function formatBoardMarkdown(data: BoardData): string {
  const models = new Set(data.sections.flatMap((s) => s.columns.map((c) => c.key)))
  return `${[
    `# Board: ${models.size} models, ${data.runs.length} runs, ${data.trials} trials`,
    ...data.sections.map((s) => section(s, data)),
  ].join('\n\n')}\n`
}
