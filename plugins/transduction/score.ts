/**
 * Exact per-record scoring of one document's output. A required record (an output line, or a
 * table cell) is correct only when the emitted text equals the expected text under the rules in
 * output-lines.ts. Matching:
 * - numbered streams (ordered, shuffled): each line is matched by its emitted `[ID]`; a missing
 *   ID is a zero for that record only; of duplicate IDs the first counts; IDs outside 1..n are
 *   extras and lines without an ID are unparsed, neither of which moves any other match. Output
 *   order does not affect accuracy; out-of-order IDs are counted in `orderViolations` (the
 *   shuffled format asks for ascending order);
 * - unnumbered streams (plain): the k-th line is matched to the k-th record, so one omission
 *   shifts every later match (by design); lines beyond n are extras;
 * - tables: a header line (first line, starting with ",") is skipped; the k-th remaining line is
 *   matched to the k-th expected row and cells by field position within it.
 * Document accuracy is the fraction of correct records; exact completion means all are correct.
 * Reference: Long-Transduction paper, Appendix B.
 */
import type { TransductionDocument } from './document.ts'
import { numberedLine, outputLines } from './output-lines.ts'
import { lineConsistency, wellFormedRow } from './self-consistency.ts'

/** The score of one document. */
export interface DocumentScore {
  id: string
  /** Required records. */
  records: number
  /** Per required record, in expected order. */
  correct: boolean[]
  /** Per required record: its emitted counterpart passes the family's self-consistency check. */
  consistent: boolean[]
  accuracy: number
  consistency: number
  /** Every required record correct. */
  exact: boolean
  /** Required records with no emitted counterpart. */
  missing: number
  /** Emitted lines or rows beyond (or outside) the required ones. */
  extra: number
  /** Numbered lines whose ID was already seen. */
  duplicates: number
  /** Numbered-stream lines without a leading `[ID]`. */
  unparsed: number
  /** Numbered lines whose ID is lower than the previous line's. */
  orderViolations: number
}

type Matches = Pick<DocumentScore, 'extra' | 'duplicates' | 'unparsed' | 'orderViolations'> & {
  emitted: (string | undefined)[]
}

function matchNumbered(lines: readonly string[], n: number): Matches {
  const emitted: (string | undefined)[] = new Array(n)
  const m: Matches = { emitted, extra: 0, duplicates: 0, unparsed: 0, orderViolations: 0 }
  let last = 0
  for (const line of lines) {
    const parsed = numberedLine(line)
    if (!parsed) {
      m.unparsed++
      continue
    }
    if (parsed.id < last) m.orderViolations++
    last = parsed.id
    if (parsed.id < 1 || parsed.id > n) m.extra++
    else if (emitted[parsed.id - 1] !== undefined) m.duplicates++
    else emitted[parsed.id - 1] = parsed.content
  }
  return m
}

function summarize(
  id: string,
  records: readonly string[],
  emitted: (string | undefined)[],
  check: (text: string, index: number) => boolean,
  rest: Omit<Matches, 'emitted'>,
): DocumentScore {
  const correct = records.map((expected, i) => emitted[i] === expected)
  const consistent = records.map((_, i) => emitted[i] !== undefined && check(emitted[i]!, i))
  const hits = correct.filter(Boolean).length
  return {
    id,
    records: records.length,
    correct,
    consistent,
    accuracy: hits / records.length,
    consistency: consistent.filter(Boolean).length / records.length,
    exact: hits === records.length,
    missing: records.filter((_, i) => emitted[i] === undefined).length,
    ...rest,
  }
}

/** What matching an output against a document gives: each required record's emitted text, and the rest. */
interface Matching {
  emitted: (string | undefined)[]
  check: (text: string, index: number) => boolean
  rest: Omit<Matches, 'emitted'>
}

function matchTable(doc: TransductionDocument, lines: string[]): Matching {
  const { rows, cols } = doc.table!
  const body = lines[0]?.startsWith(',') ? lines.slice(1) : lines
  const emitted: (string | undefined)[] = new Array(rows * cols)
  const formed: boolean[] = new Array(rows).fill(false)
  for (let r = 0; r < Math.min(rows, body.length); r++) {
    const fields = body[r]!.split(',').map((field) => field.trim())
    formed[r] = wellFormedRow(fields, cols)
    for (let c = 0; c < cols; c++) emitted[r * cols + c] = fields[c + 1]
  }
  const check = (text: string, i: number) => text !== '' && formed[Math.floor(i / cols)]!
  const rest = { extra: Math.max(0, body.length - rows), duplicates: 0, unparsed: 0, orderViolations: 0 }
  return { emitted, check, rest }
}

function match(doc: TransductionDocument, output: string): Matching {
  const lines = outputLines(output)
  if (doc.family === 'table') return matchTable(doc, lines)
  const consistent = lineConsistency(doc.family, doc.definedWords)
  const check = (text: string) => consistent(text)
  const n = doc.records.length
  if (doc.numbered) {
    const { emitted, ...rest } = matchNumbered(lines, n)
    return { emitted, check, rest }
  }
  const emitted = lines.slice(0, n)
  const rest = { extra: Math.max(0, lines.length - n), duplicates: 0, unparsed: 0, orderViolations: 0 }
  return { emitted, check, rest }
}

/**
 * Scores an output text against a document.
 * @example scoreDocument(doc, doc.expectedText).accuracy // 1
 */
export function scoreDocument(doc: TransductionDocument, output: string): DocumentScore {
  const { emitted, check, rest } = match(doc, output)
  return summarize(doc.id, doc.records, emitted, check, rest)
}

/**
 * The emitted counterpart of each required record, as scoring matched it (undefined: missing),
 * so a reader can see the output beside the expected records, record by record.
 * @example alignOutput(doc, doc.expectedText)[0] === doc.records[0] // true
 */
export const alignOutput = (doc: TransductionDocument, output: string): (string | undefined)[] =>
  match(doc, output).emitted
