/**
 * Long-Transduction metrics: macro averages over task-difficulty cells, breakdown tables,
 * exact completion and position curves (pure functions for the reporters).
 */
export type { CompletionRate } from './exact-completion.ts'
export { exactCompletion } from './exact-completion.ts'
export type { BreakdownLine, Dimension, RowValue } from './macro-average.ts'
export { breakdown, macroAverage } from './macro-average.ts'
export { averageBins, documentBins, POSITION_BINS, positionCurve } from './position-bins.ts'
export type { TransductionResultRow } from './result-row.ts'
export { cellKey } from './result-row.ts'
