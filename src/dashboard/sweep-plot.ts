/**
 * The sweep plot as plain SVG text (like src/dashboard/svg-charts.ts): accuracy against size on a
 * log₂ axis — or against mean prompt tokens — one coloured line per curve (sweep × category ×
 * context condition; isolated and chained lines are drawn dotted and dashed-dotted), its
 * Wilson 95% band shaded, the fitted logistic curve dashed and the breaking point marked when it
 * lies inside the range. Every point carries a `<title>` with its exact numbers.
 */
import type { Condition } from '../contracts/conditions.ts'
import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { escapeXml } from './svg-charts.ts'

const WIDTH = 700
const HEIGHT = 320
const LEFT = 52
const RIGHT = 230
const TOP = 12
const BOTTOM = 40
const COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2']
/** Besides its colour, a condition's line has its own stroke, so it reads in greyscale too. */
const DASHES: Record<Condition, string> = {
  'in-graph': '',
  isolated: ' stroke-dasharray="1 3" stroke-linecap="round"',
  chained: ' stroke-dasharray="8 3 1 3"',
}

/** What the x axis shows. */
export type SweepAxis = 'size' | 'tokens'

const pct = (v: number) => `${(v * 100).toFixed(1)}%`
const f = (v: number) => v.toFixed(1)

/**
 * The plot of `curves` against `axis`.
 * @example sweepPlot(summarizeSweeps(records), 'size') // '<svg …>'
 */
export function sweepPlot(curves: readonly SweepCurve[], axis: SweepAxis): string {
  const xOf = (p: SweepCurve['points'][number]) =>
    Math.log2(Math.max(1, axis === 'size' ? p.size : p.promptTokensMean))
  const all = curves.flatMap((c) => c.points.filter((p) => p.n > 0).map(xOf))
  const lo = Math.floor(Math.min(...all))
  const hi = Math.max(lo + 1, Math.ceil(Math.max(...all, lo + 1)))
  const plotW = WIDTH - LEFT - RIGHT
  const plotH = HEIGHT - TOP - BOTTOM
  const sx = (x: number) => LEFT + ((x - lo) / (hi - lo)) * plotW
  const sy = (y: number) => TOP + (1 - y) * plotH
  const grid = [
    ...[0, 0.25, 0.5, 0.75, 1].map(
      (t) =>
        `<line x1="${LEFT}" y1="${f(sy(t))}" x2="${LEFT + plotW}" y2="${f(sy(t))}" class="grid"/><text x="${LEFT - 6}" y="${f(sy(t) + 4)}" text-anchor="end" class="tick">${t * 100}%</text>`,
    ),
    ...Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)
      .filter((x, _, xs) => xs.length <= 12 || x % 2 === 0)
      .map(
        (x) =>
          `<line x1="${f(sx(x))}" y1="${TOP}" x2="${f(sx(x))}" y2="${TOP + plotH}" class="grid"/><text x="${f(sx(x))}" y="${TOP + plotH + 16}" text-anchor="middle" class="tick">${2 ** x}</text>`,
      ),
    `<text x="${LEFT + plotW / 2}" y="${HEIGHT - 4}" text-anchor="middle" class="label">${axis === 'size' ? 'size (log₂ scale)' : 'mean prompt tokens (log₂ scale)'}</text>`,
  ]
  const series = curves.map((curve, i) => {
    const colour = COLOURS[i % COLOURS.length]!
    const points = curve.points.filter((p) => p.n > 0)
    const band = [
      ...points.map((p) => `${f(sx(xOf(p)))},${f(sy(p.ciHigh))}`),
      ...points.toReversed().map((p) => `${f(sx(xOf(p)))},${f(sy(p.ciLow))}`),
    ].join(' ')
    const line = points.map((p) => `${f(sx(xOf(p)))},${f(sy(p.accuracy))}`).join(' ')
    const dots = points.map(
      (p) =>
        `<circle cx="${f(sx(xOf(p)))}" cy="${f(sy(p.accuracy))}" r="3.5" fill="${colour}"><title>${escapeXml(`${curve.key} ${curve.axis}=${p.value} (size ${p.size}): ${p.correct}/${p.n} = ${pct(p.accuracy)}, 95% CI ${pct(p.ciLow)}–${pct(p.ciHigh)}, ${p.promptTokensMean.toFixed(0)} prompt tokens`)}</title></circle>`,
    )
    return [
      `<g class="sweep-curve" data-curve="${escapeXml(curve.key)}" data-condition="${curve.condition ?? 'in-graph'}">`,
      `<polygon points="${band}" fill="${colour}" fill-opacity="0.15" class="band"/>`,
      `<polyline points="${line}" fill="none" stroke="${colour}" stroke-width="2"${DASHES[curve.condition ?? 'in-graph']}/>`,
      axis === 'size' ? fitted(curve, colour, lo, hi, sx, sy) : '',
      ...dots,
      `<rect x="${WIDTH - RIGHT + 12}" y="${TOP + i * 20}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${WIDTH - RIGHT + 30}" y="${TOP + i * 20 + 11}" class="label">${escapeXml(curve.key)}</text>`,
      '</g>',
    ].join('')
  })
  const label = `Accuracy against ${axis === 'size' ? 'size' : 'mean prompt tokens'} with Wilson 95% bands`
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart sweep" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">${grid.join('')}${series.join('')}</svg>`
}

/** The fitted curve over the swept range (dashed) and the breaking point when inside. */
function fitted(
  curve: SweepCurve,
  colour: string,
  lo: number,
  hi: number,
  sx: (x: number) => number,
  sy: (y: number) => number,
): string {
  const { fit } = curve
  if (!fit) return ''
  const sizes = curve.points.map((p) => Math.log2(p.size))
  const [from, to] = [Math.max(lo, Math.min(...sizes)), Math.min(hi, Math.max(...sizes))]
  const path = Array.from({ length: 41 }, (_, k) => {
    const x = from + ((to - from) * k) / 40
    return `${f(sx(x))},${f(sy(1 / (1 + Math.exp(-(fit.intercept + fit.slope * x)))))}`
  }).join(' ')
  const marker =
    fit.breakingPoint.status === 'inside'
      ? `<line x1="${f(sx(Math.log2(fit.breakingPoint.size)))}" y1="${f(sy(1))}" x2="${f(sx(Math.log2(fit.breakingPoint.size)))}" y2="${f(sy(0))}" stroke="${colour}" stroke-dasharray="2 3" class="breaking-point"><title>${escapeXml(`${curve.key}: breaking point at size ${fit.breakingPoint.size.toFixed(1)}`)}</title></line>`
      : ''
  return `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="1" stroke-dasharray="5 4" class="fit"/>${marker}`
}
