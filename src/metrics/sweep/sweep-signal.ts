/**
 * Whether a sweep curve has anything to fit. A breaking point is where accuracy falls to half its
 * value at the smallest size; when the model is already (nearly) always wrong there, "half of
 * nothing" is nothing: the logistic fit returns a flat line, its breaking point lies "beyond the
 * range" and its slope is −0.00 with a −0.00 interval, all true and all meaningless. Such a curve
 * has no signal: it gets no fit (`fit: null`, src/metrics/sweep/curve-of-trials.ts), its reports
 * say "no signal" and why (terminal, Markdown and the dashboard's fit sentence), and a gate rule on
 * its breaking point or slope finds no value and is broken, as for any curve without a fit.
 *
 * The line is drawn at accuracy ≤ 0.05 at the smallest size with graded trials: at or below one
 * right in twenty the "half" of it is within one trial of zero on the small points sweeps run
 * (two to a hundred cases), so no fall could be measured.
 */
import type { SweepCurve } from '../../contracts/sweep-curve.ts'

/** The highest accuracy at the smallest size that still counts as no signal. */
export const NO_SIGNAL_ACCURACY = 0.05

/**
 * The first point with graded trials when its accuracy is at or below NO_SIGNAL_ACCURACY, else
 * undefined (the curve has a signal, or no graded point at all).
 * @example noSignalPoint(allWrongCurve)?.accuracy // 0
 */
export function noSignalPoint(curve: Pick<SweepCurve, 'points'>): SweepCurve['points'][number] | undefined {
  const first = curve.points.find((p) => p.n > 0)
  return first && first.accuracy <= NO_SIGNAL_ACCURACY ? first : undefined
}

/**
 * The sentence a report prints for a curve without signal, or undefined when it has one.
 * @example noSignalText(curve) // 'no signal: accuracy at the smallest size is 0.0% (0/6 at size 4000), no curve fitted'
 */
export function noSignalText(curve: Pick<SweepCurve, 'points'>): string | undefined {
  const point = noSignalPoint(curve)
  if (!point) return undefined
  return `no signal: accuracy at the smallest size is ${(point.accuracy * 100).toFixed(1)}% (${point.correct}/${point.n} at size ${point.size}), no curve fitted`
}
