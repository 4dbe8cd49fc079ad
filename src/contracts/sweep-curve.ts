/**
 * The sweep section of a results file: one curve per sweep, category and context condition, its points (accuracy
 * with the Wilson 95% interval, mean prompt tokens) and its fit (logistic on log₂ size, with
 * bootstrap intervals for the slope and the breaking point). It is derived from the records, and
 * `arbigraph report` recomputes it from them; it is stored for readers of the JSON alone.
 */
import { z } from 'zod'
import { conditionSchema } from './conditions.ts'

const rate = z.number().min(0).max(1)
const count = z.int().min(0)

export const sweepPointSummarySchema = z
  .object({
    value: count.describe('The varied option at this point.'),
    size: z.int().min(1).describe('The x of the curve (log₂ is fitted).'),
    trials: count.describe('Records, infrastructure errors included.'),
    n: count.describe('Graded trials: the accuracy denominator.'),
    cases: count,
    correct: count,
    accuracy: rate,
    ciLow: rate.describe('Wilson 95% lower bound.'),
    ciHigh: rate.describe('Wilson 95% upper bound.'),
    promptTokensMean: z
      .number()
      .min(0)
      .describe(
        'Mean prompt tokens per graded trial (server-counted, all turns), of the in-graph trial in every condition.',
      ),
    infraErrors: count,
    scoreMean: rate
      .optional()
      .describe(
        "Mean partial-credit score of the graded trials (e.g. Long-Transduction's per-document record accuracy); absent when the benchmark gives none (ArbiGraph).",
      ),
  })
  .strict()

export const sweepFitSchema = z
  .object({
    intercept: z.number(),
    slope: z.number().describe('Change of logit accuracy per doubling of size.'),
    slopeCi: z.tuple([z.number().nullable(), z.number().nullable()]).describe('Bootstrap 95% interval.'),
    converged: z.boolean(),
    breakingPoint: z
      .discriminatedUnion('status', [
        z.object({ status: z.literal('inside'), size: z.number() }).strict(),
        z.object({ status: z.literal('beyond') }).strict(),
      ])
      .describe('Size where fitted accuracy falls to half its value at the smallest size.'),
    breakingPointCi: z
      .tuple([z.number().nullable(), z.number().nullable()])
      .describe('Bootstrap 95% interval; null where the bound is beyond the largest size swept.'),
    replicates: count.describe('Bootstrap replicates (cases resampled within points, fixed seed).'),
  })
  .strict()

export const sweepCurveSchema = z
  .object({
    key: z
      .string()
      .describe(
        '<sweep>/<category> for in-graph, e.g. "chain-length/math"; <sweep>/<category>:<condition> for isolated and chained.',
      ),
    name: z.string(),
    topology: z.string(),
    category: z.string(),
    condition: conditionSchema
      .optional()
      .describe(
        'The context condition the curve measures (isolated and chained: a trial is correct when every target node is); absent in files written before conditions, meaning in-graph.',
      ),
    axis: z.string(),
    models: z.array(z.string()),
    points: z.array(sweepPointSummarySchema),
    fit: sweepFitSchema
      .nullable()
      .describe(
        'Null when fewer than two points have graded trials, or when the curve has no signal (accuracy ≤ 0.05 at its smallest size with graded trials).',
      ),
  })
  .strict()
  .meta({ id: 'SweepCurve', title: 'Sweep curve (results file section)' })

export type SweepCurve = z.infer<typeof sweepCurveSchema>
export type SweepPointSummary = z.infer<typeof sweepPointSummarySchema>
export type SweepFit = z.infer<typeof sweepFitSchema>
