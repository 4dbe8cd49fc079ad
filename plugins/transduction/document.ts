/**
 * The Long-Transduction document: one prompt, its exact expected output, the required records
 * that scoring counts (output lines without IDs, or table cells row-major), and the metadata of
 * its grid cell, including the measured cl100k_base token counts. Documents are JSONL lines;
 * this zod schema is the boundary check when a file is read back.
 */
import { z } from 'zod'
import { budgetSchema, familySchema, formatSchema } from './grid.ts'

export const transductionDocumentSchema = z.object({
  /** `family/format/L<level>/<budget>/s<sample>`. */
  id: z.string().min(1),
  family: familySchema,
  format: formatSchema,
  level: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Operands, ids per record, pool size, or percent permuted (see grid.ts). */
  difficulty: z.number().int().positive(),
  budget: budgetSchema,
  /** Nominal input + output tokens. */
  budgetTokens: z.number().int().positive(),
  sample: z.number().int().min(0),
  seed: z.string(),
  prompt: z.string().min(1),
  /** The exact output of a perfect model (what sim:oracle streams). */
  expectedText: z.string(),
  /** Required output records; scoring counts each one. */
  records: z.array(z.string()).min(1),
  /** True when output lines carry `[ID]` (ordered and shuffled line formats). */
  numbered: z.boolean(),
  /** Table shape (table family only). */
  table: z.object({ rows: z.number().int().positive(), cols: z.number().int().positive() }).optional(),
  /** Active adjectives (= nouns) of a KV table. */
  kvActiveKeys: z.number().int().positive().optional(),
  /** Every defined value of a lookup pool (self-consistency). */
  definedWords: z.array(z.string()).optional(),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
})

export type TransductionDocument = z.output<typeof transductionDocumentSchema>
