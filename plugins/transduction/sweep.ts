/**
 * Long-Transduction as a sweep (`defineSweep({ benchmark: 'transduction', … })`): its two axes
 * are the **budget**, valued in tokens (4000 → 128000, the size of the point: the curve is over
 * log₂ tokens), and the difficulty **level**, valued by its ordinal 0–3 (size level + 1; a level
 * is a family-specific parameter, so its ordinal is only an order, not a measure). A sweep holds
 * everything else fixed, so a budget sweep names one level and a level sweep one budget; a point
 * is the suite's options at that value, generated from the point's own seed. A document is
 * correct on the curve when it is an exact completion (every required record right): the
 * binary outcome the logistic fit needs; the per-record accuracy stays in the benchmark's report
 * and is the trial's score, which `arbigraph compare` tests document by document.
 */
import type { BenchmarkSweep } from '../../src/contracts/benchmark.ts'
import { ArbigraphError } from '../../src/errors.ts'
import type { TransductionDocument } from './document.ts'
import { type BudgetLabel, budgetLabels, budgets, levels } from './grid.ts'
import type { TransductionRecord } from './record.ts'
import type { ResolvedTransductionSuite } from './suite/cases.ts'
import { transductionSuiteCases } from './suite/cases.ts'
import { readTransductionEnv } from './suite/env.ts'

const labelOf = new Map(budgetLabels.map((label) => [budgets[label], label]))

type Level = (typeof levels)[number]

/** The one value of the axis a sweep holds fixed, or why the options do not fix it. */
function fixedOnly<T>(values: readonly T[] | undefined, option: string, axis: string, example: string): T {
  if (values?.length === 1) return values[0]!
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `defineSweep(transduction): a ${axis} sweep holds the ${option} fixed: give options.${option} one value (e.g. ${example}), got ${values ? JSON.stringify(values) : 'the default'}`,
  )
}

export const transductionSweep: BenchmarkSweep<
  ResolvedTransductionSuite,
  TransductionDocument,
  TransductionRecord
> = {
  axes: {
    budget: {
      describe: `the budget in tokens: ${budgetLabels.map((l) => budgets[l]).join(', ')}`,
      check: (value) =>
        labelOf.has(value as (typeof budgets)[BudgetLabel])
          ? null
          : `${value} is no budget; expected one of ${budgetLabels.map((l) => budgets[l]).join(', ')} (tokens)`,
      size: (value) => value,
    },
    level: {
      describe: 'the difficulty level by its ordinal, 0–3 (size = level + 1)',
      check: (value) =>
        (levels as readonly number[]).includes(value) ? null : `${value} is no level; expected 0, 1, 2 or 3`,
      size: (value) => value + 1,
    },
  },
  pointCases(options, axis, value, seed) {
    // The point's options decide the budgets: ARBIGRAPH_LT_BUDGETS would put other budgets
    // into every point. ARBIGRAPH_LT_SAMPLES still applies.
    const env = { ...readTransductionEnv(), budgets: undefined }
    const point =
      axis === 'budget'
        ? {
            ...options,
            levels: [fixedOnly(options.levels, 'levels', 'budget', 'levels: [1]')],
            budgets: [labelOf.get(value as (typeof budgets)[BudgetLabel])!],
          }
        : {
            ...options,
            budgets: [fixedOnly(options.budgets, 'budgets', 'level', "budgets: ['8K']")],
            levels: [value as Level],
          }
    return transductionSuiteCases(point, env, seed)
  },
  trial: (record) => ({
    caseId: record.documentId,
    category: `${record.family}/${record.format}`,
    model: record.model,
    point: { budget: budgets[record.budget], level: record.level },
    seed: record.seed,
    correct: record.score ? record.score.exact : null,
    // Compared pairwise on the record accuracy: exact completions are rare long before a model fails.
    ...(record.score ? { score: record.score.accuracy } : {}),
    promptTokens: record.tokens.prompt,
  }),
}
