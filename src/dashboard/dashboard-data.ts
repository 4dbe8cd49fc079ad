/**
 * The dashboard's data, as pure functions of the case records: the overview (cells, charts,
 * run facts), the case index (one compact row per trial, columnar with string dictionaries, so
 * 50,000 trials stay a few megabytes that the table filters and sorts in memory), and the case
 * chunks (record + prompt + graph DOT + transcript, loaded only when a case is opened). Record
 * `i` lives in chunk `floor(i / chunkSize)` at position `i % chunkSize`, so the app needs no
 * lookup table to find a case's details.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Results } from '../contracts/results.ts'
import type { RunComparison } from '../metrics/compare.ts'
import { suiteLabeller } from '../metrics/suite-label.ts'
import type { CellSummary } from '../metrics/summarize.ts'
import { cellKey, summarize } from '../metrics/summarize.ts'
import { replayLine } from '../report/columns.ts'
import { formatDecision } from '../report/format-sequential.ts'
import type { CaseDetail } from './case-details.ts'
import { instanceDot } from './instance-dot.ts'
import { accuracyChart, countChart } from './svg-charts.ts'

export const DASHBOARD_SCHEMA = 'arbigraph.dashboard/1'

/** An extra page of the app with a script of its own (a benchmark's tab is data instead: benchmark-view.ts). */
export interface DashboardPage {
  /** Route name: the page opens at `#/<id>`. */
  id: string
  title: string
  /** File name under `app/pages/` of a script that calls `arbigraph.registerPage(id, render)`. */
  script: string
  /** JSON-plain data handed to the page's render function. */
  data?: unknown
}

/** A comparison as the compare page shows it. */
export interface ComparePayload extends RunComparison {
  labelA: string
  labelB: string
}

/** A live run's progress: cases finished of every benchmark, and their cells as the progress line shows them. */
export interface LiveProgress {
  done: number
  total: number
  /** e.g. `chain/math 71.7% (86/120)`, `transduction/arithmetic/4K 93.8% over 12` */
  cells: string[]
}

/** The overview payload (`data/summary.js`). */
export interface OverviewPayload {
  schema: typeof DASHBOARD_SCHEMA
  model: string
  simulated: boolean
  createdBy: string
  run: Pick<Results['run'], 'started' | 'finished' | 'reason'> | null
  /** Set while a live run is going: trials finished and expected, and every benchmark's running cells as text. */
  progress: LiveProgress | null
  /** `N of M cases replayed (server, date)`, only when some trial came from the response cache. */
  replay?: string
  /** The sequential gate's decisions, one line per cell (ARBIGRAPH_GATE_MODE=sequential only). */
  sequentialGate?: string[]
  cells: CellSummary[]
  tasks: CellSummary[]
  total: CellSummary
  charts: { accuracy: string; attribution: string; statuses: string }
  chunkSize: number
  chunks: number
  pages: DashboardPage[]
  compare: ComparePayload | null
}

/** Column order of a case-index row. */
export const INDEX_COLUMNS = [
  'caseId',
  'topology',
  'category',
  'task',
  'sample',
  'epoch',
  'outcome',
  'exact',
  'status',
  'attribution',
  'turns',
  'toolCalls',
  'completionTokens',
  'promptTokens',
  'repairs',
  'detail',
  'cell',
] as const

/** Outcome codes of the index: 0 correct, 1 wrong, 2 infrastructure error. */
export type OutcomeCode = 0 | 1 | 2

/** The case index (`data/index.js`): dictionaries for repeated strings, one array per trial. */
export interface CaseIndex {
  columns: typeof INDEX_COLUMNS
  dict: {
    topology: string[]
    category: string[]
    task: string[]
    status: string[]
    attribution: string[]
    /** The overview's cell keys (`chain/math`, `chain/math (length 2)`); -1 for a sweep's case, in no cell. */
    cell: string[]
  }
  rows: (string | number)[][]
}

/** One case in a chunk: the record, and the details when the store had them. */
export interface ChunkCase {
  record: CaseRecord
  prompt: string | null
  dot: string | null
  transcript: CaseDetail['transcript'] | null
}

export interface OverviewOptions {
  results: Pick<Results, 'model' | 'simulated' | 'createdBy' | 'sequentialGate'> & {
    run: Results['run'] | null
  }
  chunkSize: number
  progress?: LiveProgress | null
  pages?: DashboardPage[]
  compare?: ComparePayload | null
}

/**
 * The overview payload for `records`.
 * @example overviewPayload(results.records, { results, chunkSize: 100 }).cells.length // 4
 */
export function overviewPayload(records: readonly CaseRecord[], options: OverviewOptions): OverviewPayload {
  const summary = summarize(records, { byTask: true })
  const cells = summary.cells.filter((c) => c.task === null)
  const { results } = options
  const replay = replayLine(summary.replay)
  return {
    schema: DASHBOARD_SCHEMA,
    model: results.model,
    simulated: results.simulated,
    createdBy: results.createdBy,
    run: results.run && {
      started: results.run.started,
      finished: results.run.finished,
      reason: results.run.reason,
    },
    progress: options.progress ?? null,
    ...(replay === null ? {} : { replay }),
    ...(results.sequentialGate ? { sequentialGate: results.sequentialGate.cells.map(formatDecision) } : {}),
    cells,
    tasks: summary.cells.filter((c) => c.task !== null),
    total: summary.total,
    charts: {
      accuracy: accuracyChart(cells),
      attribution: countChart(summary.total.attribution, 'attribution'),
      statuses: countChart(summary.total.statuses, 'statuses'),
    },
    chunkSize: options.chunkSize,
    chunks: Math.ceil(records.length / options.chunkSize),
    pages: options.pages ?? [],
    compare: options.compare ?? null,
  }
}

function dictionary() {
  const values: string[] = []
  const positions = new Map<string, number>()
  const of = (value: string) => {
    let at = positions.get(value)
    if (at === undefined) {
      at = values.push(value) - 1
      positions.set(value, at)
    }
    return at
  }
  return { values, of }
}

const outcomeOf = (r: CaseRecord): OutcomeCode => (r.grade === null ? 2 : r.grade.correct ? 0 : 1)

/**
 * The compact case index; `hasDetail(i)` says whether record i has stored details.
 * @example caseIndex(records, () => false).rows[0][6] // 0 (correct)
 */
export function caseIndex(records: readonly CaseRecord[], hasDetail: (i: number) => boolean): CaseIndex {
  const d = {
    topology: dictionary(),
    category: dictionary(),
    task: dictionary(),
    status: dictionary(),
    attribution: dictionary(),
    cell: dictionary(),
  }
  // The cell each trial counts in, named as the overview's cell table names it (summarize).
  const label = suiteLabeller(records.filter((r) => !r.sweep))
  const cellOf = (r: CaseRecord) =>
    r.sweep
      ? -1
      : d.cell.of(cellKey({ topology: r.topology, category: r.category, task: null, suite: label(r) }))
  const rows = records.map((r, i) => [
    r.caseId,
    d.topology.of(r.topology),
    d.category.of(r.category),
    d.task.of(r.task),
    r.sample,
    r.epoch,
    outcomeOf(r),
    r.grade?.exact ? 1 : 0,
    d.status.of(r.infraError ? 'infra_error' : (r.status ?? 'none')),
    r.grade && !r.grade.correct ? d.attribution.of(r.grade.attribution?.kind ?? 'none') : -1,
    r.turns,
    r.toolCalls,
    r.tokens.completion,
    r.tokens.prompt,
    r.repairs.tool + r.repairs.final + r.repairs.cutoff,
    hasDetail(i) ? 1 : 0,
    cellOf(r),
  ])
  return {
    columns: INDEX_COLUMNS,
    dict: {
      topology: d.topology.values,
      category: d.category.values,
      task: d.task.values,
      status: d.status.values,
      attribution: d.attribution.values,
      cell: d.cell.values,
    },
    rows,
  }
}

/**
 * One case as its chunk holds it: the graph DOT is drawn from the instance and the record's grade.
 * @example chunkCase(record, detail).dot // 'digraph instance { … }'
 */
export function chunkCase(record: CaseRecord, detail: CaseDetail | undefined): ChunkCase {
  if (!detail) return { record, prompt: null, dot: null, transcript: null }
  return {
    record,
    prompt: detail.instance.prompt,
    dot: instanceDot(detail.instance, record.grade?.nodes ?? []),
    transcript: detail.transcript,
  }
}

/**
 * A data file's text: a script that hands `payload` to the app under `name`. Scripts, not JSON
 * fetched with XHR, because browsers refuse `fetch` on file:// pages but load scripts.
 * @example dataScript('summary', overview) // 'window.arbigraphData("summary", {…});'
 */
export const dataScript = (name: string, payload: unknown): string =>
  `window.arbigraphData(${JSON.stringify(name)}, ${JSON.stringify(payload)});\n`

/**
 * The file of chunk `k`, relative to the dashboard folder (the app asks for the same name).
 * @example chunkFile(3) // 'data/cases-00003.js'
 */
export const chunkFile = (k: number): string => `data/cases-${String(k).padStart(5, '0')}.js`

/**
 * The script of chunk `k`: its records, each with its details (`details` aligned with `records`).
 * @example chunkScript(0, records.slice(0, 100), details.slice(0, 100))
 */
export const chunkScript = (
  k: number,
  records: readonly CaseRecord[],
  details: readonly (CaseDetail | undefined)[],
): string => dataScript(`chunk:${k}`, { cases: records.map((record, i) => chunkCase(record, details[i])) })
