/**
 * The Long-Transduction results file (default `out/transduction.json`): the run's document
 * records, the model and run facts, and the summary computed from those records. The summary is
 * a convenience for readers of the file (plots, the dashboard); `arbigraph report` never trusts
 * it and recomputes every figure from `records`, and `decodeTransductionResults` rejects a file
 * whose summary disagrees with its records, so the file cannot contradict itself.
 */

import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { runDatasetsSchema, runInfoSchema, sequentialGateSchema } from '../../src/contracts/results.ts'
import { sweepCurveSchema } from '../../src/contracts/sweep-curve.ts'
import { ArbigraphError, describeZodError } from '../../src/errors.ts'
import type { TransductionSummary } from './metrics/summarize-transduction.ts'
import { summarizeTransduction } from './metrics/summarize-transduction.ts'
import { transductionRecordSchema } from './record.ts'

export const TRANSDUCTION_RESULTS_SCHEMA = 'arbigraph.transduction-results/1' as const

export const transductionResultsSchema = z
  .object({
    schema: z.literal(TRANSDUCTION_RESULTS_SCHEMA),
    model: z.string().describe('The model id of the records ("a, b" when several); "sim:*" is simulated.'),
    simulated: z.boolean().describe('Some record came from the built-in simulated endpoint.'),
    createdBy: z.string(),
    run: runInfoSchema,
    records: z.array(transductionRecordSchema),
    summary: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('summarizeTransduction(records), JSON-encoded (NaN as null); checked on read.'),
    sweeps: z
      .array(sweepCurveSchema)
      .optional()
      .describe('When the records sweep one axis (budget or level): one curve per family and format.'),
    datasets: runDatasetsSchema
      .optional()
      .describe(
        'The frozen dataset files the run evaluated (derived from the records; present when some record has one).',
      ),
    sequentialGate: sequentialGateSchema
      .optional()
      .describe(
        'What the sequential gate (ARBIGRAPH_GATE_MODE=sequential) decided per family × budget cell (recomputable from the records and the order); absent in fixed mode.',
      ),
  })
  .strict()
  .superRefine((results, ctx) => {
    const seen = new Map<string, number>()
    results.records.forEach((record, i) => {
      const first = seen.get(record.documentId)
      if (first === undefined) seen.set(record.documentId, i)
      else
        ctx.addIssue({
          code: 'custom',
          path: ['records', i, 'documentId'],
          message: `duplicate document "${record.documentId}" (first at records[${first}])`,
        })
    })
  })
  .meta({ id: 'TransductionResults', title: 'Long-Transduction results file' })

export type TransductionResults = z.output<typeof transductionResultsSchema>

/**
 * The summary as JSON stores it (NaN becomes null), for writing and for comparison on read.
 * @example jsonSummary(summarizeTransduction(records)).byBudget
 */
export const jsonSummary = (summary: TransductionSummary): Record<string, unknown> =>
  JSON.parse(JSON.stringify(summary)) as Record<string, unknown>

/**
 * Whether a parsed JSON value claims to be a transduction results file (by its `schema` field).
 * @example isTransductionResults(JSON.parse(text))
 */
export const isTransductionResults = (json: unknown): boolean =>
  typeof json === 'object' &&
  json !== null &&
  (json as { schema?: unknown }).schema === TRANSDUCTION_RESULTS_SCHEMA

/**
 * Parses and validates a transduction results file; `where` (the path) prefixes every message.
 * @example decodeTransductionResults(await readFile('out/transduction.json', 'utf8'), 'out/transduction.json')
 */
export function decodeTransductionResults(text: string, where: string): TransductionResults {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${where}: malformed JSON (${(error as Error).message})`)
  }
  const parsed = transductionResultsSchema.safeParse(json)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', describeZodError(parsed.error, where))
  const { summary } = parsed.data
  if (
    summary !== undefined &&
    !isDeepStrictEqual(summary, jsonSummary(summarizeTransduction(parsed.data.records)))
  ) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${where}: summary: does not match the summary recomputed from its records; the file was edited or written by another version (delete "summary" to keep only the records)`,
    )
  }
  return parsed.data
}
