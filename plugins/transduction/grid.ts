/**
 * The Long-Transduction grid: four task families, three formats each (12 task variants), four
 * difficulty levels, six nominal budgets and five seeded samples per cell, 1,440 documents.
 * For the line families (arithmetic, UUID sort, variable lookup) the format is how records are
 * presented: `ordered` (IDs in order), `shuffled` (IDs shuffled, ascending output required) or
 * `plain` (no IDs). For tables the three "formats" are the operations that play the same role:
 * `homogeneous` and `heterogeneous` row/column permutation and `kv` resolution.
 * Reference: Long-Transduction paper §2 and Appendix A, D (grid 4 × 3 × 4 × 6 × 5).
 */
import { z } from 'zod'

export const families = ['arithmetic', 'uuid-sort', 'variable-lookup', 'table'] as const
export type Family = (typeof families)[number]

export const lineFormats = ['ordered', 'shuffled', 'plain'] as const
export type LineFormat = (typeof lineFormats)[number]
export const tableFormats = ['homogeneous', 'heterogeneous', 'kv'] as const
export type TableFormat = (typeof tableFormats)[number]
export type Format = LineFormat | TableFormat

export const familySchema = z.enum(families)
export const formatSchema = z.enum([...lineFormats, ...tableFormats])

/** Nominal budgets by label: input + required output tokens (cl100k_base), K = 1,000. */
export const budgets = {
  '4K': 4_000,
  '8K': 8_000,
  '16K': 16_000,
  '32K': 32_000,
  '64K': 64_000,
  '128K': 128_000,
} as const
export type BudgetLabel = keyof typeof budgets
export const budgetLabels = Object.keys(budgets) as BudgetLabel[]
export const budgetSchema = z.enum(budgetLabels as [BudgetLabel, ...BudgetLabel[]])

/** Difficulty levels 0–3; what a level means depends on the family (see `difficultyValue`). */
export const levels = [0, 1, 2, 3] as const
export type Level = (typeof levels)[number]

/** Per family: operands per record, ids per record, pool size, or percent of rows/cols permuted. */
const LEVEL_VALUES: Record<Family, readonly [number, number, number, number]> = {
  arithmetic: [2, 4, 8, 16],
  'uuid-sort': [2, 4, 8, 16],
  'variable-lookup': [8, 32, 128, 256],
  table: [20, 40, 80, 100],
}

/**
 * The family's difficulty parameter at a level (for `kv` tables see `kvActiveKeys` instead).
 * @example difficultyValue('variable-lookup', 2) // 128
 */
export const difficultyValue = (family: Family, level: Level): number => LEVEL_VALUES[family][level]

/**
 * The formats a family is generated in.
 * @example formatsOf('table') // ['homogeneous', 'heterogeneous', 'kv']
 */
export const formatsOf = (family: Family): readonly Format[] =>
  family === 'table' ? tableFormats : lineFormats

/** One cell of the grid plus its sample index. */
export interface GridPoint {
  family: Family
  format: Format
  level: Level
  budget: BudgetLabel
  sample: number
}

/** Options selecting part of the grid; every field defaults to all of it. */
export interface GridSelection {
  families?: readonly Family[]
  formats?: readonly Format[]
  levels?: readonly Level[]
  budgets?: readonly BudgetLabel[]
  /** Samples per cell. @default 5 */
  samples?: number
}

/**
 * The grid points of a selection, in a fixed order (family, format, level, budget, sample).
 * @example gridPoints().length // 1440
 */
export function gridPoints(selection: GridSelection = {}): GridPoint[] {
  const points: GridPoint[] = []
  for (const family of selection.families ?? families) {
    for (const format of formatsOf(family)) {
      if (selection.formats && !selection.formats.includes(format)) continue
      for (const level of selection.levels ?? levels)
        for (const budget of selection.budgets ?? budgetLabels)
          for (let sample = 0; sample < (selection.samples ?? 5); sample++)
            points.push({ family, format, level, budget, sample })
    }
  }
  return points
}

/**
 * A stable document id: `family/format/L<level>/<budget>/s<sample>`.
 * @example documentId({ family: 'arithmetic', format: 'plain', level: 1, budget: '8K', sample: 0 }) // 'arithmetic/plain/L1/8K/s0'
 */
export const documentId = (p: GridPoint): string =>
  `${p.family}/${p.format}/L${p.level}/${p.budget}/s${p.sample}`
