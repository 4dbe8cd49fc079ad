/**
 * Context conditions: one instance answered three ways, so what a model loses to context can be
 * measured on exactly the same nodes. `in-graph` is the instance as one prompt (the record's
 * `grade`); `isolated` asks every task node alone, in a fresh conversation, with its inputs
 * written out as their true values; `chained` asks every node alone too, but with its inputs
 * written out as the model's own answers to the upstream nodes in this condition. This file holds
 * the names and what a case record stores per node (an additive `conditions` field).
 */
import { z } from 'zod'
import { verdictSchema } from './grade.ts'
import { valueSchema } from './value.ts'

/** The conditions, in the order reports show them. */
export const CONDITIONS = ['in-graph', 'isolated', 'chained'] as const

export const conditionSchema = z.enum(CONDITIONS)

/** What the evidence of the three conditions says about a wrong in-graph node (src/grade/condition-evidence.ts). */
export const evidenceSchema = z.enum(['local', 'propagated', 'interference'])

/** Why a chained node was not asked: it has no input to give. */
export const unchainedSchema = z.enum(['upstream-unreadable', 'input-kind', 'junction', 'unsolvable'])

const count = z.number().int().min(0)

export const isolatedNodeSchema = z
  .object({
    verdict: verdictSchema.describe('Against the instance ground truth (the same inputs were given).'),
    answer: z.string().nullable(),
  })
  .strict()

export const chainedNodeSchema = z
  .object({
    verdict: z
      .union([verdictSchema, z.literal('unchained')])
      .describe('Against the instance ground truth: the chained metric. "unchained" counts as wrong.'),
    givenInputs: verdictSchema
      .nullable()
      .describe('Against the truth recomputed from the inputs it was given; null when unchained.'),
    input: valueSchema.nullable().describe('The input value written into its prompt; null when unchained.'),
    expected: valueSchema
      .nullable()
      .describe('The truth given that input (the template solver); null when unchained.'),
    answer: z.string().nullable(),
    unchained: unchainedSchema.optional().describe('Why it was not asked.'),
    reason: z.string().optional().describe('The unchained reason in words.'),
  })
  .strict()

export const conditionNodeSchema = z
  .object({
    node: z.string().min(1),
    name: z.string().min(1).describe('The in-graph output name, task_N_out.'),
    depth: count.describe('Longest chain of task nodes upstream of it (junctions not counted).'),
    isolated: isolatedNodeSchema.optional(),
    chained: chainedNodeSchema.optional(),
    evidence: evidenceSchema
      .nullable()
      .optional()
      .describe('A wrong in-graph node with all three conditions: local, propagated or interference.'),
  })
  .strict()

export const conditionUsageSchema = z
  .object({
    prompts: count.describe('Node prompts sent (a chained prompt equal to its isolated one is reused).'),
    turns: count,
    tokens: z.object({ prompt: count, completion: count }).strict(),
  })
  .strict()

export const conditionsRecordSchema = z
  .object({
    ran: z.array(conditionSchema).min(1).describe('The conditions this trial ran, in-graph first.'),
    nodes: z.array(conditionNodeSchema).describe('One entry per requested output, in prompt order.'),
    usage: z
      .object({ isolated: conditionUsageSchema.optional(), chained: conditionUsageSchema.optional() })
      .strict(),
  })
  .strict()

export type Condition = z.output<typeof conditionSchema>
export type Evidence = z.output<typeof evidenceSchema>
export type Unchained = z.output<typeof unchainedSchema>
export type IsolatedNode = z.output<typeof isolatedNodeSchema>
export type ChainedNode = z.output<typeof chainedNodeSchema>
export type ConditionNode = z.output<typeof conditionNodeSchema>
export type ConditionUsage = z.output<typeof conditionUsageSchema>
export type ConditionsRecord = z.output<typeof conditionsRecordSchema>
/** The wire form a case record stores (values as Python repr strings). */
export type ConditionsRecordWire = z.input<typeof conditionsRecordSchema>
