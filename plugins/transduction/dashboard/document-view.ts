/**
 * Long-Transduction's document view and case list: what a reader needs to see where a model got
 * lost in one document. The `details` step (run in the worker, where the document and the output
 * are at hand) stores the prompt, the output and, per required record, what scoring matched to it;
 * the view shows the facts, the point where the output first went wrong (the first wrong record,
 * its output position bin, and accuracy before and after it), the document's own position curves,
 * the output aligned record by record with the expected records (wrong ones highlighted), the
 * prompt and the raw output. A record without stored details still shows its facts and curves.
 * Reference: Long-Transduction paper §4 ("understands the task, but gets lost") and Appendix B.
 */
import { z } from 'zod'
import type {
  AlignedRecord,
  CaseBlock,
  CaseColumn,
  CaseOutcome,
  CaseRow,
} from '../../../src/contracts/dashboard.ts'
import type { DetailSink } from '../../../src/dashboard/detail-store.ts'
import { detailSinkFromEnv } from '../../../src/dashboard/detail-store.ts'
import type { TransductionDocument } from '../document.ts'
import { POSITION_BINS } from '../metrics/position-bins.ts'
import type { TransductionRecord } from '../record.ts'
import { alignOutput } from '../score.ts'

/** What the store keeps of one document's run (a 128K document's is about a megabyte). */
export const documentDetailSchema = z.object({
  prompt: z.string(),
  output: z.string(),
  expected: z.array(z.string()),
  /**
   * The wrong records only, as [index, the emitted text scoring matched to it, or null when
   * none]: a right one's emitted text is its expected text, so it is not stored twice.
   */
  mismatches: z.array(z.tuple([z.number().int().min(0), z.string().nullable()])),
})
export type DocumentDetail = z.output<typeof documentDetailSchema>

/**
 * The stored details of a document's output.
 * @example documentDetail(doc, doc.expectedText).mismatches // []
 */
export function documentDetail(doc: TransductionDocument, output: string): DocumentDetail {
  const emitted = alignOutput(doc, output)
  const mismatches: DocumentDetail['mismatches'] = []
  doc.records.forEach((expected, i) => {
    if (emitted[i] !== expected) mismatches.push([i, emitted[i] ?? null])
  })
  return { prompt: doc.prompt, output, expected: doc.records, mismatches }
}

/** One sink per run root (a worker runs every suite of one run). */
const sinks = new Map<string, DetailSink | undefined>()

/**
 * The detail sink of the run rooted at `root` (none when ARBIGRAPH_CASES or ARBIGRAPH_RESULTS is off).
 * @example documentSink('/proj')?.(doc.id, documentDetail(doc, output))
 */
export function documentSink(root: string): DetailSink | undefined {
  if (!sinks.has(root)) sinks.set(root, detailSinkFromEnv(process.env, root))
  return sinks.get(root)
}

/** The case list: one row per document. */
export const documentColumns: CaseColumn[] = [
  { id: 'document', label: 'Document' },
  { id: 'family', label: 'Family', filter: { plural: 'families' } },
  { id: 'format', label: 'Format', filter: { plural: 'formats' } },
  { id: 'level', label: 'Level', filter: { plural: 'levels' } },
  { id: 'budget', label: 'Budget', filter: { plural: 'budgets' } },
  { id: 'sample', label: '#', numeric: true },
  { id: 'accuracy', label: 'Accuracy', numeric: true },
  { id: 'consistency', label: 'Self-consistency', numeric: true },
  { id: 'records', label: 'Correct records', numeric: true },
  { id: 'lost', label: 'First wrong bin', numeric: true },
]

/** The first position bin (1-based) whose accuracy is below 1, or null for a perfect document. */
function firstWrongBin(record: TransductionRecord): number | null {
  const bins = record.score?.positions.accuracy ?? []
  const at = bins.findIndex((v) => v !== null && v < 1)
  return at < 0 ? null : at + 1
}

/**
 * A document's row of the case list.
 * @example documentRow(record)[0] // 'arithmetic/plain/L0/4K/s0'
 */
export function documentRow(r: TransductionRecord): CaseRow {
  const s = r.score
  return [
    r.documentId,
    r.family,
    r.format,
    `L${r.level}`,
    r.budget,
    r.sample,
    s ? s.accuracy.toFixed(3) : null,
    s ? s.consistency.toFixed(3) : null,
    s ? `${s.counts.correct}/${s.counts.records}` : null,
    firstWrongBin(r),
  ]
}

/**
 * How a document ended: every record correct, none, some, or no outcome.
 * @example documentOutcome(record) // 'partial'
 */
export function documentOutcome(r: TransductionRecord): CaseOutcome {
  if (!r.score) return 'infra'
  return r.score.exact ? 'correct' : r.score.counts.correct === 0 ? 'wrong' : 'partial'
}

const rate = (x: number) => x.toFixed(3)

/** Where the output first went wrong, from the stored mismatches (in record order). */
function lostAt(detail: DocumentDetail): string {
  const n = detail.expected.length
  if (detail.mismatches.length === 0) return `Every one of the ${n} records is correct.`
  const first = detail.mismatches[0]![0]
  const before = first
  const after = n - first - detail.mismatches.length
  const bin = Math.floor((first * POSITION_BINS) / n) + 1
  return `The first wrong record is #${first + 1} of ${n} (position bin ${bin} of ${POSITION_BINS}): all ${before} records before it are correct, and ${after} of the ${n - first} from it on (${rate(after / (n - first))}).`
}

/** The aligned rows: a right record's output is its expected text (not repeated in the data). */
function alignedRows(detail: DocumentDetail): AlignedRecord[] {
  const wrong = new Map(detail.mismatches)
  return detail.expected.map((expected, i) =>
    wrong.has(i)
      ? { n: i + 1, expected, actual: wrong.get(i)!, ok: false }
      : { n: i + 1, expected, ok: true },
  )
}

/**
 * The document view of a record; `detail` is what `details` stored (undefined when nothing was).
 * @example documentView(record, detail)[0].kind // 'facts'
 */
export function documentView(r: TransductionRecord, stored: unknown): CaseBlock[] {
  const parsed = documentDetailSchema.safeParse(stored)
  const detail = parsed.success ? parsed.data : undefined
  const s = r.score
  const facts: CaseBlock = {
    kind: 'facts',
    id: 'lt-facts',
    items: [
      { label: 'document', value: r.documentId },
      { label: 'model', value: r.model },
      { label: 'family', value: r.family },
      { label: 'format', value: r.format },
      { label: 'level', value: `L${r.level}` },
      { label: 'budget', value: r.budget },
      { label: 'input tokens', value: String(r.tokens.input) },
      { label: 'completion tokens', value: String(r.tokens.completion) },
      { label: 'ended', value: r.outcome ?? 'infrastructure error' },
    ],
  }
  if (!s)
    return [
      facts,
      {
        kind: 'facts',
        id: 'lt-infra',
        items: [{ label: 'infrastructure error', value: r.infraError?.reason ?? 'unknown' }],
      },
    ]
  const c = s.counts
  const blocks: CaseBlock[] = [
    facts,
    {
      kind: 'kpis',
      id: 'lt-doc-kpis',
      items: [
        {
          id: 'doc-accuracy',
          label: 'accuracy',
          value: s.accuracy,
          format: 'fraction',
          note: `${c.correct}/${c.records} records`,
        },
        { id: 'doc-consistency', label: 'self-consistency', value: s.consistency, format: 'fraction' },
        { id: 'doc-missing', label: 'missing', value: c.missing, format: 'count' },
        { id: 'doc-extra', label: 'extra', value: c.extra, format: 'count' },
        { id: 'doc-duplicates', label: 'duplicates', value: c.duplicates, format: 'count' },
        { id: 'doc-unparsed', label: 'unparsed', value: c.unparsed, format: 'count' },
        { id: 'doc-order', label: 'order violations', value: c.orderViolations, format: 'count' },
      ],
    },
  ]
  if (detail)
    blocks.push({
      kind: 'facts',
      id: 'lt-lost',
      items: [{ label: 'where it got lost:', value: lostAt(detail) }],
    })
  else {
    const bin = firstWrongBin(r)
    blocks.push({
      kind: 'facts',
      id: 'lt-lost',
      items: [
        {
          label: 'where it got lost:',
          value:
            bin === null
              ? 'every record is correct'
              : `the first position bin with a wrong record is ${bin} of ${POSITION_BINS} (no stored output to show the record)`,
        },
      ],
    })
  }
  blocks.push({
    kind: 'lines',
    id: 'lt-doc-bins',
    title: 'Accuracy and self-consistency along this output',
    format: 'fraction',
    xLabel: 'output position bin',
    x: Array.from({ length: s.positions.accuracy.length }, (_, i) => String(i + 1)),
    series: [
      { name: 'accuracy', values: s.positions.accuracy },
      { name: 'self-consistency', values: s.positions.consistency },
    ],
  })
  if (!detail) {
    blocks.push({
      kind: 'facts',
      id: 'lt-no-detail',
      items: [
        {
          label: 'note',
          value:
            'No stored prompt or output for this document (ARBIGRAPH_CASES off, or a results file moved without its cases/ folder).',
        },
      ],
    })
    return blocks
  }
  blocks.push(
    {
      kind: 'aligned',
      id: 'lt-aligned',
      title: `Output against the expected records (${c.records - c.correct} wrong)`,
      note: 'Each required record beside what scoring matched to it; wrong ones are highlighted, the first wrong one is marked by a line.',
      rows: alignedRows(detail),
    },
    {
      kind: 'text',
      id: 'lt-prompt',
      title: `Prompt (${detail.prompt.length} characters)`,
      text: detail.prompt,
    },
    {
      kind: 'text',
      id: 'lt-output',
      title: `Model output (${detail.output.length} characters)`,
      text: detail.output,
    },
  )
  return blocks
}
