/**
 * What a benchmark declares for the dashboard, as data: its pages (each a list of sections the
 * app draws with generic renderers: headline numbers, bars with intervals, lines, a heatmap, a
 * table), its case list (columns and one row per record) and, per record, the blocks of its case
 * view. Every figure is computed in Node by the benchmark and shipped as numbers; the browser app
 * only draws, so it never knows which benchmark it shows. A benchmark without this block still
 * gets an overview and a case list from the contract alone (src/dashboard/benchmark-view.ts).
 * Reference: docs/research/reporting-by-contract.md §3.
 */

/**
 * How a number is written: `fraction` as the text reports print it (0.912), `percent` (91.2%),
 * `count` (an integer), `number` (one decimal unless whole).
 */
export type NumberFormat = 'fraction' | 'percent' | 'count' | 'number'

/** A 95% interval around a value, lower then upper. */
export type Band = [number, number]

/** One headline number. */
export interface DashboardKpi {
  label: string
  value: number | null
  format: NumberFormat
  /** Its interval, drawn beside it. */
  band?: Band
  /** A stable id for the element (`kpi-<id>`), for links and tests. */
  id?: string
  /** Small text under the label (e.g. `41/240 documents`). */
  note?: string
}

/** One series of a bar or line chart: a value per category or x (null where there is none). */
export interface DashboardSeries {
  name: string
  values: (number | null)[]
  /** An interval per value (null where there is none). */
  bands?: (Band | null)[]
}

/**
 * A filter of the tab's case list, as its URL carries it (`#/b/<benchmark>/cases?<key>=<value>…`):
 * `cell` (the record's cell, `cases.cell`), a filter column's id, or `outcome`. What a bar, a
 * table row or a heatmap cell opens when clicked.
 */
export type CaseFilter = { [key: string]: string }

/** What every section may carry: a title, a note under it, and an element id. */
interface SectionHead {
  title?: string
  note?: string
  id?: string
}

export type DashboardSection =
  | (SectionHead & { kind: 'kpis'; items: DashboardKpi[] })
  | (SectionHead & {
      kind: 'bars'
      format: NumberFormat
      /** The groups along the axis; each series draws one bar per group. */
      categories: string[]
      series: DashboardSeries[]
      /** The value axis runs from 0 to this. @default 1 */
      max?: number
      /** Per category, the cases its bars open (null: none). @default no links */
      links?: (CaseFilter | null)[]
    })
  | (SectionHead & {
      kind: 'lines'
      format: NumberFormat
      xLabel: string
      x: string[]
      series: DashboardSeries[]
      /** @default 1 */
      max?: number
    })
  | (SectionHead & {
      kind: 'heatmap'
      format: NumberFormat
      rows: string[]
      columns: string[]
      /** values[row][column]; null for a combination that did not run. */
      values: (number | null)[][]
      /** links[row][column]: the cases a cell opens (null: none). @default no links */
      links?: (CaseFilter | null)[][]
    })
  | (SectionHead & {
      kind: 'table'
      headers: string[]
      /** Right-aligned (numeric) columns. */
      numeric: boolean[]
      rows: string[][]
      /** Per row, the cases its first cell opens (null: none). @default no links */
      links?: (CaseFilter | null)[]
    })

/** A page of a benchmark's tab: the overview is its first. */
export interface DashboardPageSpec {
  id: string
  title: string
  sections: DashboardSection[]
}

/** How one record ended, as the case list colours and filters it (`graded`: a model outcome the benchmark does not call right or wrong here). */
export type CaseOutcome = 'correct' | 'wrong' | 'partial' | 'graded' | 'infra'

/** A column of the case list. */
export interface CaseColumn {
  id: string
  label: string
  /** Right-aligned, sorted as numbers. */
  numeric?: boolean
  /** A filter offers its distinct values; `plural` names them all (`all families`). */
  filter?: { plural: string }
}

/** One row of the case list: a value per column. */
export type CaseRow = (string | number | null)[]

/** A record's aligned output: expected record i beside what the model emitted for it. */
export interface AlignedRecord {
  /** 1-based number of the required record. */
  n: number
  expected: string
  /** The emitted counterpart, or null when there is none (missing); omitted when `ok` (it is `expected`). */
  actual?: string | null
  ok: boolean
}

/** One block of a case view: a section, or one of the case-only kinds. */
export type CaseBlock =
  | DashboardSection
  | { kind: 'facts'; id?: string; items: { label: string; value: string }[] }
  | { kind: 'text'; id?: string; title: string; text: string; open?: boolean }
  | { kind: 'aligned'; id?: string; title: string; note?: string; rows: AlignedRecord[] }
  | { kind: 'json'; id?: string; title: string; value: unknown }

/** Where a record's stored details are, and the id they must carry to be its own. */
export interface DetailPointer {
  /** `<file>#<line>` as a detail sink returned it. */
  ref: string
  id: string
}

/** The dashboard block of the Benchmark contract. */
export interface BenchmarkDashboard<Record> {
  /** The tab's title. @default the benchmark's name */
  title?: string
  /** The pages of the tab, the overview first, from every record of the run. */
  pages(records: readonly Record[]): DashboardPageSpec[]
  /** The case list: its columns, and a row and an outcome per record. */
  cases?: {
    columns: CaseColumn[]
    row(record: Record): CaseRow
    outcome(record: Record): CaseOutcome
    /**
     * The record's id, unique in a run and the same from run to run (e.g. a document id): the case
     * view's link names it (`#/b/<benchmark>/case/<id>`), so a bookmark opens the same case after
     * the next run. @default a hash of the record's content (stable while the record is unchanged)
     */
    id?(record: Record): string
    /** The cell the record counts in (e.g. `arithmetic/4K`): the case list's `cell` filter. @default none */
    cell?(record: Record): string
  }
  /** Where the record's stored details are (the benchmark's `details` step stored them). @default none */
  detail?(record: Record): DetailPointer | null
  /** The case view's blocks; `detail` is the stored value, undefined when none was found. */
  caseView?(record: Record, detail: unknown): CaseBlock[]
}
