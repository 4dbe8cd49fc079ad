/**
 * The dashboard's charts as plain SVG text, drawn by this small module instead of a charting
 * library so the folder needs no network and no framework: accuracy per topology × category as
 * horizontal bars with Wilson 95% error bars, and horizontal count bars (attribution, statuses).
 * Every bar carries a `<title>` with the exact numbers, so hovering shows them and screen readers
 * read them. Rates are in [0, 1]; text is escaped.
 */
import type { CellSummary } from '../metrics/summarize.ts'

const ROW = 26
const LABEL = 220
const PLOT = 420
const PAD = 8

/**
 * Escapes text for SVG/HTML content and attribute values.
 * @example escapeXml('a<b') // 'a&lt;b'
 */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`

function axis(height: number): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => {
    const x = LABEL + t * PLOT
    return `<line x1="${x}" y1="${PAD}" x2="${x}" y2="${height - 18}" class="grid"/><text x="${x}" y="${height - 4}" text-anchor="middle" class="tick">${t * 100}%</text>`
  })
  return ticks.join('')
}

/**
 * Accuracy per cell with its Wilson 95% interval as an error bar.
 * @example accuracyChart(summarize(records).cells) // '<svg …>'
 */
export function accuracyChart(cells: readonly CellSummary[]): string {
  const height = PAD * 2 + cells.length * ROW + 20
  const width = LABEL + PLOT + 90
  const rows = cells.map((cell, i) => {
    const y = PAD + i * ROW
    const bar = Math.max(0, cell.accuracy * PLOT)
    const low = LABEL + cell.ciLow * PLOT
    const high = LABEL + cell.ciHigh * PLOT
    const mid = y + ROW / 2
    const title = `${cell.key}: ${cell.correct}/${cell.n} = ${pct(cell.accuracy)} (95% CI ${pct(cell.ciLow)}–${pct(cell.ciHigh)})`
    return [
      `<g class="cell" data-cell="${escapeXml(cell.key)}"><title>${escapeXml(title)}</title>`,
      `<text x="${LABEL - 6}" y="${mid + 4}" text-anchor="end" class="label">${escapeXml(cell.key)}</text>`,
      `<rect x="${LABEL}" y="${y + 5}" width="${bar.toFixed(1)}" height="${ROW - 10}" class="bar"/>`,
      `<line x1="${low.toFixed(1)}" y1="${mid}" x2="${high.toFixed(1)}" y2="${mid}" class="err"/>`,
      `<line x1="${low.toFixed(1)}" y1="${mid - 5}" x2="${low.toFixed(1)}" y2="${mid + 5}" class="err"/>`,
      `<line x1="${high.toFixed(1)}" y1="${mid - 5}" x2="${high.toFixed(1)}" y2="${mid + 5}" class="err"/>`,
      `<text x="${LABEL + PLOT + 6}" y="${mid + 4}" class="value">${pct(cell.accuracy)}</text></g>`,
    ].join('')
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart accuracy" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Accuracy by topology and category with Wilson 95% intervals">${axis(height)}${rows.join('')}</svg>`
}

/**
 * Horizontal bars for named counts, longest first, each labelled with its count and share.
 * @example countChart({ local: 3, propagated: 1 }, 'attribution') // '<svg …>'
 */
export function countChart(counts: Readonly<Record<string, number>>, name: string): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  const max = Math.max(1, ...entries.map(([, n]) => n))
  const width = LABEL + PLOT / 2 + 110
  const height = PAD * 2 + Math.max(1, entries.length) * ROW
  const rows = entries.map(([label, n], i) => {
    const y = PAD + i * ROW
    const bar = (n / max) * (PLOT / 2)
    const share = total === 0 ? 0 : n / total
    return `<g class="count"><title>${escapeXml(`${label}: ${n} (${pct(share)})`)}</title><text x="${LABEL - 6}" y="${y + ROW / 2 + 4}" text-anchor="end" class="label">${escapeXml(label)}</text><rect x="${LABEL}" y="${y + 5}" width="${bar.toFixed(1)}" height="${ROW - 10}" class="bar ${escapeXml(name)}"/><text x="${LABEL + bar + 6}" y="${y + ROW / 2 + 4}" class="value">${n} (${pct(share)})</text></g>`
  })
  const empty =
    entries.length === 0 ? `<text x="${LABEL}" y="${PAD + ROW / 2 + 4}" class="label">none</text>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart ${escapeXml(name)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(name)}">${rows.join('')}${empty}</svg>`
}
