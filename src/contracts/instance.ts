/**
 * Instance: one prompt with the exact ground truth of every node, and everything needed to
 * regenerate it (spec + seed). This is the unit a dataset file holds, one JSON object per line.
 */
import { z } from 'zod'
import { INSTANCE_SCHEMA } from './schema-ids.ts'
import { kindSchema, pyValueSchema, valueSchema } from './value.ts'

export { INSTANCE_SCHEMA }

const nodeId = z.string().min(1)

export const taskNodeSchema = z
  .object({
    id: nodeId.describe('Node id in the skeleton.'),
    number: z.int().min(1).describe('Task number in prompt order: the block is "Task {number}:".'),
    family: z.string().min(1),
    template: z.string().min(1).describe('Template id within the family.'),
    inputKind: kindSchema,
    outputKind: kindSchema,
    source: z
      .object({
        node: nodeId
          .nullable()
          .describe('The node the input comes from (a task or a junction); null for a static input.'),
        name: z.string().min(1).describe('The name the prompt uses for the input, e.g. task_1_input.'),
      })
      .strict(),
    input: valueSchema.describe('The raw incoming value, before the task preprocesses it.'),
    params: z
      .record(z.string(), pyValueSchema)
      .describe('Sampled or derived parameters, printed in the task block.'),
    output: valueSchema.describe('Ground truth of task_{number}_out.'),
    preprocess: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])).optional(),
  })
  .strict()

export const junctionSchema = z
  .object({
    id: nodeId,
    op: z.enum(['pick', 'pack']),
    index: z.int().min(0).optional().describe('pick: the list position taken.'),
    sources: z.array(nodeId).min(1).describe('Input nodes; for pack, in slot order.'),
    name: z.string().min(1).describe('The name the prompt gives the result, task_{n}_input.'),
    output: valueSchema,
  })
  .strict()

export const staticInputSchema = z
  .object({ node: nodeId, name: z.string().min(1), value: valueSchema })
  .strict()

export const instanceSchema = z
  .object({
    schema: z.literal(INSTANCE_SCHEMA),
    id: z.string().min(1).describe('Unique within the dataset: <topology>/<family>/<task>#<sample>.'),
    topology: z.object({ name: z.string().min(1), options: z.record(z.string(), z.unknown()) }).strict(),
    categories: z.array(z.string().min(1)).min(1),
    seed: z.string().describe('The dataset seed; with spec and sample it regenerates this instance.'),
    sample: z.int().min(0),
    task: z.string().min(1).describe('Template id of the (first) target: the test name filtered by -t.'),
    family: z.string().min(1).describe('Family of the (first) target.'),
    staticInputs: z.array(staticInputSchema),
    nodes: z.array(taskNodeSchema).min(1).describe('Task nodes in prompt order.'),
    junctions: z.array(junctionSchema),
    targets: z.array(nodeId).min(1).describe('Node ids whose outputs are the graded answer.'),
    outputs: z
      .array(z.string().min(1))
      .min(1)
      .describe('Every name the model must answer, task_N_out, in order.'),
    prompt: z.string().min(1),
  })
  .strict()
  .meta({ id: 'Instance', title: 'ArbiGraph instance' })

export type TaskNode = z.output<typeof taskNodeSchema>
export type Junction = z.output<typeof junctionSchema>
export type StaticInput = z.output<typeof staticInputSchema>
export type Instance = z.output<typeof instanceSchema>
