/**
 * The report's columns: which numbers of a cell the table shows and how each is written. The
 * terminal table and the Markdown summary share them, so both always show the same figures.
 * Epoch columns appear only when some case ran more than once.
 */
import { isSimulatedModel } from '../contracts/results.ts'
import type { CellSummary, RunSummary } from '../metrics/summarize.ts'

/** One column: a header and how to write a cell's value; numbers are right-aligned. */
export interface Column {
  header: string
  numeric: boolean
  value: (cell: CellSummary) => string
}

/**
 * A number with a fixed count of decimals, trailing zeros kept (so columns line up).
 * @example fixed(0.75, 3) // '0.750'
 */
export const fixed = (x: number, digits: number): string => x.toFixed(digits)

/** Means and medians with one decimal, so a column's figures line up. */
const amount = (x: number): string => fixed(x, 1)

const column = (header: string, value: Column['value'], numeric = true): Column => ({
  header,
  numeric,
  value,
})

/**
 * The columns for a summary.
 * @example reportColumns(summarize(records)).map((c) => c.header) // ['cell', 'n', 'acc', …]
 */
export function reportColumns(summary: RunSummary): Column[] {
  const epochs = Math.max(summary.total.epochs, ...summary.cells.map((c) => c.epochs)) > 1
  return [
    column('cell', (c) => (c.key === '*' ? 'all' : c.key), false),
    column('n', (c) => String(c.n)),
    ...(epochs
      ? [
          column('cases', (c) => String(c.cases)),
          column('case-mean', (c) => fixed(c.caseMean, 3)),
          column('all-epochs', (c) => fixed(c.allEpochs, 3)),
        ]
      : []),
    column('acc', (c) => fixed(c.accuracy, 3)),
    column('95% CI', (c) => `[${fixed(c.ciLow, 3)}, ${fixed(c.ciHigh, 3)}]`),
    column('exact', (c) => fixed(c.exact, 3)),
    column('tok mean', (c) => amount(c.completionTokens.mean)),
    column('tok med', (c) => amount(c.completionTokens.median)),
    column('turns', (c) => amount(c.turns.mean)),
    column('tools', (c) => amount(c.toolCalls.mean)),
    column('repairs t/f/c', (c) => `${c.repairs.tool}/${c.repairs.final}/${c.repairs.cutoff}`),
    column('ctx-exc', (c) => fixed(c.contextExceededRate, 3)),
    column('infra', (c) => String(c.infraErrors)),
    column('cached', (c) => String(c.cachedTurns)),
  ]
}

const counts = (record: Record<string, number>): string =>
  Object.entries(record)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ')

/**
 * One line per cell with what does not fit in a column: status counts and failure attribution.
 * @example cellDetails(cell) // 'chain/math: statuses success 3, timeout 1 · wrong: local 1'
 */
export function cellDetails(cell: CellSummary): string {
  const wrong = counts(cell.attribution)
  const name = cell.key === '*' ? 'all' : cell.key
  return `${name}: statuses ${counts(cell.statuses) || '-'}${wrong ? ` · wrong: ${wrong}` : ''}`
}

/**
 * The lines that name the model; a simulated model (`sim:*`) gets a warning nobody can miss.
 * @example modelBanner('sim:oracle', 12) // ['arbigraph · model sim:oracle · 12 trials', '⚠ SIMULATED …']
 */
export function modelBanner(model: string, trials: number): string[] {
  const lines = [`arbigraph · model ${model} · ${trials} trial${trials === 1 ? '' : 's'}`]
  if (isSimulatedModel(model))
    lines.push(
      `⚠ SIMULATED MODEL (${model}): these numbers come from the built-in simulated endpoint and measure the harness, not a language model.`,
    )
  return lines
}

/** A date to the minute, in UTC: `2026-12-06 18:31 UTC` (an unreadable one as given). */
function minute(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso)
  return match ? `${match[1]} ${match[2]}` : iso
}

/**
 * The line saying how much of the run was replayed from the response cache, and from which
 * server and when; null when nothing was.
 * @example replayLine(summary.replay) // '2 of 2 cases replayed (/ckpt/b · version 0.11.0, 2026-12-06 18:31 UTC)'
 */
export function replayLine(replay: RunSummary['replay']): string | null {
  if (replay.replayed === 0) return null
  const sources = replay.sources.map((s) => {
    const first = minute(s.first)
    const last = minute(s.last)
    const when = first === last ? `${first} UTC` : `${first} – ${last} UTC`
    return `${s.server}, ${when}${replay.sources.length > 1 ? `: ${s.trials}` : ''}`
  })
  if (replay.unattributed > 0) sources.push(`source not recorded: ${replay.unattributed}`)
  return `${replay.replayed} of ${replay.trials} case${replay.trials === 1 ? '' : 's'} replayed (${sources.join('; ')})`
}
