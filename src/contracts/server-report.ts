/**
 * What `arbigraph doctor` (and the preflight at the start of every eval) found out about a model
 * server: which model it serves and with what context, its version, and for each check whether
 * it passed. A results file carries it as `run.server`, so a number can always be traced back to
 * the server configuration it was measured on.
 */
import { z } from 'zod'

export const CHECK_IDS = [
  'models',
  'context',
  'version',
  'native-tool-calls',
  'text-tool-calls',
  'reasoning',
  'overflow',
] as const

export const serverCheckSchema = z
  .object({
    id: z.enum(CHECK_IDS),
    status: z.enum(['ok', 'warn', 'fail', 'skip']).describe('fail = results would be biased for a protocol'),
    detail: z.string().describe('What the probe saw.'),
    fix: z.string().optional().describe('The server flag or setting to change.'),
  })
  .strict()

export const protocolVerdictSchema = z
  .object({
    usable: z.boolean(),
    reason: z.string().optional().describe('Why not, naming the flag to change.'),
  })
  .strict()

export const serverReportSchema = z
  .object({
    baseUrl: z.string().describe('The server checked (credentials removed).'),
    simulated: z.string().nullable().describe('The simulated vLLM profile, or null for a real server.'),
    model: z.string().nullable(),
    maxModelLen: z.number().int().positive().nullable(),
    version: z.string().nullable().describe('`GET /version`, when the server has it.'),
    checks: z.array(serverCheckSchema),
    protocols: z.object({ chat: protocolVerdictSchema, text: protocolVerdictSchema }).strict(),
  })
  .strict()
  .meta({ id: 'ServerReport', title: 'What arbigraph doctor found on a model server' })

export type ServerCheck = z.infer<typeof serverCheckSchema>
export type ServerReport = z.infer<typeof serverReportSchema>
export type CheckId = (typeof CHECK_IDS)[number]
