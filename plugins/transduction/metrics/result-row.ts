/**
 * The per-document result the Long-Transduction metrics work on: the document's grid cell and
 * its scores. Reporters build these from stored outcomes; every metric here is a pure function
 * of a list of them, so every printed number can be recomputed from the run records.
 */

/** One scored document. */
export interface TransductionResultRow {
  family: string
  format: string
  level: number
  budget: string
  /** Fraction of required records exactly correct, in [0, 1]. */
  accuracy: number
  /** Fraction of required records whose emitted counterpart is self-consistent, in [0, 1]. */
  consistency: number
  /** Every required record correct. */
  exact: boolean
  /** Per required record, in expected order (position bins); optional for summary tables. */
  correct?: readonly boolean[]
  consistent?: readonly boolean[]
}

/**
 * The task-difficulty cell of a row: task = family × format, plus the level.
 * @example cellKey({ family: 'arithmetic', format: 'plain', level: 2 }) // 'arithmetic/plain/L2'
 */
export const cellKey = (row: Pick<TransductionResultRow, 'family' | 'format' | 'level'>): string =>
  `${row.family}/${row.format}/L${row.level}`
