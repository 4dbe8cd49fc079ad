/**
 * Long-Transduction's dashboard pages as data (src/contracts/dashboard.ts), for whatever budgets,
 * families, formats and levels ran: an Overview (macro accuracy, self-consistency and exact
 * completion with 95% bands, by budget, with the report's own by-budget table) and the paper's
 * figures — Fig. 2a (accuracy against budget), 2b (per task at the longest budget), 3 (format
 * sensitivity at the longest budget), 4/6 (accuracy against local difficulty per task × format
 * variant), 5 (accuracy and self-consistency along the output), 7 (position curves of every
 * variant), 8 (task × format heatmap) and Table 2 (exact completion per variant and difficulty at
 * the longest budget). Every figure is the report's rule (macro average over task-difficulty
 * cells, metrics/macro-average.ts) applied to a slice of the records, so the overview and the
 * tables read the same numbers as `arbigraph report`.
 * Bands: exact completion is a rate over documents and gets its Wilson interval. Macro accuracy
 * and self-consistency are means of per-document values in [0, 1], whose variance is at most
 * p(1 − p): the Wilson interval at the same p and n documents is a conservative 95% band for them.
 * Reference: Long-Transduction paper §4, Figs. 2–8 and Table 2.
 */
import type {
  Band,
  DashboardPageSpec,
  DashboardSection,
  DashboardSeries,
} from '../../../src/contracts/dashboard.ts'
import { wilson95, Z_95 } from '../../../src/metrics/wilson.ts'
import { budgetLabels, families, formatsOf, lineFormats, tableFormats } from '../grid.ts'
import { macroAverage } from '../metrics/macro-average.ts'
import { averageBins, POSITION_BINS } from '../metrics/position-bins.ts'
import type { TransductionResultRow } from '../metrics/result-row.ts'
import { summarizeTransduction } from '../metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../record.ts'

type Scored = TransductionRecord & { score: NonNullable<TransductionRecord['score']> }

const rowOf = (r: Scored): TransductionResultRow => ({
  family: r.family,
  format: r.format,
  level: r.level,
  budget: r.budget,
  accuracy: r.score.accuracy,
  consistency: r.score.consistency,
  exact: r.score.exact,
})

/**
 * The Wilson 95% interval at proportion `p` of `n` (a conservative band for a mean of values in [0, 1]).
 * @example meanBand(0.8, 10) // [0.49…, 0.94…]
 */
export function meanBand(p: number, n: number): Band | null {
  if (n === 0 || Number.isNaN(p)) return null
  const z2n = (Z_95 * Z_95) / n
  const center = (p + z2n / 2) / (1 + z2n)
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n)
  return [Math.max(0, center - half), Math.min(1, center + half)]
}

/** Macro accuracy, self-consistency and exact completion of some documents, each with its band. */
function figures(docs: readonly Scored[]) {
  const rows = docs.map(rowOf)
  const n = docs.length
  const complete = docs.filter((d) => d.score.exact).length
  const accuracy = n ? macroAverage(rows, (r) => r.accuracy) : null
  const consistency = n ? macroAverage(rows, (r) => r.consistency) : null
  const exact = n ? wilson95(complete, n) : null
  return {
    n,
    complete,
    accuracy,
    consistency,
    exact: exact ? exact.estimate : null,
    accuracyBand: accuracy === null ? null : meanBand(accuracy, n),
    consistencyBand: consistency === null ? null : meanBand(consistency, n),
    exactBand: exact ? ([exact.lower, exact.upper] as Band) : null,
  }
}

const rate = (x: number | null): string => (x === null || Number.isNaN(x) ? '—' : x.toFixed(3))
const variantName = (family: string, format: string) => `${family} · ${format}`

/** The variants (family × format) that ran, in the grid's order. */
function variantsOf(docs: readonly Scored[]): { family: string; format: string }[] {
  return families.flatMap((family) =>
    formatsOf(family)
      .filter((format) => docs.some((d) => d.family === family && d.format === format))
      .map((format) => ({ family, format })),
  )
}

function overview(records: readonly TransductionRecord[], docs: readonly Scored[], budgets: string[]) {
  const summary = summarizeTransduction(records)
  const all = figures(docs)
  const byBudget = budgets.map((b) => figures(docs.filter((d) => d.budget === b)))
  const { completed, length, overflow, interrupted } = summary.outcomes
  const sections: DashboardSection[] = [
    {
      kind: 'kpis',
      id: 'lt-kpis',
      items: [
        {
          id: 'accuracy',
          label: 'macro accuracy',
          value: summary.overall?.accuracy ?? null,
          format: 'fraction',
          ...(all.accuracyBand ? { band: all.accuracyBand } : {}),
        },
        {
          id: 'consistency',
          label: 'self-consistency',
          value: summary.overall?.consistency ?? null,
          format: 'fraction',
          ...(all.consistencyBand ? { band: all.consistencyBand } : {}),
        },
        {
          id: 'exact',
          label: 'exact completion',
          value: summary.overall?.exactCompletion ?? null,
          format: 'fraction',
          ...(all.exactBand ? { band: all.exactBand } : {}),
          note: `${all.complete}/${all.n} documents`,
        },
        { id: 'documents', label: 'documents', value: summary.documents, format: 'count' },
        { id: 'scored', label: 'scored', value: summary.scored, format: 'count' },
        { id: 'infra', label: 'infrastructure errors', value: summary.infraErrors, format: 'count' },
      ],
    },
    {
      kind: 'bars',
      id: 'lt-by-budget-chart',
      title: 'By budget: macro accuracy, self-consistency and exact completion',
      note: 'Whiskers: 95% bands (Wilson for exact completion; a conservative Wilson band for the two means).',
      format: 'fraction',
      categories: budgets,
      links: budgets.map((budget) => ({ budget })),
      series: [
        {
          name: 'macro accuracy',
          values: byBudget.map((f) => f.accuracy),
          bands: byBudget.map((f) => f.accuracyBand),
        },
        {
          name: 'self-consistency',
          values: byBudget.map((f) => f.consistency),
          bands: byBudget.map((f) => f.consistencyBand),
        },
        {
          name: 'exact completion',
          values: byBudget.map((f) => f.exact),
          bands: byBudget.map((f) => f.exactBand),
        },
      ],
    },
    {
      kind: 'table',
      id: 'lt-by-budget',
      title: 'Accuracy by budget (Fig. 2a)',
      headers: ['budget', 'docs', 'accuracy', 'self-consistency', 'exact'],
      numeric: [false, true, true, true, true],
      links: summary.byBudget.map((l) => ({ budget: l.group })),
      rows: summary.byBudget.map((l) => [
        l.group,
        String(l.documents),
        rate(l.accuracy),
        rate(l.consistency),
        rate(l.exactCompletion),
      ]),
    },
    {
      kind: 'table',
      id: 'lt-outcomes',
      title: 'How the requests ended',
      headers: ['completed', 'cut off (length)', 'context overflow', 'interrupted'],
      numeric: [true, true, true, true],
      rows: [[String(completed), String(length), String(overflow), String(interrupted)]],
    },
  ]
  return { id: 'overview', title: 'Overview', sections }
}

/** Fig. 5 and 7: the mean position curve of some documents. */
const curveOf = (docs: readonly Scored[], metric: 'accuracy' | 'consistency') =>
  averageBins(docs.map((d) => d.score.positions[metric]))

const BIN_LABELS = Array.from({ length: POSITION_BINS }, (_, i) => String(i + 1))

function figuresPage(docs: readonly Scored[], budgets: string[]): DashboardPageSpec {
  const longest = budgets.at(-1)!
  const atLongest = docs.filter((d) => d.budget === longest)
  const variants = variantsOf(docs)
  const familiesRun = families.filter((f) => docs.some((d) => d.family === f))
  const levelsRun = [0, 1, 2, 3].filter((l) => docs.some((d) => d.level === l))
  const byBudget = budgets.map((b) => figures(docs.filter((d) => d.budget === b)))
  const series = (
    name: string,
    fs: ReturnType<typeof figures>[],
    key: 'accuracy' | 'consistency' | 'exact',
  ): DashboardSeries => ({
    name,
    values: fs.map((f) => f[key]),
    bands: fs.map((f) => f[`${key}Band`]),
  })
  const perFamilyAtLongest = familiesRun.map((f) => figures(atLongest.filter((d) => d.family === f)))
  const perVariantAtLongest = variants.map((v) =>
    figures(atLongest.filter((d) => d.family === v.family && d.format === v.format)),
  )
  const sections: DashboardSection[] = [
    {
      kind: 'lines',
      id: 'fig-2a',
      title: 'Fig. 2a — accuracy against budget',
      note: 'Macro over task-difficulty cells; shaded: 95% bands.',
      format: 'fraction',
      xLabel: 'budget (input + output tokens)',
      x: budgets,
      series: [
        series('macro accuracy', byBudget, 'accuracy'),
        series('self-consistency', byBudget, 'consistency'),
        series('exact completion', byBudget, 'exact'),
      ],
    },
    {
      kind: 'bars',
      id: 'fig-2b',
      title: `Fig. 2b — accuracy per task at ${longest}`,
      format: 'fraction',
      categories: familiesRun,
      series: [series('macro accuracy', perFamilyAtLongest, 'accuracy')],
    },
    {
      kind: 'bars',
      id: 'fig-3',
      title: `Fig. 3 — format sensitivity per task at ${longest}`,
      note: 'Line tasks: ordered, shuffled and plain records; tables: homogeneous, heterogeneous and key-value operations.',
      format: 'fraction',
      categories: variants.map((v) => variantName(v.family, v.format)),
      series: [series('macro accuracy', perVariantAtLongest, 'accuracy')],
    },
    ...familiesRun.map(
      (family): DashboardSection => ({
        kind: 'lines',
        id: `fig-4-${family}`,
        title: `Fig. 4/6 — ${family}: accuracy against local difficulty, per format`,
        note: 'Every budget that ran, pooled.',
        format: 'fraction',
        xLabel: 'difficulty level',
        x: levelsRun.map((l) => `L${l}`),
        series: formatsOf(family)
          .filter((format) => docs.some((d) => d.family === family && d.format === format))
          .map((format) =>
            series(
              format,
              levelsRun.map((l) =>
                figures(docs.filter((d) => d.family === family && d.format === format && d.level === l)),
              ),
              'accuracy',
            ),
          ),
      }),
    ),
    {
      kind: 'lines',
      id: 'fig-5-accuracy',
      title: 'Fig. 5 — accuracy along the generated output, per budget',
      note: `${POSITION_BINS} bins from the start to the end of the required output; per document first, then averaged.`,
      format: 'fraction',
      xLabel: 'output position bin',
      x: BIN_LABELS,
      series: budgets.map((b) => ({
        name: b,
        values: curveOf(
          docs.filter((d) => d.budget === b),
          'accuracy',
        ),
      })),
    },
    {
      kind: 'lines',
      id: 'fig-5-consistency',
      title: 'Fig. 5 — self-consistency along the generated output, per budget',
      note: 'High self-consistency where accuracy falls: the model understood the task but got lost.',
      format: 'fraction',
      xLabel: 'output position bin',
      x: BIN_LABELS,
      series: budgets.map((b) => ({
        name: b,
        values: curveOf(
          docs.filter((d) => d.budget === b),
          'consistency',
        ),
      })),
    },
    ...familiesRun.map(
      (family): DashboardSection => ({
        kind: 'lines',
        id: `fig-7-${family}`,
        title: `Fig. 7 — ${family}: accuracy along the output, per format`,
        note: 'Every budget that ran, pooled.',
        format: 'fraction',
        xLabel: 'output position bin',
        x: BIN_LABELS,
        series: variants
          .filter((v) => v.family === family)
          .map((v) => ({
            name: v.format,
            values: curveOf(
              docs.filter((d) => d.family === family && d.format === v.format),
              'accuracy',
            ),
          })),
      }),
    ),
    {
      kind: 'heatmap',
      id: 'fig-8',
      title: `Fig. 8 — macro accuracy per task × format at ${longest}`,
      format: 'fraction',
      rows: familiesRun,
      columns: [...lineFormats, ...tableFormats].filter((f) => docs.some((d) => d.format === f)),
      links: familiesRun.map((family) =>
        [...lineFormats, ...tableFormats]
          .filter((f) => docs.some((d) => d.format === f))
          .map((format) => ({ family, format, budget: longest })),
      ),
      values: familiesRun.map((family) =>
        [...lineFormats, ...tableFormats]
          .filter((f) => docs.some((d) => d.format === f))
          .map((format) => {
            const mine = atLongest.filter((d) => d.family === family && d.format === format)
            return mine.length ? figures(mine).accuracy : null
          }),
      ),
    },
    {
      kind: 'heatmap',
      id: 'fig-8-budgets',
      title: 'Macro accuracy per task × format variant and budget',
      format: 'fraction',
      rows: variants.map((v) => variantName(v.family, v.format)),
      columns: budgets,
      links: variants.map((v) => budgets.map((budget) => ({ family: v.family, format: v.format, budget }))),
      values: variants.map((v) =>
        budgets.map((b) => {
          const mine = docs.filter((d) => d.family === v.family && d.format === v.format && d.budget === b)
          return mine.length ? figures(mine).accuracy : null
        }),
      ),
    },
    table2(atLongest, variants, levelsRun, longest),
  ]
  return { id: 'figures', title: 'Figures', sections }
}

/** Table 2: documents with every record correct, per variant and difficulty, at the longest budget. */
function table2(
  docs: readonly Scored[],
  variants: { family: string; format: string }[],
  levels: number[],
  budget: string,
): DashboardSection {
  const cell = (mine: readonly Scored[]) =>
    mine.length ? `${mine.filter((d) => d.score.exact).length}/${mine.length}` : '—'
  return {
    kind: 'table',
    id: 'table-2',
    title: `Table 2 — exact completion per variant and difficulty at ${budget}`,
    headers: ['variant', ...levels.map((l) => `L${l}`), 'total'],
    numeric: [false, ...levels.map(() => true), true],
    rows: variants.map((v) => {
      const mine = docs.filter((d) => d.family === v.family && d.format === v.format)
      return [
        variantName(v.family, v.format),
        ...levels.map((l) => cell(mine.filter((d) => d.level === l))),
        cell(mine),
      ]
    }),
  }
}

/**
 * The Long-Transduction tab's pages for `records` (an overview only while nothing is scored).
 * @example transductionPages(records).map((p) => p.id) // ['overview', 'figures']
 */
export function transductionPages(records: readonly TransductionRecord[]): DashboardPageSpec[] {
  const docs = records.filter((r): r is Scored => r.score !== null)
  const budgets = budgetLabels.filter((b) => docs.some((d) => d.budget === b))
  const pages = [overview(records, docs, budgets)]
  if (docs.length > 0) pages.push(figuresPage(docs, budgets))
  return pages
}
