/**
 * `defineTransductionSuite`: one Long-Transduction family as a Vitest file. At collection time it
 * generates the documents of its grid cells (seeded, so every worker and every rerun sees the
 * same prompts), then declares one `describe('transduction/<family>')` tagged `transduction` and
 * the family, and inside it one `test.concurrent` per document, named
 * `<family> <format> L<level> <budget> #<sample>` so `-t "arithmetic plain"` or `-t 8K` select
 * documents. As with ArbiGraph suites a poor transcription is data, not a failing test: the
 * scored record travels in `task.meta.arbigraphTransduction` to the transduction reporter, and
 * a test fails only on an infrastructure error. Budgets default to 4K and 8K with one sample per
 * cell; ARBIGRAPH_LT_BUDGETS and ARBIGRAPH_LT_SAMPLES widen the run (see transduction-env.ts).
 * Reference: Long-Transduction paper §2–§3 (grid, single-shot protocol).
 */
import { beforeAll, describe, inject, test } from 'vitest'
import { z } from 'zod'
import type { TransductionDocument } from '../../plugins/transduction/document.ts'
import { generateTransduction } from '../../plugins/transduction/generate-grid.ts'
import { budgetSchema, familySchema, formatSchema, formatsOf } from '../../plugins/transduction/grid.ts'
import { ArbigraphError, formatPath } from '../errors.ts'
import type { ArbigraphContext } from './provided-context.ts'
import { registerSimCases } from './register-sim-cases.ts'
import { runTransductionCase } from './run-transduction-case.ts'
import { readSuiteEnv } from './suite-env.ts'
import type { TransductionEnv } from './transduction-env.ts'
import { DEFAULT_LT_BUDGETS, MAX_LT_SAMPLES, readTransductionEnv } from './transduction-env.ts'
import type { TransductionIdentity } from './transduction-meta.ts'

const levelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])

const transductionSuiteSchema = z
  .object({
    /** The family: arithmetic, uuid-sort, variable-lookup or table. */
    family: familySchema,
    /** Budgets; ARBIGRAPH_LT_BUDGETS overrides them. @default ['4K', '8K'] */
    budgets: z.array(budgetSchema).min(1).optional(),
    /** Formats (for tables: homogeneous, heterogeneous, kv). @default the family's three */
    formats: z.array(formatSchema).min(1).optional(),
    /** Difficulty levels. @default [0, 1, 2, 3] */
    levels: z.array(levelSchema).min(1).optional(),
    /** Samples per cell; ARBIGRAPH_LT_SAMPLES overrides it. @default 1 */
    samples: z.int().min(1).max(MAX_LT_SAMPLES).default(1),
    /** Generation seed; ARBIGRAPH_SEED overrides it. @default '0' */
    seed: z.string().default('0'),
  })
  .strict()
  .superRefine((o, ctx) => {
    const allowed = formatsOf(o.family)
    o.formats?.forEach((format, i) => {
      if (!allowed.includes(format))
        ctx.addIssue({
          code: 'custom',
          path: ['formats', i],
          message: `"${format}" is not a ${o.family} format; expected one of ${allowed.join(', ')}`,
        })
    })
  })

export type TransductionSuiteOptions = z.input<typeof transductionSuiteSchema>

/** One test to declare: its name, its document and its identity. */
export interface TransductionSuiteCase {
  name: string
  document: TransductionDocument
  identity: TransductionIdentity
}

function parseOptions(options: TransductionSuiteOptions): z.output<typeof transductionSuiteSchema> {
  const parsed = transductionSuiteSchema.safeParse(options)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path)
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `defineTransductionSuite: ${path ? `${path}: ` : ''}${issue.message}`,
  )
}

/**
 * The suite's documents in grid order, named as their tests are.
 * @example transductionSuiteCases({ family: 'arithmetic' })[0].name // 'arithmetic ordered L0 4K #0'
 */
export function transductionSuiteCases(
  options: TransductionSuiteOptions,
  env: TransductionEnv = readTransductionEnv(),
  seed: string | undefined = readSuiteEnv().seed,
): TransductionSuiteCase[] {
  const o = parseOptions(options)
  const documents = generateTransduction(
    {
      families: [o.family],
      budgets: env.budgets ?? o.budgets ?? DEFAULT_LT_BUDGETS,
      samples: env.samples ?? o.samples,
      ...(o.formats ? { formats: o.formats } : {}),
      ...(o.levels ? { levels: o.levels } : {}),
    },
    seed ?? o.seed,
  )
  return documents.map((document) => ({
    name: `${document.family} ${document.format} L${document.level} ${document.budget} #${document.sample}`,
    document,
    identity: {
      documentId: document.id,
      family: document.family,
      format: document.format,
      level: document.level,
      budget: document.budget,
      sample: document.sample,
      seed: document.seed,
    },
  }))
}

// Documents reach ~1 MB of JSON each at 128K; batches keep every registration body modest.
const SIM_BATCH = 16

/** Tells the simulator each document's expected output. */
function registerWithSim(context: ArbigraphContext, cases: readonly TransductionSuiteCase[]): Promise<void> {
  const documents = cases.map(({ document: d }) => ({
    prompt: d.prompt,
    transduction: { expectedText: d.expectedText, format: d.format, family: d.family },
  }))
  return registerSimCases(context, documents, 'defineTransductionSuite', SIM_BATCH)
}

/**
 * Declares a Long-Transduction suite; call it at the top level of a `*.eval.ts` file.
 * @example
 * // suites/transduction/arithmetic.eval.ts
 * defineTransductionSuite({ family: 'arithmetic' })
 */
export function defineTransductionSuite(options: TransductionSuiteOptions): void {
  const o = parseOptions(options) // fail at definition time, before any generation
  describe(`transduction/${o.family}`, { tags: ['transduction', o.family] }, () => {
    const cases = transductionSuiteCases(options)
    beforeAll(() => registerWithSim(inject('arbigraph'), cases))
    for (const c of cases) {
      const meta = { arbigraphTransductionCase: c.identity }
      test.concurrent(c.name, { meta }, async ({ task, signal }) => {
        const context = inject('arbigraph')
        const record = await runTransductionCase(c.document, {
          baseURL: context.poolUrl,
          model: context.model,
          signal,
          // The pool may retry before the stream starts; wait as long as all its attempts take.
          profile: {
            ...(context.turnTimeoutMs ? { connectTimeoutMs: context.turnTimeoutMs } : {}),
            ...(context.streamIdleMs ? { idleTimeoutMs: context.streamIdleMs } : {}),
          },
        })
        task.meta.arbigraphTransduction = record
        if (record.infraError) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', record.infraError.reason)
      })
    }
  })
}
