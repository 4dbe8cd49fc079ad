/**
 * The Long-Transduction side of the single-shot harness: a document's completion budget is
 * 1.5 × its input budget (half the nominal input + output budget), as in the paper.
 * Reference: Long-Transduction paper, Appendix D ("up to 1.5 times the target input budget").
 */
import type { TransductionDocument } from './document.ts'

/**
 * `max_tokens` for a document.
 * @example singleShotMaxTokens({ budgetTokens: 128000 }) // 96000
 */
export const singleShotMaxTokens = (doc: Pick<TransductionDocument, 'budgetTokens'>, factor = 1.5): number =>
  Math.ceil((factor * doc.budgetTokens) / 2)
