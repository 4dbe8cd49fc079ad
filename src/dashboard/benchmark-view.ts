/**
 * Every benchmark's tab of the dashboard, through the contract: its pages, case list and case
 * views as the benchmark declares them (`dashboard`, src/contracts/dashboard.ts), or, when it
 * declares none, what the contract alone can show — an overview of its running cells (the
 * progress line's figures) and a case list of its records, each case viewed as its record. The
 * data is `data/benchmarks.js` (every tab, case list included) and one folder of case chunks per
 * benchmark, `data/bench-<name>/cases-NNNNN.js`, loaded when a case is opened. Record `i` of a
 * benchmark is in its chunk `floor(i / chunkSize)`, as ArbiGraph's are.
 */
import { createHash } from 'node:crypto'
import type { AnyBenchmark, BenchmarkProgressCell } from '../contracts/benchmark.ts'
import type {
  CaseBlock,
  CaseColumn,
  CaseOutcome,
  CaseRow,
  DashboardPageSpec,
  DashboardSection,
  DetailPointer,
} from '../contracts/dashboard.ts'
import { isSimulatedModel } from '../contracts/results.ts'
import type { CellDecision } from '../metrics/sequential/replay-gate.ts'
import { formatDecision } from '../report/format-sequential.ts'
import { dataScript, type LiveProgress } from './dashboard-data.ts'
import { readDetails } from './detail-store.ts'

export const BENCHMARKS_SCHEMA = 'arbigraph.dashboard-benchmarks/1'

/** One benchmark's tab, as the app receives it. */
export interface BenchmarkTab {
  name: string
  title: string
  model: string
  simulated: boolean
  records: number
  pages: DashboardPageSpec[]
  cases: {
    columns: CaseColumn[]
    rows: CaseRow[]
    outcomes: CaseOutcome[]
    /** Per record, its id (unique in the tab): what a case link names (`#/b/<name>/case/<id>`). */
    ids: string[]
    /** Per record, its cell (the `cell` filter), or null when the benchmark names none. */
    cells: (string | null)[]
  }
  chunkSize: number
  chunks: number
}

/** `data/benchmarks.js`: the tabs of the benchmarks other than ArbiGraph that have records. */
export interface BenchmarksPayload {
  schema: typeof BENCHMARKS_SCHEMA
  /** Set while a live run is going (the same as the overview's). */
  progress: LiveProgress | null
  benchmarks: BenchmarkTab[]
}

/** A benchmark and its records in the run's order. */
export interface BenchmarkRecords {
  bench: AnyBenchmark
  records: readonly unknown[]
  /** What the sequential gate decided on its cells (ARBIGRAPH_GATE_MODE=sequential only). @default none */
  sequentialGate?: readonly CellDecision[]
}

/**
 * The sequential gate's decisions as the first section of a tab's overview: one row per cell,
 * "decided after n of N cases (pass|fail at α)", the interval and what the unsent cases saved;
 * each cell opens its cases.
 */
function sequentialSection(bench: AnyBenchmark, decisions: readonly CellDecision[]): DashboardSection {
  const prefix = `${bench.name}:`
  const own = (cell: string) => (cell.startsWith(prefix) ? cell.slice(prefix.length) : cell)
  return {
    kind: 'table',
    id: 'sequential-gate',
    title: 'Sequential gate',
    note: 'ARBIGRAPH_GATE_MODE=sequential: each cell stopped sending cases once every rule on it was decided.',
    headers: ['cell', 'decision'],
    numeric: [false, false],
    links: decisions.map((d) => ({ cell: own(d.cell) })),
    rows: decisions.map((d) => [own(d.cell), formatDecision(d).slice(d.cell.length + 2)]),
  }
}

/** The model label of some records: distinct known ids, sorted and comma-joined. */
function modelOf(bench: AnyBenchmark, records: readonly unknown[]): string {
  const known = [...new Set(records.map((r) => bench.records.model(r) as string))]
    .filter((m) => m !== 'unknown')
    .sort()
  return known.length === 0 ? 'unknown' : known.join(', ')
}

/** The cells a progress line shows for the benchmark (its own, or graded and infra counted). */
function cellsOf(bench: AnyBenchmark, records: readonly unknown[]): BenchmarkProgressCell[] {
  if (bench.progressCells) return bench.progressCells(records)
  const infraErrors = records.filter((r) => bench.records.infraReason(r) !== null).length
  return [{ cell: bench.name, graded: records.length - infraErrors, infraErrors }]
}

/** The overview of a benchmark that declares no pages: counts, and its running cells as a table. */
function defaultPages(bench: AnyBenchmark, records: readonly unknown[]): DashboardPageSpec[] {
  const cells = cellsOf(bench, records)
  const infra = records.filter((r) => bench.records.infraReason(r) !== null).length
  const rate = (c: BenchmarkProgressCell) =>
    c.accuracy !== undefined
      ? c.accuracy.toFixed(3)
      : c.correct !== undefined && c.graded > 0
        ? (c.correct / c.graded).toFixed(3)
        : '—'
  const sections: DashboardSection[] = [
    {
      kind: 'kpis',
      items: [
        { id: 'records', label: 'cases', value: records.length, format: 'count' },
        { id: 'graded', label: 'graded', value: records.length - infra, format: 'count' },
        { id: 'infra', label: 'infrastructure errors', value: infra, format: 'count' },
      ],
    },
    {
      kind: 'table',
      id: 'bench-cells',
      title: 'Cells',
      note: 'As the progress line shows them: accuracy where the benchmark reports one.',
      headers: ['cell', 'graded', 'correct', 'accuracy', 'infra'],
      numeric: [false, true, true, true, true],
      // Each cell opens its records (defaultCell names the same cells).
      links: cells.map((c) => ({ cell: c.cell })),
      rows: cells.map((c) => [
        c.cell,
        String(c.graded),
        c.correct === undefined ? '—' : String(c.correct),
        rate(c),
        String(c.infraErrors),
      ]),
    },
  ]
  return [{ id: 'overview', title: 'Overview', sections }]
}

/** A record as one line of text, for the default case list. */
const preview = (record: unknown): string => {
  const text = JSON.stringify(record)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

/** A record's default id: a hash of its content, the same in any order and changed by nothing else. */
const contentId = (record: unknown): string =>
  createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 12)

/**
 * A record's cell when the benchmark's case list names none: the one cell its progress line
 * shows for that record alone, or the benchmark's name (its one default cell).
 */
function defaultCell(bench: AnyBenchmark, record: unknown): string | null {
  if (!bench.progressCells) return bench.name
  const own = bench.progressCells([record])
  return own.length === 1 ? own[0]!.cell : null
}

/** Ids made unique in results order: a repeated id gets `~2`, `~3` (the benchmark's id should not repeat). */
function uniqueIds(ids: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return ids.map((id) => {
    const n = (seen.get(id) ?? 0) + 1
    seen.set(id, n)
    return n === 1 ? id : `${id}~${n}`
  })
}

function caseList(bench: AnyBenchmark, records: readonly unknown[]): BenchmarkTab['cases'] {
  const own = bench.dashboard?.cases
  const ids = uniqueIds(records.map((r) => (own?.id ? String(own.id(r)) : contentId(r))))
  if (own)
    return {
      columns: own.columns,
      rows: records.map(own.row),
      outcomes: records.map(own.outcome),
      ids,
      cells: records.map((r) => (own.cell ? String(own.cell(r)) : null)),
    }
  const outcome = (r: unknown): CaseOutcome => (bench.records.infraReason(r) === null ? 'graded' : 'infra')
  return {
    columns: [
      { id: 'n', label: '#', numeric: true },
      { id: 'model', label: 'Model' },
      { id: 'record', label: 'Record' },
    ],
    rows: records.map((r, i) => [i + 1, bench.records.model(r) as string, preview(r)]),
    outcomes: records.map(outcome),
    ids,
    cells: records.map((r) => defaultCell(bench, r)),
  }
}

/**
 * The tab of one benchmark.
 * @example benchmarkTab(transduction, records, { chunkSize: 100 }).pages[0].id // 'overview'
 */
export function benchmarkTab(
  bench: AnyBenchmark,
  records: readonly unknown[],
  options: { chunkSize: number },
  sequentialGate: readonly CellDecision[] = [],
): BenchmarkTab {
  const model = modelOf(bench, records)
  const pages = bench.dashboard ? bench.dashboard.pages(records) : defaultPages(bench, records)
  const decided = sequentialGate.filter((d) => d.rules.length > 0)
  if (decided.length > 0 && pages[0])
    pages[0] = { ...pages[0], sections: [sequentialSection(bench, decided), ...pages[0].sections] }
  return {
    name: bench.name,
    title: bench.dashboard?.title ?? bench.name,
    model,
    simulated: isSimulatedModel(model),
    records: records.length,
    pages,
    cases: caseList(bench, records),
    chunkSize: options.chunkSize,
    chunks: Math.ceil(records.length / options.chunkSize),
  }
}

/**
 * The `data/benchmarks.js` payload of some benchmarks' records (those without records are left out).
 * @example benchmarksPayload([{ bench: transduction, records }], { chunkSize: 100 }).benchmarks.length // 1
 */
export function benchmarksPayload(
  runs: readonly BenchmarkRecords[],
  options: { chunkSize: number; progress?: LiveProgress | null },
): BenchmarksPayload {
  return {
    schema: BENCHMARKS_SCHEMA,
    progress: options.progress ?? null,
    benchmarks: runs
      .filter((run) => run.records.length > 0)
      .map((run) => benchmarkTab(run.bench, run.records, options, run.sequentialGate)),
  }
}

/** The case view of a record without a declared one: its infrastructure error, then the record. */
function defaultCaseView(bench: AnyBenchmark, record: unknown): CaseBlock[] {
  const reason = bench.records.infraReason(record) as string | null
  return [
    ...(reason === null
      ? []
      : [{ kind: 'facts' as const, items: [{ label: 'infrastructure error', value: reason }] }]),
    { kind: 'json', id: 'case-record', title: 'Record', value: record },
  ]
}

/**
 * The case views of some records (one chunk), with their stored details read from the store.
 * @example await caseViews(transduction, records.slice(0, 100), 'out')
 */
export async function caseViews(
  bench: AnyBenchmark,
  records: readonly unknown[],
  resultsDir: string,
): Promise<{ blocks: CaseBlock[] }[]> {
  const view = bench.dashboard?.caseView
  if (!view) return records.map((r) => ({ blocks: defaultCaseView(bench, r) }))
  const pointers: (DetailPointer | null)[] = records.map((r) => bench.dashboard?.detail?.(r) ?? null)
  const details = pointers.some((p) => p !== null) ? await readDetails(pointers, resultsDir) : []
  return records.map((r, i) => ({ blocks: view(r, details[i]) }))
}

/**
 * The file of a benchmark's chunk `k`, relative to the dashboard folder (the app asks for it).
 * @example benchmarkChunkFile('transduction', 0) // 'data/bench-transduction/cases-00000.js'
 */
export const benchmarkChunkFile = (name: string, k: number): string =>
  `data/bench-${name}/cases-${String(k).padStart(5, '0')}.js`

/**
 * The script of a benchmark's chunk `k`.
 * @example await benchmarkChunkScript(transduction, 0, records.slice(0, 100), 'out')
 */
export async function benchmarkChunkScript(
  bench: AnyBenchmark,
  k: number,
  records: readonly unknown[],
  resultsDir: string,
): Promise<string> {
  return dataScript(`chunk:${bench.name}:${k}`, { cases: await caseViews(bench, records, resultsDir) })
}
