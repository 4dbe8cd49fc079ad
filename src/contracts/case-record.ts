/**
 * The case record: everything a report needs about one trial of one case (one epoch of one
 * instance), and nothing more. A suite's test puts it into `task.meta.arbigraph`; the reporters
 * read it back with `testCase.meta()` (also after `vitest --merge-reports`), and the results file
 * stores one per trial. It must survive structured clone and JSON, so it is stored in its wire
 * form: the grade's values are Python repr strings (`z.input` of the schema), never bigints.
 * A record is either a model outcome (`grade` set) or an infrastructure error (`infraError` set:
 * the endpoint failed after retries), never both, so every reported number can say which it is.
 * Reference: docs/research/arbigraph-reference-harness.md §5 (per-sample metrics), §6.2.
 */
import { z } from 'zod'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { conditionsRecordSchema } from './conditions.ts'
import { instanceGradeSchema } from './grade.ts'
import { sweepPointSchema } from './sweep-point.ts'
import { agentStatusSchema, type TurnRecord, turnReplaySchema } from './transcript.ts'

export const CASE_RECORD_SCHEMA = 'arbigraph.case/1'

/**
 * Which instance of which frozen dataset a trial ran: the dataset's content hash (SHA-256 of its
 * instance lines, `tail -n +2 file.jsonl | sha256sum`), the instance's 0-based position in the
 * file, and the file's name (for people; the hash is the identity).
 */
export const datasetRefSchema = z
  .object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    index: z.number().int().min(0).describe("0-based position of the instance among the file's instances."),
    file: z.string().min(1).describe('The file name the run read it from (informative).'),
  })
  .strict()
  .meta({ id: 'DatasetRef', title: 'Frozen dataset instance' })

export type DatasetRef = z.output<typeof datasetRefSchema>

const count = z.number().int().min(0)

export const caseRecordSchema = z
  .object({
    schema: z.literal(CASE_RECORD_SCHEMA),
    caseId: z.string().min(1).describe('Stable case id; the same across epochs.'),
    instanceId: z.string().min(1),
    topology: z.string().min(1),
    category: z.string().min(1),
    task: z.string().min(1).describe('Target task name: the per-task breakdown groups by it.'),
    sample: count.describe('Sample index of the instance within its task.'),
    suite: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'The settings that set its suite apart from the defaults (e.g. {"length": "2"}), also in caseId; absent when none.',
      ),
    epoch: count.describe('0-based repetition index (ARBIGRAPH_EPOCHS); each epoch is one trial.'),
    model: z.string().min(1).describe('Model id; "sim:*" marks the built-in simulated endpoint.'),
    protocol: z.enum(['chat', 'text']),
    harness: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The harness that answered: "tool-agent", "http-agent", or a registered one (absent in older records).',
      ),
    grade: instanceGradeSchema.nullable().describe('The grade; null exactly when infraError is set.'),
    status: agentStatusSchema.nullable().describe('Terminal status of the agent loop, when it ran.'),
    infraError: z
      .object({ reason: z.string() })
      .strict()
      .nullable()
      .describe('The endpoint (or harness) failed after retries: not a model outcome.'),
    turns: count,
    toolCalls: count,
    repairs: z.object({ tool: count, final: count, cutoff: count }).strict(),
    tokens: z.object({ prompt: count, completion: count }).strict(),
    latencyMs: z.number().min(0),
    cachedTurns: count.describe(
      'Turns the request pool answered from its response cache; a trial with any is "replayed".',
    ),
    replay: turnReplaySchema
      .optional()
      .describe(
        'For a replayed trial, where its cached turns came from, as the pool said: the identity of the server that gave them (several joined by " + ") and when the earliest was given (ISO 8601).',
      ),
    transcriptRef: z.string().nullable().describe('Where the transcript is: "path#line" or an id.'),
    conditions: conditionsRecordSchema
      .optional()
      .describe('Context conditions (isolated, chained) per node, when the suite ran them.'),
    sweep: sweepPointSchema.optional().describe('Set for a case of a scaling sweep (defineSweep).'),
    dataset: datasetRefSchema
      .optional()
      .describe(
        "Set for a case of a frozen dataset (defineSuite({ dataset })): the content hash of its instances and this instance's place among them. `compare` pairs trials by it.",
      ),
  })
  .strict()
  .refine((record) => (record.grade === null) !== (record.infraError === null), {
    message: 'exactly one of "grade" and "infraError" must be set',
    path: ['grade'],
  })
  .meta({ id: 'CaseRecord', title: 'ArbiGraph case record' })

/** A record in its JSON-plain wire form: what `task.meta.arbigraph` and the results file hold. */
export type CaseRecord = z.input<typeof caseRecordSchema>
/** A record with its grade decoded (exact values: bigint ints). */
export type DecodedCaseRecord = z.output<typeof caseRecordSchema>

/**
 * Validates a record and returns it in wire form; `where` prefixes the error message.
 * @example checkCaseRecord(testCase.meta().arbigraph, 'chain/math MulMod #3')
 */
export function checkCaseRecord(json: unknown, where = 'case record'): CaseRecord {
  const parsed = caseRecordSchema.safeParse(json)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', describeZodError(parsed.error, where))
  return z.encode(caseRecordSchema, parsed.data)
}

/**
 * Turns a record with an exact (decoded) grade into its wire form, for `task.meta.arbigraph`.
 * @example task.meta.arbigraph = encodeCaseRecord({ ...identity, grade, status, ... })
 */
export const encodeCaseRecord = (record: DecodedCaseRecord): CaseRecord => z.encode(caseRecordSchema, record)

/** What an infrastructure-error record knows: who the case is and what ran it. */
export type InfraRecordBase = Pick<
  CaseRecord,
  | 'caseId'
  | 'instanceId'
  | 'topology'
  | 'category'
  | 'task'
  | 'sample'
  | 'epoch'
  | 'model'
  | 'protocol'
  | 'latencyMs'
  | 'sweep'
  | 'suite'
  | 'dataset'
> &
  Partial<Pick<CaseRecord, 'harness'>>

/**
 * The record of a case that produced no gradable outcome: no grade, zero counts, the reason kept.
 * Used by the harness (endpoint failed after retries) and by the reporters (a test failed before
 * it stored a record).
 * @example infraCaseRecord({ ...identity, model: 'm', protocol: 'chat', latencyMs: 0 }, 'HTTP 503').infraError // { reason: 'HTTP 503' }
 */
export function infraCaseRecord(base: InfraRecordBase, reason: string): CaseRecord {
  return {
    schema: CASE_RECORD_SCHEMA,
    ...base,
    grade: null,
    status: null,
    infraError: { reason },
    turns: 0,
    toolCalls: 0,
    repairs: { tool: 0, final: 0, cutoff: 0 },
    tokens: { prompt: 0, completion: 0 },
    cachedTurns: 0,
    transcriptRef: null,
  }
}

/**
 * Where a trial's cached turns came from: the servers that gave them and the earliest date;
 * undefined when no turn was replayed or the pool did not say.
 * @example trialReplay(transcript.turns) // { server: '/ckpt/b · version 0.11.0', at: '2026-12-06T10:00:00.000Z' }
 */
export function trialReplay(turns: readonly Pick<TurnRecord, 'replay'>[]): CaseRecord['replay'] {
  const replays = turns.flatMap((turn) => (turn.replay ? [turn.replay] : []))
  if (replays.length === 0) return undefined
  const server = [...new Set(replays.map((r) => r.server))].sort().join(' + ')
  // ISO 8601 dates of one format sort as text.
  const at = replays.map((r) => r.at).sort()[0]!
  return { server, at }
}
