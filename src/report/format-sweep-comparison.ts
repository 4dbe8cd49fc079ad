/**
 * A sweep comparison for the terminal: per curve, one row per point (both accuracies, the
 * difference, the paired counts, McNemar p, verdict), then the breaking points of A and B and
 * their difference with its bootstrap interval, "beyond" where a breaking point lies past the
 * largest size swept. Another benchmark's curve (compare-benchmark-sweeps.ts) also gets a row for
 * its points pooled (`all`), and a line saying it was compared on the benchmark's score.
 */
import type { CellComparison } from '../metrics/compare-cell.ts'
import type { SweepComparison } from '../metrics/sweep/compare-sweeps.ts'
import { alignRows } from './format-table.ts'

/** Said above a curve compared on partial credit, where "acc" is a mean score and not a share right. */
const SCORE_NOTE =
  'compared on the per-case score (acc = mean score; lost/won = cases that scored lower/higher in B; p: exact sign-flip test on the paired scores)'

/** Neither run has a fit: there is no difference of breaking points, not an unbounded one. */
const NO_FITS =
  'breaking point: neither run has a fit (a curve with no signal, or fewer than two graded points, has none)'

const rate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)
const delta = (v: number | null) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}pt`)
const pValue = (p: number) => (p < 0.0001 ? p.toExponential(2) : p.toFixed(4))
const size = (v: number | 'beyond' | null) =>
  v === null ? 'no fit' : v === 'beyond' ? 'beyond the range' : v.toFixed(1)
const bound = (v: number | null, side: string) =>
  v === null ? `${side}unbounded` : `${v >= 0 ? '+' : ''}${v.toFixed(1)}`

/**
 * The comparison of each curve as text.
 * @example io.out(formatSweepComparison(comparison.sweeps))
 */
export function formatSweepComparison(sweeps: readonly SweepComparison[]): string {
  return sweeps
    .map((s) => {
      const row = (p: CellComparison, value: string, size: string) => [
        value,
        size,
        rate(p.accuracyA),
        rate(p.accuracyB),
        delta(p.delta),
        String(p.shared),
        String(p.lost),
        String(p.won),
        pValue(p.p),
        p.verdict,
      ]
      const rows = s.points.map((p) => row(p, String(p.value), String(p.size)))
      if (s.total) rows.push(row(s.total, 'all', '—'))
      const headers = ['value', 'size', 'acc A', 'acc B', 'Δ', 'shared', 'lost', 'won', 'p', 'verdict']
      const [low, high] = s.breakingPointDeltaCi
      const difference =
        s.breakingPointDelta === null
          ? '—'
          : `${s.breakingPointDelta >= 0 ? '+' : ''}${s.breakingPointDelta.toFixed(1)}`
      return [
        `sweep ${s.key}`,
        ...(s.measure === 'score' ? [SCORE_NOTE] : []),
        ...alignRows(
          headers.map((header, i) => ({ header, numeric: i !== headers.length - 1 })),
          rows,
        ),
        s.breakingPointA === null && s.breakingPointB === null
          ? NO_FITS
          : `breaking point: A ${size(s.breakingPointA)}, B ${size(s.breakingPointB)}; B − A ${difference} (95% CI ${bound(low, '−')} to ${bound(high, '+')})`,
      ].join('\n')
    })
    .join('\n\n')
}
