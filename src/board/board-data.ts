/**
 * The board's content, JSON-plain, from its fold: per benchmark, the cells and the models
 * (columns, best first), each model's cell figures with their Wilson intervals and — against the
 * cell's best model — the exact McNemar test on the trials both share; each view's points per
 * model; the sweep curves of every model overlaid, with their breaking points. The page and the
 * Markdown summary both render this, so they cannot disagree.
 */
import type { BoardDimension, BoardMetric, BoardView } from '../contracts/board.ts'
import { mcnemarExact } from '../metrics/mcnemar.ts'
import type { BoardRun, FoldColumn, FoldSection } from './fold-board.ts'
import { viewKey } from './fold-board.ts'
import { emptyTally, type TallyStat, tallyStat } from './tally.ts'

/** A model's cell against the cell's best model, on the trials both graded. */
export interface VersusBest {
  /** Trials both graded (same instance, condition and epoch). */
  shared: number
  /** Right for the best model, wrong for this one. */
  lost: number
  /** Wrong for the best model, right for this one. */
  won: number
  /** Exact two-sided McNemar p-value. */
  p: number
}

export interface BoardCell extends TallyStat {
  /** 'best' for the cell's best model; the test against it otherwise (null when they share no trial). */
  versus: 'best' | VersusBest | null
}

export interface BoardColumn {
  key: string
  model: string
  dataset?: string
  simulated: boolean
  /** Indices into `BoardData.runs`. */
  runs: number[]
  total: BoardCell
  /** One per section cell, in `cells` order; null where the model ran none of it. */
  cells: (BoardCell | null)[]
}

export interface BoardViewData {
  view: BoardView
  x: string[]
  y: string[]
  /** Per column (in `columns` order): the points, x-major (`x.length × max(1, y.length)`). */
  series: (TallyStat | null)[][]
}

export interface BoardSweep {
  key: string
  name: string
  axis: string
  series: {
    column: number
    run: number
    points: { size: number; value: number; accuracy: number; low: number; high: number; n: number }[]
    /** The fitted breaking point's size, 'beyond' the largest size swept, or null with no fit. */
    breakingPoint: number | 'beyond' | null
  }[]
}

export interface BoardSection {
  benchmark: string
  label: string
  correctLabel: string
  dimensions: BoardDimension[]
  metrics: BoardMetric[]
  cells: string[]
  /** Per cell, the dimension values all its trials share: the filter of a link to a run's dashboard. */
  cellAt: { [cell: string]: { [dimension: string]: string } }
  columns: BoardColumn[]
  views: BoardViewData[]
  sweeps: BoardSweep[]
  /** Trials met twice in one column (kept once for pairing); 0 in a healthy board. */
  duplicates: number
}

export interface BoardData {
  schema: 'arbigraph.board/1'
  runs: BoardRun[]
  trials: number
  sections: BoardSection[]
}

/** Natural order: `arithmetic/4K` before `arithmetic/16K`, `L2` before `L10` (digit runs compare as numbers). */
const natural = (a: string, b: string): number => {
  const ta = a.match(/\d+|\D+/g) ?? []
  const tb = b.match(/\d+|\D+/g) ?? []
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!
    const y = tb[i]!
    if (x === y) continue
    const numeric = /^\d/.test(x) && /^\d/.test(y)
    if (numeric && Number(x) !== Number(y)) return Number(x) - Number(y)
    return x < y ? -1 : 1
  }
  return ta.length - tb.length || (a < b ? -1 : a > b ? 1 : 0)
}

/** Bytes of one column's outcomes for the trials of `cell` (or every trial with `cell` undefined). */
function versus(section: FoldSection, best: FoldColumn, other: FoldColumn, cell?: string): VersusBest | null {
  const a = best.outcomes
  const b = other.outcomes
  const n = Math.min(a.length, b.length)
  let shared = 0
  let lost = 0
  let won = 0
  for (let id = 0; id < n; id++) {
    const x = a[id]!
    const y = b[id]!
    if (x === 0 || y === 0) continue
    if (cell !== undefined && section.pairCell[id] !== cell) continue
    shared++
    if (x === 2 && y === 1) lost++
    else if (x === 1 && y === 2) won++
  }
  if (shared === 0) return null
  return { shared, lost, won, p: mcnemarExact(lost, won).p }
}

/** The column with the highest rate among those with graded trials (the first on a tie). */
function bestOf(columns: readonly FoldColumn[], stats: readonly (TallyStat | null)[]): number {
  let best = -1
  stats.forEach((s, i) => {
    if (s?.rate === null || s === null) return
    if (best < 0 || s.rate! > stats[best]!.rate!) best = i
  })
  return columns.length > 0 ? best : -1
}

function sectionData(
  section: FoldSection,
  runs: readonly BoardRun[],
  simulated: (m: string) => boolean,
): BoardSection {
  const { board, metricIds } = section
  const stat = (t: Parameters<typeof tallyStat>[0] | undefined) => (t ? tallyStat(t, metricIds) : null)
  // Models best first overall, then by name: the board reads from the top.
  const folded = [...section.columns.values()]
    .map((c) => ({ c, total: stat(c.total)! }))
    .sort((x, y) => (y.total.rate ?? -1) - (x.total.rate ?? -1) || (x.c.key < y.c.key ? -1 : 1))
  const columns = folded.map((f) => f.c)
  const cells = [...new Set(columns.flatMap((c) => [...c.cells.keys()]))].sort(natural)

  const cellStats = columns.map((c) => cells.map((cell) => stat(c.cells.get(cell))))
  const matrix: (BoardCell | null)[][] = columns.map(() => [])
  cells.forEach((cell, j) => {
    const column = cellStats.map((row) => row[j]!)
    const best = bestOf(columns, column)
    columns.forEach((c, i) => {
      const s = column[i]
      matrix[i]![j] = s
        ? { ...s, versus: i === best ? 'best' : best < 0 ? null : versus(section, columns[best]!, c, cell) }
        : null
    })
  })
  const totals = folded.map((f) => f.total)
  const bestTotal = bestOf(columns, totals)

  const views = board.views.map((view): BoardViewData => {
    const xs = new Set<string>()
    const ys = new Set<string>()
    for (const c of columns)
      for (const key of c.views.keys()) {
        const [id, x, y] = key.split('\u0000') as [string, string, string]
        if (id !== view.id) continue
        xs.add(x)
        if (view.kind === 'heatmap' || (view.kind === 'bars' && view.atLargest)) ys.add(y)
      }
    const x = [...xs].sort(natural)
    const y = [...ys].sort(natural)
    if (view.kind === 'bars' && view.atLargest) {
      // Tallied per value of the dimension; only the largest one is drawn (none: an empty view).
      const largest = y.at(-1) ?? ''
      const series = columns.map((c) => x.map((xv) => stat(c.views.get(viewKey(view.id, xv, largest)))))
      return { view: { ...view, title: `${view.title}: ${view.atLargest} ${largest}` }, x, y: [], series }
    }
    const series = columns.map((c) =>
      x.flatMap((xv) => (y.length === 0 ? [''] : y).map((yv) => stat(c.views.get(viewKey(view.id, xv, yv))))),
    )
    return { view, x, y, series }
  })

  const sweepsByKey = new Map<string, BoardSweep>()
  columns.forEach((c, column) => {
    for (const { run, curve } of c.sweeps) {
      let sweep = sweepsByKey.get(curve.key)
      if (!sweep)
        sweepsByKey.set(
          curve.key,
          (sweep = { key: curve.key, name: curve.name, axis: curve.axis, series: [] }),
        )
      const bp = curve.fit?.breakingPoint
      sweep.series.push({
        column,
        run,
        points: curve.points.map((p) => ({
          size: p.size,
          value: p.value,
          accuracy: p.accuracy,
          low: p.ciLow,
          high: p.ciHigh,
          n: p.n,
        })),
        breakingPoint: bp === undefined ? null : bp.status === 'beyond' ? 'beyond' : bp.size,
      })
    }
  })

  return {
    benchmark: section.benchmark,
    label: board.label,
    correctLabel: board.correctLabel,
    dimensions: board.dimensions,
    metrics: board.metrics,
    cells,
    cellAt: Object.fromEntries(cells.map((cell) => [cell, section.cellAt.get(cell) ?? {}])),
    columns: columns.map((c, i) => ({
      key: c.key,
      model: c.model,
      ...(c.dataset ? { dataset: c.dataset } : {}),
      simulated: simulated(c.model),
      runs: c.runs.filter((r) => runs[r]),
      total: {
        ...(totals[i] ?? stat(emptyTally(metricIds.length))!),
        versus: i === bestTotal ? 'best' : bestTotal < 0 ? null : versus(section, columns[bestTotal]!, c),
      },
      cells: matrix[i]!,
    })),
    views,
    sweeps: [...sweepsByKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1)),
    duplicates: section.duplicates,
  }
}

/**
 * The board's content from its fold.
 * @example boardData(fold.sections, fold.runs, isSimulatedModel).sections[0].columns[0].model
 */
export function boardData(
  sections: ReadonlyMap<string, FoldSection>,
  runs: readonly BoardRun[],
  simulated: (model: string) => boolean,
): BoardData {
  const out = [...sections.values()]
    .sort((a, b) => (a.benchmark < b.benchmark ? -1 : 1))
    .map((s) => sectionData(s, runs, simulated))
  const trials = out.reduce((n, s) => n + s.columns.reduce((m, c) => m + c.total.trials, 0), 0)
  return { schema: 'arbigraph.board/1', runs: [...runs], trials, sections: out }
}
