/**
 * A scaling sweep: one suite whose cases come in points, one point per value of one topology
 * option (`vary: { length: [1, 2, 4, 8] }`), every other option held fixed. A point is an
 * ordinary generation spec, seeded on its own (see `pointSeed`), so the instances of one point
 * can be regenerated without the others — with `arbigraph generate` and the printed seed, too.
 */
import { z } from 'zod'
import { conditionsOptionSchema } from '../conditions/select-conditions.ts'
import type { GenerateSpec } from '../contracts/dataset.ts'
import type { SweepPoint } from '../contracts/sweep-point.ts'
import { ArbigraphError, formatPath } from '../errors.ts'

const nameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'must be letters, digits, ".", "_" or "-" (e.g. "chain-length")' })

export const valuesSchema = z
  .array(z.int().min(0), { error: 'must be a list of integers ≥ 0' })
  .min(2, { error: 'a sweep needs at least 2 values' })
  .refine((values) => values.every((v, i) => i === 0 || v > values[i - 1]!), {
    error: 'values must be strictly increasing',
  })

export const sweepOptionsSchema = z
  .object({
    /** The sweep's name in reports and gate rules (`sweep:<name>`). @default '<topology>-<axis>' */
    name: nameSchema.optional(),
    /** A registered topology name: chain, forgetting, multichain, random, … */
    topology: z.string().min(1),
    /** Options held fixed at every point. @default {} */
    options: z.record(z.string(), z.unknown()).default({}),
    /** One category; give this or `categories`. */
    category: z.string().min(1).optional(),
    categories: z.array(z.string().min(1)).min(1).optional(),
    /** The one option varied and its values, smallest first: `{ length: [1, 2, 4, 8] }`. */
    vary: z
      .record(z.string().min(1), valuesSchema)
      .refine((vary) => Object.keys(vary).length === 1, { error: 'vary exactly one option' }),
    /** Samples per target task at every point; ARBIGRAPH_SAMPLES overrides it. @default 2 */
    samplesPerTask: z.int().min(1).default(2),
    /** Target template ids. @default every template that fits the target slot */
    targets: z.array(z.string().min(1)).min(1).optional(),
    /** Let a template appear on several nodes of one instance (long chains need it). @default the topology's */
    repeatTemplates: z.boolean().optional(),
    /** Attempts per sample before generation gives up. @default 100 */
    maxAttempts: z.int().min(1).optional(),
    /** Base seed; each point's seed is derived from it. ARBIGRAPH_SEED overrides it. @default '0' */
    seed: z.string().default('0'),
    /** Context conditions at every point (one curve each); ARBIGRAPH_CONDITIONS overrides it. @default ['in-graph'] */
    conditions: conditionsOptionSchema.optional(),
    /** Harness profile fields on top of the topology's defaults. @default {} */
    harness: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .refine((o) => (o.category === undefined) !== (o.categories === undefined), {
    error: 'give exactly one of "category" and "categories"',
    path: ['category'],
  })
  .superRefine((o, ctx) => {
    const [axis] = Object.keys(o.vary)
    if (axis !== undefined && Object.hasOwn(o.options, axis))
      ctx.addIssue({ code: 'custom', path: ['options', axis], message: `"${axis}" is the varied option` })
  })

export type SweepOptions = z.input<typeof sweepOptionsSchema>
export type ResolvedSweep = z.output<typeof sweepOptionsSchema>

/**
 * Validates sweep options; `where` (e.g. `defineSweep`) prefixes the message.
 * @example parseSweepOptions({ topology: 'chain', category: 'math', vary: { length: [1, 2] } }).name // undefined
 */
export function parseSweepOptions(options: SweepOptions, where = 'defineSweep'): ResolvedSweep {
  const parsed = sweepOptionsSchema.safeParse(options)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path)
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${where}: ${path ? `${path}: ` : ''}${issue.message}`)
}

/** The axis (varied option) of a parsed sweep and its values. */
export function sweepAxis(sweep: ResolvedSweep): { axis: string; values: number[] } {
  const [axis, values] = Object.entries(sweep.vary)[0]!
  return { axis, values }
}

/**
 * The sweep's name: given, or `<topology>-<axis>`.
 * @example sweepName(parseSweepOptions({ topology: 'chain', category: 'math', vary: { length: [1, 2] } })) // 'chain-length'
 */
export const sweepName = (sweep: ResolvedSweep): string =>
  sweep.name ?? `${sweep.topology}-${sweepAxis(sweep).axis}`

/**
 * The generation seed of one point: `<base seed>/<axis>=<value>`. It depends on nothing else (not
 * on the other values swept, nor on their order), so a point reproduces alone:
 * `arbigraph generate chain --length 8 --seed 0/length=8` gives the instances of that point.
 * @example pointSeed('0', 'length', 8) // '0/length=8'
 */
export const pointSeed = (seed: string, axis: string, value: number): string => `${seed}/${axis}=${value}`

/**
 * The axis and value a point seed names, or null for a seed that is no point seed.
 * @example seedPoint('0/budget=8000') // { axis: 'budget', value: 8000 }
 */
export function seedPoint(seed: string): { axis: string; value: number } | null {
  const match = /\/([A-Za-z][\w-]*)=(\d+)$/.exec(seed)
  return match ? { axis: match[1]!, value: Number(match[2]) } : null
}

/**
 * The points of a sweep, smallest value first. Sizes are the values, or value + 1 when the list
 * starts at 0 (log₂ needs sizes ≥ 1; for forgetting that counts the target with its distractors).
 * @example sweepPoints(sweep).map((p) => p.size) // [1, 2, 4, 8]
 */
export function sweepPoints(sweep: ResolvedSweep): SweepPoint[] {
  const { axis, values } = sweepAxis(sweep)
  const offset = values[0] === 0 ? 1 : 0
  const name = sweepName(sweep)
  return values.map((value) => ({ name, axis, value, size: value + offset }))
}

/** What the run may override: ARBIGRAPH_SAMPLES and ARBIGRAPH_SEED (a new base seed). */
export interface PointOverrides {
  samples?: number | undefined
  seed?: string | undefined
}

/**
 * The generation spec of one point: the fixed options plus the axis at its value, seeded with
 * `pointSeed` from the base seed.
 * @example pointSpec(sweep, sweepPoints(sweep)[0]).seed // '0/length=1'
 */
export function pointSpec(
  sweep: ResolvedSweep,
  point: SweepPoint,
  overrides: PointOverrides = {},
): GenerateSpec {
  return {
    topology: sweep.topology,
    options: { ...sweep.options, [point.axis]: point.value },
    categories: sweep.categories ?? [sweep.category!],
    samplesPerTask: overrides.samples ?? sweep.samplesPerTask,
    seed: pointSeed(overrides.seed ?? sweep.seed, point.axis, point.value),
    ...(sweep.targets ? { targets: sweep.targets } : {}),
    ...(sweep.repeatTemplates !== undefined ? { repeatTemplates: sweep.repeatTemplates } : {}),
    ...(sweep.maxAttempts !== undefined ? { maxAttempts: sweep.maxAttempts } : {}),
  }
}
