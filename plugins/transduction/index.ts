/**
 * Long-Transduction: document generation (four families, three formats, four difficulties, six
 * budgets), prompts, exact per-record scoring and self-consistency.
 * Reference: Long-Transduction paper (Appendices A, B, D).
 */
export type { TransductionDocument } from './document.ts'
export { transductionDocumentSchema } from './document.ts'
export { evaluateSum } from './families/arithmetic.ts'
export { kvActiveKeys, partialDerangement, tableColumns } from './families/table.ts'
export { BUDGET_CONTRACT, cl100kTokens, fitToBudget } from './fit-budget.ts'
export { generateDocument } from './generate-document.ts'
export {
  generateTransduction,
  generateTransductionInWorkers,
  parseTransductionJsonl,
  transductionDocuments,
} from './generate-grid.ts'
export type {
  BudgetLabel,
  Family,
  Format,
  GridPoint,
  GridSelection,
  Level,
  LineFormat,
  TableFormat,
} from './grid.ts'
export {
  budgetLabels,
  budgets,
  difficultyValue,
  documentId,
  families,
  formatsOf,
  gridPoints,
  levels,
  lineFormats,
  tableFormats,
} from './grid.ts'
export { numberedLine, outputLines } from './output-lines.ts'
export type { DocumentScore } from './score.ts'
export { scoreDocument } from './score.ts'
export {
  consistentEquation,
  consistentSortedList,
  consistentWords,
  lineConsistency,
} from './self-consistency.ts'
export { singleShotMaxTokens } from './single-shot-profile.ts'
