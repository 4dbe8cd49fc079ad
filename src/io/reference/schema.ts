/**
 * Zod schemas for the reference implementation's dataset files (`{summary, samples}`), one per
 * record shape: baseline, released forgetting, fresh forgetting, chain, cross-family chain,
 * multichain and custom DAG. Harness result files wrap the same records with extra fields
 * (answers, tokens), so every object is loose: unknown keys pass, known keys are checked.
 * Numbers become exact values while parsing (integral JSON numbers → bigint).
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9 (record fields).
 */
import { z } from 'zod'
import { fromJson, isValue, type PyValue, type Value } from '../../values.ts'

const toPyValue = (raw: unknown, ctx: z.RefinementCtx): PyValue => {
  try {
    return fromJson(raw, 'value')
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^value: /, '') })
    return z.NEVER
  }
}

/**
 * Any printed value (numbers and nested lists), exact.
 * @example refPyValue.parse([[1, 2], [3, 4]]) // [[1n, 2n], [3n, 4n]]
 */
export const refPyValue = z.unknown().transform(toPyValue)

/**
 * A value an edge carries: a scalar or a flat list of scalars.
 * @example refValue.parse([18, -1, 0.5]) // [18n, -1n, 0.5]
 */
export const refValue = z.unknown().transform((raw, ctx): Value => {
  const value = toPyValue(raw, ctx)
  if (value !== z.NEVER && !isValue(value)) {
    ctx.addIssue({ code: 'custom', message: 'expected a number or a flat list of numbers' })
    return z.NEVER
  }
  return value as Value
})

const count = z.int().min(0)
const taskNumber = z.int().min(1)
const kind = z.enum(['scalar', 'list'])

/** A math/python chain stage; GSM stages name their template by `template_index`. */
export const chainStageSchema = z.looseObject({
  task_number: taskNumber,
  task_name: z.string().min(1).optional(),
  template_index: count.optional(),
  task_id: count.optional(),
  input_name: z.string().min(1),
  ground_truth: refValue,
})

/** A stage that carries its family and kinds (cross-family chain, fresh forgetting, multichain). */
export const typedStageSchema = z.looseObject({
  task_number: taskNumber,
  family: z.string().min(1),
  task_id: count,
  task_name: z.string().min(1),
  input_name: z.string().min(1),
  input_kind: kind.optional(),
  output_kind: kind.optional(),
  ground_truth: refValue,
})

const recordBase = {
  task_id: count,
  task_name: z.string().min(1),
  sample_idx: count,
  prompt: z.string().min(1),
  ground_truth: refValue,
  target_family: z.string().min(1).optional(),
  extra_inputs: z.record(z.string(), refPyValue).optional(),
}

export const baselineRecordSchema = z.looseObject({ ...recordBase, chain_input: refValue })

export const chainRecordSchema = z.looseObject({
  ...recordBase,
  chain_input: refValue,
  chain: z.looseObject({
    num_distractors: count,
    target_task_number: taskNumber,
    distractors: z.array(chainStageSchema),
    target: chainStageSchema,
  }),
})

/** Cross-family chain (`chain`) and fresh forgetting (`forgetting`) share this inner shape. */
const typedStagesBlock = z.looseObject({
  task_types: z.array(z.string()).optional(),
  num_distractors: count.optional(),
  target_task_number: taskNumber,
  stages: z.array(typedStageSchema).min(1),
})

export const crossChainRecordSchema = z.looseObject({
  ...recordBase,
  chain_input: refValue.optional(),
  chain: typedStagesBlock,
})

export const freshForgettingRecordSchema = z.looseObject({
  ...recordBase,
  chain_input: refValue.optional(),
  forgetting: typedStagesBlock,
})

export const forgettingRecordSchema = z.looseObject({
  ...recordBase,
  chain_input: refValue,
  forgetting: z.looseObject({
    target_task_number: taskNumber,
    num_distractors: count,
    distractors: z.array(
      z.looseObject({
        task_number: taskNumber,
        task_id: count,
        task_name: z.string().min(1),
        sample_idx: count.optional(),
        chain_input: refValue,
        extra_inputs: z.record(z.string(), refPyValue).optional(),
      }),
    ),
  }),
})

const branchSchema = z.looseObject({
  branch_index: count,
  input_name: z.string().min(1),
  input_value: refValue,
  final_output_name: z.string().min(1),
  final_output: refValue,
  stages: z.array(typedStageSchema).min(1),
})

export const multichainRecordSchema = z.looseObject({
  ...recordBase,
  chain_input: refValue,
  multi_chain: z.looseObject({
    target_task_number: taskNumber,
    stages: z.array(typedStageSchema).min(1),
    branch_blocks: z.array(
      z.looseObject({
        block_index: count,
        expansion_task_number: taskNumber,
        expansion_output_name: z.string().min(1),
        branch_inputs: z.array(z.string().min(1)),
        next_input_name: z.string().min(1),
        next_input_value: refValue,
        branches: z.array(branchSchema).min(1),
      }),
    ),
  }),
})

export const customRecordSchema = z.looseObject({
  ...recordBase,
  target_node: z.string().min(1),
  target_output_name: z.string().min(1).optional(),
  static_inputs: z.array(
    z.looseObject({ node_id: z.string().min(1), input_name: z.string().min(1), value: refValue }),
  ),
  custom_dag: z.looseObject({
    stages: z.array(
      typedStageSchema.extend({
        node_id: z.string().min(1),
        input_node_id: z.string().min(1).nullable(),
        input_value: refValue,
      }),
    ),
    adapters: z.array(
      z.looseObject({
        node_id: z.string().min(1),
        op: z.enum(['pick', 'pack']),
        input_node_ids: z.array(z.string().min(1)).min(1),
        input_names: z.array(z.string().min(1)).min(1),
        output_name: z.string().min(1),
        ground_truth: refValue,
      }),
    ),
  }),
})

/**
 * Top level of every reference file; records are parsed one by one by their shape.
 * @example referenceFileSchema.parse({ summary: { mode: 'math' }, samples: [] }).summary.mode // 'math'
 */
export const referenceFileSchema = z.looseObject({
  summary: z.looseObject({ mode: z.string().min(1) }),
  samples: z.array(z.unknown()),
})

export type ChainStage = z.output<typeof chainStageSchema>
export type TypedStage = z.output<typeof typedStageSchema>
export type BaselineRecord = z.output<typeof baselineRecordSchema>
export type ChainRecord = z.output<typeof chainRecordSchema>
export type CrossChainRecord = z.output<typeof crossChainRecordSchema>
export type FreshForgettingRecord = z.output<typeof freshForgettingRecordSchema>
export type ForgettingRecord = z.output<typeof forgettingRecordSchema>
export type MultichainRecord = z.output<typeof multichainRecordSchema>
export type CustomRecord = z.output<typeof customRecordSchema>
