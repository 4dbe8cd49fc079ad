/**
 * The context-loss summary a results file carries when the conditions ran: per cell (topology ×
 * category) and per node depth, node-level accuracy under each condition and the three paired
 * differences — context loss = isolated − in-graph, propagation = isolated − chained,
 * interference = chained − in-graph — each with its exact count difference, Newcombe 95%
 * interval and McNemar p (src/metrics/context-loss.ts computes it from the records).
 */
import { z } from 'zod'

const count = z.number().int().min(0)
const share = z.number().min(0).max(1)

export const conditionAccuracySchema = z
  .object({ correct: count, trials: count, estimate: share, lower: share, upper: share })
  .strict()

export const pairedDifferenceSchema = z
  .object({
    n: count.describe('Paired node trials.'),
    count: z.number().int().describe('Right answers in the first condition minus in the second: exact.'),
    estimate: z.number().min(-1).max(1),
    lower: z.number().min(-1).max(1),
    upper: z.number().min(-1).max(1),
    p: share.describe('Exact McNemar p-value.'),
  })
  .strict()

export const contextLossRowSchema = z
  .object({
    topology: z.string(),
    category: z.string(),
    depth: count.nullable().describe('Node depth; null for the whole cell.'),
    nodes: count.describe('Node trials (records × requested outputs) in this row.'),
    accuracy: z
      .object({
        'in-graph': conditionAccuracySchema,
        isolated: conditionAccuracySchema.optional(),
        chained: conditionAccuracySchema.optional(),
      })
      .strict(),
    contextLoss: pairedDifferenceSchema.nullable().describe('isolated − in-graph.'),
    propagation: pairedDifferenceSchema.nullable().describe('isolated − chained.'),
    interference: pairedDifferenceSchema.nullable().describe('chained − in-graph.'),
    evidence: z
      .object({ local: count, propagated: count, interference: count })
      .strict()
      .describe('Wrong in-graph nodes by evidence label (where all three conditions ran).'),
  })
  .strict()

export const contextLossSchema = z
  .object({ rows: z.array(contextLossRowSchema) })
  .strict()
  .meta({ id: 'ContextLoss', title: 'ArbiGraph context-loss summary' })

export type ConditionAccuracy = z.output<typeof conditionAccuracySchema>
export type ContextLossRow = z.output<typeof contextLossRowSchema>
export type ContextLoss = z.output<typeof contextLossSchema>
