/**
 * The Long-Transduction record: everything a report needs about one document's run, and nothing
 * more. A transduction suite's test puts it into `task.meta.arbigraph`; the reporters read it
 * back with `testCase.meta()` (also after `--merge-reports`) and the transduction results file
 * stores one per document. The prompt and the output are not in it (a 128K document's are
 * megabytes): `details` stores them apart and the record keeps only where (`detailRef`). Position curves are stored as the
 * document's own 20 bins (null where the document has no record), so the run's curves are plain
 * averages of stored vectors and can be recomputed from the file. A record is either a scored
 * model outcome (`score` set) or an infrastructure error (`infraError` set), never both.
 * Reference: Long-Transduction paper, Appendix B (scoring, position bins, exact completion).
 */
import { z } from 'zod'
import { datasetRefSchema } from '../../src/contracts/case-record.ts'
import { ArbigraphError, describeZodError } from '../../src/errors.ts'
import { budgetSchema, familySchema, formatSchema } from './grid.ts'

export const TRANSDUCTION_RECORD_SCHEMA = 'arbigraph.transduction-case/1' as const

const count = z.number().int().min(0)
const rate = z.number().min(0).max(1)
const bins = z.array(rate.nullable()).describe('Per normalized output position bin; null = no record there.')

export const transductionScoreSchema = z
  .object({
    accuracy: rate.describe('Fraction of required records exactly correct.'),
    consistency: rate.describe('Fraction of required records whose emitted counterpart is self-consistent.'),
    exact: z.boolean().describe('Every required record correct (exact completion).'),
    positions: z.object({ accuracy: bins, consistency: bins }).strict(),
    counts: z
      .object({
        records: z.number().int().min(1),
        correct: count,
        consistent: count,
        missing: count,
        extra: count,
        duplicates: count,
        unparsed: count,
        orderViolations: count,
      })
      .strict(),
  })
  .strict()

export const transductionRecordSchema = z
  .object({
    schema: z.literal(TRANSDUCTION_RECORD_SCHEMA),
    documentId: z
      .string()
      .min(1)
      .describe(
        '`family/format/L<level>/<budget>/s<sample>`, then ` (<settings>)` when its suite sets some apart from the defaults.',
      ),
    family: familySchema,
    format: formatSchema,
    level: z.number().int().min(0).max(3),
    budget: budgetSchema,
    sample: count,
    seed: z.string(),
    model: z.string().min(1).describe('Model id; "sim:*" marks the built-in simulated endpoint.'),
    outcome: z
      .enum(['completed', 'length', 'overflow', 'interrupted'])
      .nullable()
      .describe('How the single-shot request ended; null exactly when infraError is set.'),
    score: transductionScoreSchema.nullable().describe('Null exactly when infraError is set.'),
    tokens: z
      .object({
        input: count.describe('Measured cl100k_base prompt tokens.'),
        prompt: count,
        completion: count,
      })
      .strict(),
    latencyMs: z.number().min(0),
    infraError: z.object({ reason: z.string() }).strict().nullable(),
    detailRef: z
      .string()
      .optional()
      .describe(
        "Where the prompt and the output are stored for the dashboard's document view (`<file>#<line>`); absent when none were stored.",
      ),
    dataset: datasetRefSchema
      .optional()
      .describe(
        "Set for a document of a frozen dataset file (defineTransductionSuite({ dataset })): its content hash and the document's position.",
      ),
  })
  .strict()
  .refine((record) => (record.score === null) === (record.infraError !== null), {
    message: 'exactly one of "score" and "infraError" must be set',
    path: ['score'],
  })
  .meta({ id: 'TransductionRecord', title: 'Long-Transduction document record' })

export type TransductionRecord = z.output<typeof transductionRecordSchema>
export type TransductionScore = z.output<typeof transductionScoreSchema>

/**
 * Validates a record; `where` prefixes the ARBIGRAPH_BAD_INPUT message.
 * @example checkTransductionRecord(testCase.meta().arbigraphTransduction, 'arithmetic plain L0 4K #0')
 */
export function checkTransductionRecord(json: unknown, where = 'transduction record'): TransductionRecord {
  const parsed = transductionRecordSchema.safeParse(json)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', describeZodError(parsed.error, where))
  return parsed.data
}
