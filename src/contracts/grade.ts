/**
 * Grading contracts: what the grader says about one instance. Every task node that the prompt
 * asks for is graded (not only the target), each with a verdict and, when wrong, why; the
 * instance is `correct` when every target is right and `exact` when every requested output is.
 * A wrong target also gets one `attribution`, the first matching rule of: limit, missing,
 * format, propagated, stale, local (see src/grade/attribute.ts for the rules and their order).
 */
import { z } from 'zod'
import { pyValueSchema, valueSchema } from './value.ts'

export const GRADE_SCHEMA = 'arbigraph.grade/1'

/**
 * How answer text is read. `arbigraph`: Python literals plus LaTeX noise removal and exact
 * fractions / simple arithmetic. `reference`: Python literals only, for parity with the paper.
 */
export const parseModeSchema = z.enum(['arbigraph', 'reference'])

/** Why an answer text could not be read as a value. */
export const parseFailureSchema = z.enum([
  'too-long',
  'boolean',
  'thousands-separator',
  'tuple',
  'non-finite',
  'unsupported',
  'too-large',
  'division-by-zero',
  'syntax',
])

/** How a readable answer was read: a plain Python literal, or an evaluated expression. */
export const answerFormSchema = z.enum(['literal', 'expression'])

/** One node's verdict: right, wrong value, no answer collected, or an unreadable answer. */
export const verdictSchema = z.enum(['correct', 'wrong', 'missing', 'format'])

/** Why a wrong value differs (from src/grade/compare.ts). */
export const mismatchSchema = z.enum(['kind', 'length', 'not-integer', 'value'])

export const attributionKindSchema = z.enum(['limit', 'missing', 'format', 'propagated', 'stale', 'local'])

export const nodeGradeSchema = z
  .object({
    node: z.string().min(1).describe('Task node id.'),
    name: z.string().min(1).describe('The output name the prompt asks for: task_N_out.'),
    target: z.boolean(),
    expected: valueSchema.describe('Ground truth.'),
    answer: z.string().nullable().describe('The collected answer text, or null when none was collected.'),
    got: pyValueSchema.nullable().describe('The answer as read, or null when missing or unreadable.'),
    form: answerFormSchema.optional(),
    verdict: verdictSchema,
    failure: parseFailureSchema.optional().describe('verdict "format": why the text was unreadable.'),
    mismatch: mismatchSchema.optional().describe('verdict "wrong": how the value differs.'),
    message: z.string().optional().describe('A human-readable explanation of a format failure.'),
  })
  .strict()

export const attributionSchema = z
  .object({
    kind: attributionKindSchema,
    target: z.string().min(1).describe('The wrong target node this attribution explains.'),
    node: z
      .string()
      .min(1)
      .optional()
      .describe('propagated: the first wrong upstream node; stale: the node whose ground truth was given.'),
  })
  .strict()

export const instanceGradeSchema = z
  .object({
    schema: z.literal(GRADE_SCHEMA),
    instance: z.string().min(1).describe('Instance id.'),
    mode: parseModeSchema,
    status: z.string().optional().describe('Terminal status of the run, as passed to the grader.'),
    correct: z.boolean().describe('Every target answered right.'),
    exact: z.boolean().describe('Every requested output answered right.'),
    nodes: z.array(nodeGradeSchema).describe('One entry per requested output, in prompt order.'),
    attribution: attributionSchema
      .nullable()
      .describe('Why the (first) wrong target is wrong; null when correct.'),
  })
  .strict()
  .meta({ id: 'InstanceGrade', title: 'ArbiGraph instance grade' })

export type ParseMode = z.output<typeof parseModeSchema>
export type ParseFailure = z.output<typeof parseFailureSchema>
export type AnswerForm = z.output<typeof answerFormSchema>
export type Verdict = z.output<typeof verdictSchema>
export type Mismatch = z.output<typeof mismatchSchema>
export type AttributionKind = z.output<typeof attributionKindSchema>
export type NodeGrade = z.output<typeof nodeGradeSchema>
export type Attribution = z.output<typeof attributionSchema>
export type InstanceGrade = z.output<typeof instanceGradeSchema>
