/**
 * Long-Transduction's breakdown tables (`arbigraph report out/transduction.json --by family,format`):
 * any one or two of family, format, difficulty and budget, scored as the report's own tables are
 * (macro accuracy and self-consistency over family × format × level cells inside each group, the
 * exact-completion rate, and the scored documents), so `--by budget` repeats the budget table and
 * `--by family,format` is the paper's task × format view (Fig. 8's heatmap, Fig. 3 per task).
 * Rows follow the grid's order on each dimension; infrastructure errors are counted in the
 * headline, never scored.
 * Reference: Long-Transduction paper §4 (Figs. 3, 4, 8 and Table 2).
 */
import type { BenchmarkBreakdowns } from '../../../src/contracts/benchmark.ts'
import { budgetLabels, families, levels, lineFormats, tableFormats } from '../grid.ts'
import type { Dimension } from '../metrics/macro-average.ts'
import { breakdownBy } from '../metrics/macro-average.ts'
import { rowOf, type Scored } from '../metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../record.ts'

interface TransductionDimension {
  id: string
  label: string
  /** The row field it reads. */
  field: Dimension
  order: readonly string[]
  /** A value as the tables print it. */
  show: (value: string) => string
}

const DIMENSIONS: readonly TransductionDimension[] = [
  { id: 'family', label: 'family', field: 'family', order: families, show: (v) => v },
  {
    id: 'format',
    label: 'format',
    field: 'format',
    order: [...lineFormats, ...tableFormats],
    show: (v) => v,
  },
  { id: 'difficulty', label: 'level', field: 'level', order: levels.map(String), show: (v) => `L${v}` },
  { id: 'budget', label: 'budget', field: 'budget', order: budgetLabels, show: (v) => v },
]

const rate = (x: number): string => (Number.isNaN(x) ? '—' : x.toFixed(3))

export const transductionBreakdowns: BenchmarkBreakdowns<TransductionRecord> = {
  dimensions: DIMENSIONS.map(({ id, label }) => ({ id, label })),
  // The paper's task × format view (Fig. 8), once a run holds several of each.
  summary: [['family', 'format']],
  table(records, by) {
    const dims = by.map((id) => DIMENSIONS.find((d) => d.id === id)!)
    const rows = records.filter((r): r is Scored => r.score !== null).map(rowOf)
    const lines = breakdownBy(
      rows,
      dims.map((d) => d.field),
      dims.map((d) => d.order),
    )
    return {
      title: `Accuracy by ${dims.map((d) => d.id).join(' × ')}`,
      headers: [...dims.map((d) => d.label), 'docs', 'accuracy', 'self-consistency', 'exact'],
      numeric: [...dims.map(() => false), true, true, true, true],
      rows: lines.map((l) => [
        ...l.groups.map((g, i) => dims[i]!.show(g)),
        String(l.documents),
        rate(l.accuracy),
        rate(l.consistency),
        rate(l.exactCompletion),
      ]),
    }
  },
}
