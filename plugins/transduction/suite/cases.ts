/**
 * A Long-Transduction suite's options and cases: one family's grid cells (formats × levels ×
 * budgets × samples), generated at collection time and seeded, so every worker and every rerun
 * sees the same prompts. Tests are named `<family> <format> L<level> <budget> #<sample>` so
 * `-t "arithmetic plain"` or `-t 8K` select documents. Budgets default to 4K and 8K with one
 * sample per cell; ARBIGRAPH_LT_BUDGETS and ARBIGRAPH_LT_SAMPLES widen the run (see env.ts).
 * Reference: Long-Transduction paper §2–§3 (grid).
 */
import { z } from 'zod'
import type { BenchmarkCase } from '../../../src/contracts/benchmark.ts'
import { parseBenchmarkOptions } from '../../../src/contracts/benchmark.ts'
import type { DatasetRef } from '../../../src/contracts/case-record.ts'
import { readSuiteEnv } from '../../../src/vitest/suite-env.ts'
import { type SuiteVariant, suiteVariant, variantCaseId } from '../../../src/vitest/suite-variant.ts'
import type { TransductionDocument } from '../document.ts'
import { generateTransduction } from '../generate-grid.ts'
import { budgetSchema, familySchema, formatSchema, formatsOf } from '../grid.ts'
import type { TransductionRecord } from '../record.ts'
import type { TransductionEnv } from './env.ts'
import { DEFAULT_LT_BUDGETS, MAX_LT_SAMPLES, readTransductionEnv } from './env.ts'

const levelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])

export const transductionSuiteSchema = z
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
    /**
     * A Long-Transduction JSONL file to evaluate as it is (relative to the run's root), instead of
     * generating documents; `family` is then the file's (defineTransductionSuite reads it).
     */
    dataset: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.dataset !== undefined)
      for (const key of ['budgets', 'formats', 'levels'] as const)
        if (o[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'does not go with "dataset" (a frozen dataset is evaluated as it is)',
          })
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
export type ResolvedTransductionSuite = z.output<typeof transductionSuiteSchema>

/** What identifies a document's test before it runs. */
export interface TransductionIdentity {
  documentId: string
  family: TransductionRecord['family']
  format: TransductionRecord['format']
  level: number
  budget: TransductionRecord['budget']
  sample: number
  seed: string
  /** The frozen dataset file and position of the document (defineTransductionSuite({ dataset })). */
  dataset?: DatasetRef
}

/** One test to declare: its name, its document and its identity. */
export type TransductionSuiteCase = BenchmarkCase<TransductionDocument> & { identity: TransductionIdentity }

/**
 * The suite's documents in grid order, named as their tests are.
 * @example transductionSuiteCases({ family: 'arithmetic' })[0].name // 'arithmetic ordered L0 4K #0'
 */
export function transductionSuiteCases(
  options: TransductionSuiteOptions,
  env: TransductionEnv = readTransductionEnv(),
  seed: string | undefined = readSuiteEnv().seed,
): TransductionSuiteCase[] {
  const o = parseBenchmarkOptions({ options: transductionSuiteSchema }, options, 'defineTransductionSuite')
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
  // Another suite of this family may draw other documents (its seed): that is in its document ids.
  // Budgets, formats, levels and samples only choose which documents run (a document's id names them).
  const variant = suiteVariant(
    { seed: o.seed },
    { seed: transductionSuiteSchema.parse({ family: o.family }).seed },
  )
  return documents.map((document) => documentCase(document, variant))
}

/**
 * The suite case of one document (its test name and the identity its record carries), for a
 * generated grid and a frozen dataset file alike; `variant` keeps suites of other seeds apart.
 * @example documentCase(document, {}).name // 'arithmetic plain L0 4K #0'
 */
export function documentCase(
  document: TransductionDocument,
  variant: SuiteVariant,
  dataset?: DatasetRef,
): TransductionSuiteCase {
  return {
    name: `${document.family} ${document.format} L${document.level} ${document.budget} #${document.sample}`,
    input: document,
    identity: {
      documentId: variantCaseId(document.id, variant),
      family: document.family,
      format: document.format,
      level: document.level,
      budget: document.budget,
      sample: document.sample,
      seed: document.seed,
      ...(dataset ? { dataset } : {}),
    },
  }
}
