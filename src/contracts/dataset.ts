/**
 * Dataset file: JSONL whose first line is the manifest and every further line an instance.
 * The manifest holds the whole spec, so `arbigraph generate` with it reproduces the file byte
 * for byte; there is no timestamp for that reason.
 */
import { z } from 'zod'
import { MANIFEST_SCHEMA } from './schema-ids.ts'

export { MANIFEST_SCHEMA }

export const generateSpecSchema = z
  .object({
    topology: z.string().min(1),
    options: z.record(z.string(), z.unknown()).describe('Topology options, validated by the topology.'),
    categories: z.array(z.string().min(1)).min(1),
    targets: z
      .array(z.string().min(1))
      .optional()
      .describe('Target template ids; default: every template that fits.'),
    samplesPerTask: z.int().min(1),
    seed: z.string(),
    repeatTemplates: z.boolean().optional(),
    maxAttempts: z.int().min(1).optional(),
    pools: z
      .record(
        z.string(),
        z.object({ file: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).strict(),
      )
      .optional()
      .describe('Task pools read instead of the built-in ones, by category (e.g. an imported python pool).'),
  })
  .strict()
  .meta({ id: 'GenerateSpec', title: 'Generation spec' })

export const manifestSchema = z
  .object({
    schema: z.literal(MANIFEST_SCHEMA),
    generator: z.string().describe('arbigraph version that wrote the file.'),
    spec: generateSpecSchema.optional().describe('How the file was generated; absent for imported files.'),
    source: z
      .object({ kind: z.literal('reference'), file: z.string(), mode: z.string() })
      .strict()
      .optional()
      .describe('Where an imported file came from.'),
    count: z.int().min(0).describe('Number of instance lines that follow.'),
    instanceSha256: z
      .array(z.string().regex(/^[0-9a-f]{64}$/))
      .optional()
      .describe(
        'SHA-256 (hex) of each instance line (its bytes, without the newline), in file order: how a file with no generation spec (an imported one) is checked before it is evaluated. A generated file is checked by regenerating it from its spec instead.',
      ),
  })
  .strict()
  .meta({ id: 'DatasetManifest', title: 'ArbiGraph dataset manifest (first line of a dataset file)' })

export type GenerateSpec = z.output<typeof generateSpecSchema>
export type Manifest = z.output<typeof manifestSchema>
