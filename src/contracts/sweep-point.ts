/**
 * The sweep point of a case record: which sweep the case belongs to, the axis varied, the value
 * it took at this point and the point's size (the x of the curve, in the axis's own units). A
 * record without it is an ordinary suite case. Records of one point share name, axis and value;
 * the curve is fitted on log₂(size), so a size is always ≥ 1 (an axis that starts at 0, such as
 * forgetting `distractors`, counts value + 1: the target task plus its distractors).
 */
import { z } from 'zod'

export const sweepPointSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][\w.-]*$/)
      .describe('The sweep name, e.g. "chain-length"; gate rules say sweep:<name>.'),
    axis: z.string().min(1).describe('The option varied, e.g. "length".'),
    value: z.int().min(0).describe("The option's value at this point."),
    size: z.int().min(1).describe('The x of the curve: the value, or value + 1 for an axis starting at 0.'),
  })
  .strict()
  .meta({ id: 'SweepPoint', title: 'Sweep point of a case record' })

export type SweepPoint = z.infer<typeof sweepPointSchema>
