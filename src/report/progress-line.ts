/**
 * Plain progress lines for logs that are not a terminal (CI): one self-contained line —
 * done/total, percent, rate, ETA and, for evals, the running accuracy of each cell — printed at
 * most once per interval, so a long run shows it is alive without flooding the log. The clock is
 * passed in, so the throttling is tested with a fake clock, not with sleeps.
 */

import type { BenchmarkProgressCell } from '../contracts/benchmark.ts'

/**
 * One cell's running figures (a topology × category of ArbiGraph, a family × budget of
 * Long-Transduction, whatever cells a benchmark has): infrastructure errors are counted apart,
 * never as wrong answers.
 */
export type CellProgress = BenchmarkProgressCell

export interface ProgressState {
  done: number
  total: number
  /** Milliseconds since the run started. */
  elapsedMs: number
  /** What is counted: `cases`, `instances`. */
  unit: string
  cells?: readonly CellProgress[]
  /**
   * Set while test files are still being loaded: each adds its cases to `total`, so a percentage
   * or an ETA from it would be wrong (a 20 s run's first ETA read minutes). @default the total is known
   */
  loading?: { loaded: number; files: number }
}

/** `1h02m`, `4m07s`, `9s`: short enough for a log line, exact to the second. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`
  if (m > 0) return `${m}m${String(s).padStart(2, '0')}s`
  return `${s}s`
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`

/** `71.7% (86/120)` when the cell counts right answers, `97.9% over 12` for a mean score. */
function cellFigure(c: CellProgress): string {
  if (c.graded === 0) return 'no grades yet'
  if (c.correct !== undefined) return `${percent(c.correct, c.graded)} (${c.correct}/${c.graded})`
  if (c.accuracy !== undefined) return `${(c.accuracy * 100).toFixed(1)}% over ${c.graded}`
  return `${c.graded} graded`
}

/**
 * One cell as a progress line (and the live dashboard) shows it.
 * @example formatCell({ cell: 'chain/math', graded: 2, correct: 1, infraErrors: 1 }) // 'chain/math 50.0% (1/2), 1 infra errors'
 */
export const formatCell = (c: CellProgress): string =>
  `${c.cell} ${cellFigure(c)}${c.infraErrors > 0 ? `, ${c.infraErrors} infra errors` : ''}`

/**
 * The line for one moment of a run.
 * @example progressLine({ done: 50, total: 200, elapsedMs: 10_000, unit: 'cases' }) // 'progress: 50/200 cases (25.0%), 5.0 cases/s, elapsed 10s, ETA 30s'
 * @example progressLine({ done: 5, total: 8, elapsedMs: 1000, unit: 'cases', loading: { loaded: 1, files: 3 } }) // 'progress: 5/8+ cases so far, 5.0 cases/s, elapsed 1s, ETA once every file is loaded (1/3)'
 */
export function progressLine(state: ProgressState): string {
  const { done, total, elapsedMs, unit, loading } = state
  const seconds = elapsedMs / 1000
  const rate = seconds > 0 ? done / seconds : 0
  const eta = done > 0 && rate > 0 ? formatDuration(((total - done) / rate) * 1000) : 'unknown'
  const parts = [
    loading
      ? `progress: ${done}/${total}+ ${unit} so far`
      : `progress: ${done}/${total} ${unit} (${total > 0 ? percent(done, total) : '0.0%'})`,
    `${rate.toFixed(1)} ${unit}/s`,
    `elapsed ${formatDuration(elapsedMs)}`,
    loading
      ? `ETA once every file is loaded (${loading.loaded}/${loading.files})`
      : `ETA ${done >= total ? '0s' : eta}`,
  ]
  const cells = (state.cells ?? []).map(formatCell)
  return [parts.join(', '), ...cells].join('; ')
}

/**
 * A gate that opens at most once per `intervalMs` of `now()`, counted from its creation.
 * @example const due = throttle(10_000, clock); if (due()) print(line)
 */
export function throttle(intervalMs: number, now: () => number): () => boolean {
  let last = now()
  return () => {
    const t = now()
    if (t - last < intervalMs) return false
    last = t
    return true
  }
}

/** The interval between plain progress lines in a log. */
export const PROGRESS_INTERVAL_MS = 10_000
