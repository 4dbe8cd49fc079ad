/**
 * Exact document completion: the share of documents in which every required record is correct,
 * i.e. that would need no repair. Unlike accuracy this is a plain rate over documents (the paper
 * reports counts such as 41/240 at 128K), so it comes with its count.
 * Reference: Long-Transduction paper §4 and Appendix B, Table 2.
 */
import type { TransductionResultRow } from './result-row.ts'

/** An exact-completion rate with its count. */
export interface CompletionRate {
  complete: number
  documents: number
  /** complete / documents, NaN for no documents. */
  rate: number
}

/**
 * The exact-completion rate of some documents.
 * @example exactCompletion(rows).rate
 */
export function exactCompletion(rows: readonly Pick<TransductionResultRow, 'exact'>[]): CompletionRate {
  const complete = rows.filter((row) => row.exact).length
  return { complete, documents: rows.length, rate: rows.length ? complete / rows.length : Number.NaN }
}
