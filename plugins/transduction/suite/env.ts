/**
 * The environment variables that choose which Long-Transduction documents a run covers. By
 * default a suite runs the 4K and 8K budgets with one sample per cell, which is quick against
 * any server; `ARBIGRAPH_LT_BUDGETS=all` (or a list such as `16K,32K`) selects budgets, and
 * `ARBIGRAPH_LT_SAMPLES` (1–5, the paper's grid has 5) the samples per cell. They are read at
 * collection time in every worker, so one parser gives every worker the same answer and a bad
 * value is an error naming the variable before any request is sent.
 */

import { z } from 'zod'
import { ArbigraphError } from '../../../src/errors.ts'
import type { BudgetLabel } from '../grid.ts'
import { budgetLabels } from '../grid.ts'

/** The budgets run when ARBIGRAPH_LT_BUDGETS is unset. */
export const DEFAULT_LT_BUDGETS: readonly BudgetLabel[] = ['4K', '8K']
/** Samples per cell in the paper's grid, and the most a run may ask for. */
export const MAX_LT_SAMPLES = 5

export interface TransductionEnv {
  /** Budgets chosen by ARBIGRAPH_LT_BUDGETS; undefined when unset. */
  budgets: BudgetLabel[] | undefined
  /** Samples per cell chosen by ARBIGRAPH_LT_SAMPLES; undefined when unset. */
  samples: number | undefined
}

function parseBudgets(text: string | undefined): BudgetLabel[] | undefined {
  if (text === undefined || text.trim() === '') return undefined
  if (text.trim().toLowerCase() === 'all') return [...budgetLabels]
  const chosen = new Set<BudgetLabel>()
  for (const part of text.split(',')) {
    const label = part.trim().toUpperCase() as BudgetLabel
    if (!budgetLabels.includes(label)) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_CONFIG',
        `ARBIGRAPH_LT_BUDGETS: unknown budget "${part.trim()}"; expected "all" or a comma list of ${budgetLabels.join(', ')}`,
      )
    }
    chosen.add(label)
  }
  // Grid order, whatever order the list was written in, so test order never depends on it.
  return budgetLabels.filter((label) => chosen.has(label))
}

function parseSamples(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const value = Number(text.trim())
  if (Number.isInteger(value) && value >= 1 && value <= MAX_LT_SAMPLES) return value
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `ARBIGRAPH_LT_SAMPLES: expected an integer from 1 to ${MAX_LT_SAMPLES} (samples per grid cell), got "${text}"`,
  )
}

/**
 * Parses the Long-Transduction variables; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example readTransductionEnv({ ARBIGRAPH_LT_BUDGETS: '8K,4K' }).budgets // ['4K', '8K']
 */
export function readTransductionEnv(env: Record<string, string | undefined> = process.env): TransductionEnv {
  return { budgets: parseBudgets(env.ARBIGRAPH_LT_BUDGETS), samples: parseSamples(env.ARBIGRAPH_LT_SAMPLES) }
}

/** A zod field that runs one of the parsers above, its message without the variable's name. */
const field = <T>(name: string, parse: (text: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((text, ctx): T => {
      try {
        return parse(text)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(`${name}: `, '') })
        return z.NEVER
      }
    })

/** The Long-Transduction variables, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const transductionEnvShape = {
  ARBIGRAPH_LT_BUDGETS: field('ARBIGRAPH_LT_BUDGETS', parseBudgets),
  ARBIGRAPH_LT_SAMPLES: field('ARBIGRAPH_LT_SAMPLES', parseSamples),
}
