/**
 * The running counts of one board cell, view point or model total: trials, graded ones, right
 * ones, infrastructure errors, and the sums of the benchmark's metrics over graded trials (means
 * are sums / graded: integers such as tokens stay exact in the sum far beyond any run's size).
 */
import type { BoardTrial } from '../contracts/board.ts'
import { wilson95 } from '../metrics/wilson.ts'

export interface Tally {
  trials: number
  graded: number
  correct: number
  infra: number
  /** Metric sums over graded trials, in the order of the benchmark's metrics. */
  sums: Float64Array
}

/** A new, empty tally for `metrics` metrics. */
export const emptyTally = (metrics: number): Tally => ({
  trials: 0,
  graded: 0,
  correct: 0,
  infra: 0,
  sums: new Float64Array(metrics),
})

/**
 * Counts one trial into `tally`; `metrics` are the benchmark's metric ids, in order.
 * @example addTrial(tally, trial, ['tokens', 'turns'])
 */
export function addTrial(tally: Tally, trial: BoardTrial, metrics: readonly string[]): void {
  tally.trials++
  if (trial.correct === null) {
    tally.infra++
    return
  }
  tally.graded++
  if (trial.correct) tally.correct++
  for (let i = 0; i < metrics.length; i++) tally.sums[i]! += trial.values[metrics[i]!] ?? 0
}

/** A tally as the page and the Markdown show it. */
export interface TallyStat {
  trials: number
  graded: number
  correct: number
  infra: number
  /** correct / graded, with its Wilson 95% interval; null when nothing was graded. */
  rate: number | null
  low: number | null
  high: number | null
  /** Metric means over graded trials, by metric id; null when nothing was graded. */
  means: { [metric: string]: number | null }
}

/**
 * The tally's rate, interval and means.
 * @example tallyStat(tally, ['tokens']).rate // 0.75
 */
export function tallyStat(tally: Tally, metrics: readonly string[]): TallyStat {
  const ci = tally.graded > 0 ? wilson95(tally.correct, tally.graded) : null
  const means: TallyStat['means'] = {}
  metrics.forEach((id, i) => {
    means[id] = tally.graded > 0 ? tally.sums[i]! / tally.graded : null
  })
  return {
    trials: tally.trials,
    graded: tally.graded,
    correct: tally.correct,
    infra: tally.infra,
    rate: ci ? ci.estimate : null,
    low: ci ? ci.lower : null,
    high: ci ? ci.upper : null,
    means,
  }
}

/**
 * The value a view draws: the rate for `correct`, else the metric's mean.
 * @example statValue(stat, 'correct') // 0.75
 */
export const statValue = (stat: TallyStat, metric: string): number | null =>
  metric === 'correct' ? stat.rate : (stat.means[metric] ?? null)
