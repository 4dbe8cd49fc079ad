/**
 * The engine's file formats that get a published JSON Schema under `schemas/`, by file stem
 * (benchmarks publish theirs through their `schemas` field). The JSON
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

export const publishedSchemas = {
  instance: instanceSchema,
  'dataset-manifest': manifestSchema,
  'generate-spec': generateSpecSchema,
  'instance-grade': instanceGradeSchema,
  'case-record': caseRecordSchema,
  results: resultsSchema,
  'http-agent-request': httpAgentRequestSchema,
  'http-agent-reply': httpAgentReplySchema,
} satisfies Record<string, z.ZodType>

/**
 * The JSON Schema of one published format, as written to `schemas/<stem>.schema.json` (the
 * engine's formats above, and those each benchmark lists in its `schemas`).
 * @example jsonSchemaOf(publishedSchemas.results).title // 'ArbiGraph results file'
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>
}
