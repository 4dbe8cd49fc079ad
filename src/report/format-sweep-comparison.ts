/**
 * A sweep comparison for the terminal: per curve, one row per point (both accuracies, the
 * difference, the paired counts, McNemar p, verdict), then the breaking points of A and B and
 * their difference with its bootstrap interval, "beyond" where a breaking point lies past the
 * largest size swept.
 */
import type { SweepComparison } from '../metrics/sweep/compare-sweeps.ts'
import { alignRows } from './format-table.ts'

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
      const rows = s.points.map((p) => [
        String(p.value),
        String(p.size),
        rate(p.accuracyA),
        rate(p.accuracyB),
        delta(p.delta),
        String(p.shared),
        String(p.lost),
        String(p.won),
        pValue(p.p),
        p.verdict,
      ])
      const headers = ['value', 'size', 'acc A', 'acc B', 'Δ', 'shared', 'lost', 'won', 'p', 'verdict']
      const [low, high] = s.breakingPointDeltaCi
      const difference =
        s.breakingPointDelta === null
          ? '—'
          : `${s.breakingPointDelta >= 0 ? '+' : ''}${s.breakingPointDelta.toFixed(1)}`
      return [
        `sweep ${s.key}`,
        ...alignRows(
          headers.map((header, i) => ({ header, numeric: i !== headers.length - 1 })),
          rows,
        ),
        `breaking point: A ${size(s.breakingPointA)}, B ${size(s.breakingPointB)}; B − A ${difference} (95% CI ${bound(low, '−')} to ${bound(high, '+')})`,
      ].join('\n')
    })
    .join('\n\n')
}
