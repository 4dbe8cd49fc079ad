/**
 * The file formats that get a published JSON Schema under `schemas/`, by file stem. The JSON
 * Schemas describe the on-disk form (values as Python repr strings), so they are generated from
 * the zod schemas' input side.
 */
import { z } from 'zod'
import { caseRecordSchema } from './case-record.ts'
import { generateSpecSchema, manifestSchema } from './dataset.ts'
import { instanceGradeSchema } from './grade.ts'
import { httpAgentReplySchema, httpAgentRequestSchema } from './http-agent.ts'
import { instanceSchema } from './instance.ts'
import { resultsSchema } from './results.ts'
import { transductionRecordSchema } from './transduction-record.ts'
import { transductionResultsSchema } from './transduction-results.ts'

export const publishedSchemas = {
  instance: instanceSchema,
  'dataset-manifest': manifestSchema,
  'generate-spec': generateSpecSchema,
  'instance-grade': instanceGradeSchema,
  'case-record': caseRecordSchema,
  results: resultsSchema,
  'transduction-record': transductionRecordSchema,
  'transduction-results': transductionResultsSchema,
  'http-agent-request': httpAgentRequestSchema,
  'http-agent-reply': httpAgentReplySchema,
} satisfies Record<string, z.ZodType>

/** The JSON Schema of one published format, as written to `schemas/<stem>.schema.json`. */
export function jsonSchemaOf(stem: keyof typeof publishedSchemas): Record<string, unknown> {
  return z.toJSONSchema(publishedSchemas[stem], {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>
}
