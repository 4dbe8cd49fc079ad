/**
 * Sweep curves for people: per curve, a row per point (size, graded trials, accuracy with its
 * Wilson 95% band, the benchmark's mean score when it gives one, mean prompt tokens) and a line reading the fit — the breaking point with its
 * bootstrap interval, or that it lies beyond the largest size swept, and the slope per doubling.
 * One wording for the terminal and Markdown, so the two never say different things.
 */
import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { noSignalText } from '../metrics/sweep/sweep-signal.ts'
import { alignRows } from './format-table.ts'

const percent = (v: number) => `${(v * 100).toFixed(1)}%`
const size = (v: number) => (v >= 100 ? v.toFixed(0) : v.toPrecision(3).replace(/\.?0+$/, ''))
const signed = (v: number) => (v < 0 ? `−${Math.abs(v).toFixed(2)}` : `+${v.toFixed(2)}`)

/**
 * What the fit says, in one sentence; for a curve without signal (src/metrics/sweep/sweep-signal.ts)
 * it says that instead, with the accuracy at the smallest size.
 * @example describeFit(curve) // 'breaking point at size 13.7 (95% CI 9.8–19.1); slope −1.42 logit per doubling (95% CI −1.90 to −1.01)'
 */
export function describeFit(curve: SweepCurve): string {
  const { fit } = curve
  const noSignal = noSignalText(curve)
  if (noSignal) return noSignal
  if (!fit) return 'no fit: fewer than two points have graded trials'
  const largest = Math.max(...curve.points.map((p) => p.size))
  const [low, high] = fit.breakingPointCi
  const interval =
    low === null
      ? '95% CI beyond the range'
      : `95% CI ${size(low)}–${high === null ? `beyond ${largest}` : size(high)}`
  const point =
    fit.breakingPoint.status === 'inside'
      ? `breaking point at size ${size(fit.breakingPoint.size)} (${interval})`
      : `breaking point beyond the largest size swept (${largest}): accuracy never fell to half of its value at size ${curve.points[0]?.size} (${interval})`
  const [sLow, sHigh] = fit.slopeCi
  const slopeCi = sLow === null || sHigh === null ? '' : ` (95% CI ${signed(sLow)} to ${signed(sHigh)})`
  return `${point}; slope ${signed(fit.slope)} logit per doubling${slopeCi}${fit.converged ? '' : '; the fit did not converge'}`
}

const COLUMNS = [
  { header: 'size', numeric: true },
  { header: 'n', numeric: true },
  { header: 'accuracy', numeric: true },
  { header: '95% CI', numeric: true },
  { header: 'prompt tok', numeric: true },
  { header: 'infra', numeric: true },
]

/** Whether the curve's points carry a benchmark's mean score (then shown after the interval). */
const scored = (curve: SweepCurve) =>
  curve.points.length > 0 && curve.points.every((p) => p.scoreMean !== undefined)

const columnsOf = (curve: SweepCurve) =>
  scored(curve) ? [...COLUMNS.slice(0, 4), { header: 'score', numeric: true }, ...COLUMNS.slice(4)] : COLUMNS

function pointRows(curve: SweepCurve): string[][] {
  return curve.points.map((p) => [
    String(p.value),
    String(p.size),
    String(p.n),
    percent(p.accuracy),
    `${percent(p.ciLow)}–${percent(p.ciHigh)}`,
    ...(scored(curve) ? [percent(p.scoreMean!)] : []),
    p.promptTokensMean.toFixed(0),
    String(p.infraErrors),
  ])
}

const title = (curve: SweepCurve) =>
  `sweep ${curve.key} · ${curve.topology} ${curve.axis} · ${curve.models.join(', ')}`

/**
 * The curves as terminal text.
 * @example console.log(formatSweepTable(summarizeSweeps(records)))
 */
export function formatSweepTable(curves: readonly SweepCurve[]): string {
  return curves
    .map((curve) =>
      [
        title(curve),
        ...alignRows([{ header: curve.axis, numeric: true }, ...columnsOf(curve)], pointRows(curve)),
        describeFit(curve),
      ].join('\n'),
    )
    .join('\n\n')
}

/**
 * The curves as Markdown (a heading, a table and the fit per curve).
 * @example text += formatSweepMarkdown(summarizeSweeps(records))
 */
export function formatSweepMarkdown(curves: readonly SweepCurve[]): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  return curves
    .map((curve) =>
      [
        `### ${title(curve)}`,
        '',
        row([curve.axis, ...columnsOf(curve).map((c) => c.header)]),
        `|${[curve.axis, ...columnsOf(curve)].map(() => ' ---: ').join('|')}|`,
        ...pointRows(curve).map(row),
        '',
        describeFit(curve),
        '',
      ].join('\n'),
    )
    .join('\n')
}
