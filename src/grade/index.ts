/**
 * Grading: reading answer text as exact values, comparing with ground truth, grading every
 * requested output of an instance, and attributing a wrong target to one cause.
 */
export { attributeFailure, LIMIT_STATUSES } from './attribute.ts'
export type { Comparison } from './compare.ts'
export { ABS_TOL, answerMatches, compareAnswer, REL_TOL } from './compare.ts'
export type { ExpressionResult, Rational } from './expression.ts'
export {
  evaluateExpression,
  MAX_EXPRESSION_BITS,
  MAX_EXPRESSION_CHARS,
  rationalToNumber,
} from './expression.ts'
export type { GradeOptions } from './grade-instance.ts'
export { gradeInstance, outputName } from './grade-instance.ts'
export type { LatexResult } from './latex.ts'
export { normalizeLatex } from './latex.ts'
export type { ParseAnswerOptions, ParsedAnswer } from './parse-answer.ts'
export { MAX_ANSWER_CHARS, MAX_ARITHMETIC_ANSWER_CHARS, parseAnswer } from './parse-answer.ts'
export { upstreamTasks } from './upstream.ts'
