/**
 * Long-Transduction as a Benchmark (src/contracts/benchmark.ts): a suite is one family's grid
 * cells, the default harness one single-shot request per document, a record the exact per-record
 * score of the output, the summary the paper's tables and curves, and its own results file
 * (`out/transduction.json`) and Markdown summary (`out/transduction.md`) written by the generic
 * benchmark reporter.
 * Reference: Long-Transduction paper §2–§4, Appendices B and D.
 */
import { resolve } from 'node:path'
import { benchmark } from '../../src/contracts/benchmark.ts'
import type { RunInfo } from '../../src/contracts/results.ts'
import { SINGLE_SHOT_OUTPUT, singleShot } from '../../src/harness/single-shot.ts'
import { htmlSection } from '../../src/report/html-section.ts'
import { transductionBoard } from './board.ts'
import {
  documentColumns,
  documentDetail,
  documentOutcome,
  documentRow,
  documentSink,
  documentView,
} from './dashboard/document-view.ts'
import { transductionPages } from './dashboard/pages.ts'
import type { TransductionDocument } from './document.ts'
import { transductionProgressCells } from './metrics/progress-cells.ts'
import type { TransductionSummary } from './metrics/summarize-transduction.ts'
import { summarizeTransduction } from './metrics/summarize-transduction.ts'
import type { TransductionRecord } from './record.ts'
import { transductionRecordSchema } from './record.ts'
import { transductionBreakdowns } from './report/breakdowns.ts'
import { buildTransductionResults } from './report/build-results.ts'
import { formatTransductionMarkdown } from './report/format-markdown.ts'
import { formatTransductionText } from './report/format-text.ts'
import { transductionHeadline, transductionTables } from './report/tables.ts'
import {
  decodeTransductionResults,
  TRANSDUCTION_RESULTS_SCHEMA,
  transductionResultsSchema,
} from './results.ts'
import { singleShotMaxTokens } from './single-shot-profile.ts'
import type { ResolvedTransductionSuite, TransductionIdentity } from './suite/cases.ts'
import { transductionSuiteCases, transductionSuiteSchema } from './suite/cases.ts'
import { transductionDatasetCases } from './suite/dataset-cases.ts'
import { transductionEnvShape } from './suite/env.ts'
import { singleShotOutcome, transductionInfraRecord, transductionRecord } from './suite/score-record.ts'
import { transductionSweep } from './sweep.ts'

// Documents reach ~1 MB of JSON each at 128K; batches keep every registration body modest.
const SIM_BATCH = 16

/** The root of the run whose suites this worker declared (where their document details go). */
let detailRoot: string | undefined

/**
 * The Long-Transduction benchmark.
 * @example defineSuite(transduction, { family: 'arithmetic' })
 */
export const transduction = benchmark<
  ResolvedTransductionSuite,
  TransductionDocument,
  TransductionRecord,
  TransductionSummary
>({
  name: 'transduction',
  summary: 'Long-Transduction: long read-mutate-output documents, scored per record and position',
  options: transductionSuiteSchema,
  suite: (o) => ({ name: `transduction/${o.family}`, tags: ['transduction', o.family] }),
  // A frozen dataset file is evaluated as it is (suite/dataset-cases.ts), else the grid is generated.
  cases: (o, run) => {
    if (run) detailRoot = run.root
    return o.dataset === undefined
      ? transductionSuiteCases(o)
      : transductionDatasetCases(resolve(run?.root ?? process.cwd(), o.dataset))
  },
  simCases: (cases) =>
    cases.map(({ input: d }) => ({
      prompt: d.prompt,
      transduction: { expectedText: d.expectedText, format: d.format, family: d.family },
    })),
  simBatch: SIM_BATCH,
  harness: () => singleShot(),
  harnessCase: ({ input: doc }) => ({
    id: doc.id,
    epoch: 0,
    prompt: doc.prompt,
    expected: [SINGLE_SHOT_OUTPUT],
    maxTokens: singleShotMaxTokens(doc),
  }),
  score: (c, result, facts) =>
    transductionRecord(c.input, facts.model, singleShotOutcome(result), c.identity as TransductionIdentity),
  // The document view's prompt, output and alignment, stored apart from the record.
  details: (c, result, record) => {
    const sink = detailRoot === undefined ? undefined : documentSink(detailRoot)
    const ref = sink?.(record.documentId, documentDetail(c.input, singleShotOutcome(result).content)) ?? null
    return ref === null ? record : { ...record, detailRef: ref }
  },
  records: {
    schema: transductionRecordSchema,
    infra: (identity, reason, facts, input) =>
      transductionInfraRecord(identity as TransductionIdentity, reason, facts, input as TransductionDocument),
    failed: (record, reason) => ({ ...record, outcome: null, score: null, infraError: { reason } }),
    infraReason: (record) => record.infraError?.reason ?? null,
    model: (record) => record.model,
    withModel: (record, model) => ({ ...record, model }),
    compare: (a, b) => (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0),
  },
  summarize: summarizeTransduction,
  progressCells: transductionProgressCells,
  report: {
    text: formatTransductionText,
    markdown: formatTransductionMarkdown,
    html: (summary, model) =>
      htmlSection('Long-Transduction', transductionHeadline(summary, model), transductionTables(summary)),
  },
  schemas: {
    'transduction-record': transductionRecordSchema,
    'transduction-results': transductionResultsSchema,
  },
  env: transductionEnvShape,
  files: {
    results: { path: 'out/transduction.json', variable: 'ARBIGRAPH_LT_RESULTS' },
    markdown: { path: 'out/transduction.md', variable: 'ARBIGRAPH_LT_MARKDOWN' },
    build: (records, run, createdBy, extra) =>
      buildTransductionResults(records, run as RunInfo, createdBy, extra),
    schema: TRANSDUCTION_RESULTS_SCHEMA,
    decode: decodeTransductionResults,
  },
  breakdowns: transductionBreakdowns,
  // A sweep's documents store their details where a suite's do: under the run's root.
  sweep: {
    ...transductionSweep,
    pointCases: (options, axis, value, seed, run) => {
      if (run) detailRoot = run.root
      return transductionSweep.pointCases(options, axis, value, seed)
    },
  },
  // Gate cells are family × budget, as on the progress line and the dashboard; `accuracy` averages
  // the documents' record accuracies (the report's macro accuracy), `exact` is the share of
  // documents exactly complete (a plain rate over documents).
  gate: {
    metrics: {
      accuracy: { describe: "macro record accuracy: mean of the documents' record accuracy" },
      exact: { describe: 'exact-completion rate: share of documents with every record correct' },
    },
    cell: (record) => `${record.family}/${record.budget}`,
    values: (record) =>
      record.score ? { accuracy: record.score.accuracy, exact: record.score.exact ? 1 : 0 } : null,
    // Under the sequential gate a document joins its family × budget stream (its identity names
    // both before it runs); one single-shot request per document.
    stream: {
      cells: (identity) => {
        const { family, budget } = identity as Partial<TransductionIdentity>
        return typeof family === 'string' && typeof budget === 'string' ? [`${family}/${budget}`] : []
      },
      cost: (record) => ({ calls: 1, tokens: record.tokens.prompt + record.tokens.completion }),
    },
  },
  dashboard: {
    title: 'Long-Transduction',
    pages: transductionPages,
    cases: {
      columns: documentColumns,
      row: documentRow,
      outcome: documentOutcome,
      // Links name the document, and a cell is its family × budget (the progress line's and the board's).
      id: (record) => record.documentId,
      cell: (record) => `${record.family}/${record.budget}`,
    },
    detail: (record) => (record.detailRef ? { ref: record.detailRef, id: record.documentId } : null),
    caseView: documentView,
  },
  board: transductionBoard,
})
