/**
 * The results file: one run (or the merge of several shards) as the list of its case records,
 * plus what is needed to interpret them: the model, who wrote the file, when, which shard, and
 * the ARBIGRAPH_* settings in force. It stores records, not summaries, on purpose: every number
 * a report prints is recomputed from `records` (`arbigraph report`), so the file cannot disagree
 * with itself.
 */
import { z } from 'zod'
import { ArbigraphError, describeZodError } from '../errors.ts'
import type { CaseRecord } from './case-record.ts'
import { caseRecordSchema } from './case-record.ts'
import { contextLossSchema } from './context-loss.ts'
import { serverReportSchema } from './server-report.ts'
import { sweepCurveSchema } from './sweep-curve.ts'

export const RESULTS_SCHEMA = 'arbigraph.results/1'

export const runInfoSchema = z
  .object({
    started: z.string().describe('ISO 8601 time the run (or the merge) started.'),
    finished: z.string().describe('ISO 8601 time the run ended.'),
    reason: z.enum(['passed', 'failed', 'interrupted']).describe("Vitest's run-end reason."),
    shard: z
      .object({ index: z.number().int().min(1), count: z.number().int().min(1) })
      .strict()
      .nullable()
      .describe('The --shard this run covered; null for a whole or merged run.'),
    merged: z.boolean().describe('Written by `vitest --merge-reports` from blob reports.'),
    env: z.record(z.string(), z.string()).describe('ARBIGRAPH_* settings (secrets left out).'),
    server: serverReportSchema
      .optional()
      .describe('What the preflight (`arbigraph doctor` checks) found on the endpoint; absent in a merge.'),
    identity: z
      .string()
      .optional()
      .describe(
        "Who answered, as the response cache keys it: the checkpoint (`root` of GET /v1/models), the server's version, ARBIGRAPH_MODEL_REVISION, or the simulator's settings; absent in a merge.",
      ),
  })
  .strict()

/**
 * A register of the trials read so far (records in file order, as the streamed reader meets
 * them): the message for a record whose trial came earlier, else undefined.
 * @example const duplicate = trialRegister(); duplicate(record, 0); duplicate(record, 1) // 'duplicate trial: …'
 */
export function trialRegister(): (
  record: Pick<CaseRecord, 'caseId' | 'epoch'>,
  i: number,
) => string | undefined {
  const seen = new Map<string, number>()
  return (record, i) => {
    const key = `${record.caseId}@${record.epoch}`
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else return `duplicate trial: case "${record.caseId}" epoch ${record.epoch} (first at records[${first}])`
  }
}

/** The frozen datasets of a run, derived from its records (src/metrics/run-datasets.ts). */
export const runDatasetsSchema = z.array(
  z
    .object({
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe('Content hash of the instances.'),
      file: z.string().describe('The file name the run read it from.'),
      instances: z.number().int().min(0).describe('Distinct instances of it that ran.'),
      trials: z.number().int().min(0),
    })
    .strict(),
)

const count = z.number().int().min(0)

/** The sequential gate's decisions in a results file (src/metrics/sequential/replay-gate.ts). */
export const sequentialGateSchema = z
  .object({
    alpha: z.number().describe('The error level of the gate, before its split over the rules.'),
    alphaPerRule: z.number().describe('The share of alpha of each sequential rule (Bonferroni).'),
    cells: z.array(
      z
        .object({
          cell: z.string(),
          population: count.describe('Cases (trials) in the cell: its N.'),
          seen: count.describe('Trials the tests saw: the complete prefix of the random order.'),
          recorded: count,
          notRun: count.describe('Trials not sent: status "not run: gate decided".'),
          decidedAfter: count
            .nullable()
            .describe('Trials after which every rule on the cell was decided; null when not.'),
          fixedReason: z.string().nullable().describe('Why the cell ran to the end (fixed-n), when it did.'),
          rules: z.array(
            z
              .object({
                rule: z.string(),
                pass: z.boolean().nullable(),
                by: z.enum(['count', 'betting']).nullable(),
                decidedAfter: count.nullable(),
                interval: z.object({ low: z.number(), high: z.number() }).strict().nullable(),
              })
              .strict(),
          ),
          saved: z
            .object({ calls: count, tokens: count })
            .strict()
            .describe(
              'Model calls and tokens the unsent trials would have used, estimated from the mean of the trials sent.',
            ),
          alpha: z.number(),
        })
        .strict(),
    ),
  })
  .strict()

export const resultsSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA),
    model: z.string().describe('The model id of the records ("a, b" when several); "sim:*" is simulated.'),
    simulated: z.boolean().describe('Some record came from the built-in simulated endpoint.'),
    createdBy: z.string().describe('Tool and versions that wrote the file.'),
    run: runInfoSchema,
    records: z.array(caseRecordSchema),
    contextLoss: contextLossSchema
      .optional()
      .describe('Context conditions summary, when some record ran them (recomputable from the records).'),
    replay: z
      .object({
        replayed: z.number().int().min(0).describe('Trials with a turn from the response cache.'),
        trials: z.number().int().min(0),
        sources: z.array(
          z
            .object({
              server: z.string(),
              first: z.string().describe('Earliest original answer (ISO 8601).'),
              last: z.string(),
              trials: z.number().int().min(1),
            })
            .strict(),
        ),
        unattributed: z
          .number()
          .int()
          .min(0)
          .describe('Replayed trials whose records do not say where from.'),
      })
      .strict()
      .optional()
      .describe(
        'How much of the run was replayed from the response cache, and from whom (derived from the records; present when some trial was).',
      ),
    datasets: runDatasetsSchema
      .optional()
      .describe(
        "The frozen datasets the run evaluated (derived from the records' `dataset`; present when some record has one). `compare` refuses runs whose datasets differ.",
      ),
    provenance: z
      .object({
        kind: z.literal('reference-replay'),
        file: z.string().describe('The reference results file replayed (its name).'),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .describe('SHA-256 of that file.'),
      })
      .strict()
      .optional()
      .describe(
        'Where the records came from when not from a run of this tool against an endpoint: `reference-replay` = the recorded model outputs of a reference harness run, replayed through our agent loop and graded by us (`arbigraph replay-reference --out`).',
      ),
    sequentialGate: sequentialGateSchema
      .optional()
      .describe(
        'What the sequential gate (ARBIGRAPH_GATE_MODE=sequential) decided per cell (recomputable from the records and the order); absent in fixed mode.',
      ),
    sweeps: z
      .array(sweepCurveSchema)
      .optional()
      .describe(
        'Curves of the scaling sweeps among the records (derived from them; `arbigraph report` recomputes them).',
      ),
  })
  .strict()
  .superRefine((results, ctx) => {
    const duplicate = trialRegister()
    results.records.forEach((record, i) => {
      const message = duplicate(record, i)
      if (message) ctx.addIssue({ code: 'custom', path: ['records', i], message })
    })
  })
  .meta({ id: 'Results', title: 'ArbiGraph results file' })

/** The results file in wire form (as written to disk). */
export type Results = z.input<typeof resultsSchema>
/** A results file's `sequentialGate` block (any benchmark's results file may carry one). */
export type SequentialGateBlock = z.input<typeof sequentialGateSchema>
export type RunInfo = z.input<typeof runInfoSchema>

/**
 * Parses and validates a results file's text; `where` (the path) prefixes every message.
 * @example const results = decodeResults(await readFile('out/results.json', 'utf8'), 'out/results.json')
 */
export function decodeResults(text: string, where: string): Results {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${where}: malformed JSON (${(error as Error).message})`)
  }
  const parsed = resultsSchema.safeParse(json)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', describeZodError(parsed.error, where))
  checkRunModel(parsed.data, where)
  return z.encode(resultsSchema, parsed.data)
}

/**
 * The model label for a set of records: their distinct model ids, sorted and comma-joined.
 * @example modelLabel(records) // 'sim:oracle'
 */
export function modelLabel(records: readonly { model: string }[]): string {
  const models = [...new Set(records.map((r) => r.model))].sort()
  return models.length === 0 ? 'unknown' : models.join(', ')
}

/**
 * The one rule of what is simulated: a model id (or a comma-joined label of several) names the
 * built-in simulated endpoint when one of its ids starts with `sim:`. The report's warning, the
 * gate's refusal, the dashboard's banner and a results file's `simulated` field all follow it.
 * @example isSimulatedModel('qwen3, sim:oracle') // true
 */
export const isSimulatedModel = (model: string): boolean =>
  model.split(',').some((id) => id.trim().startsWith('sim:'))

/**
 * Whether any record comes from the simulated endpoint (see `isSimulatedModel`).
 * @example isSimulated([{ ...record, model: 'sim:oracle' }]) // true
 */
export const isSimulated = (records: readonly { model: string }[]): boolean =>
  records.some((r) => isSimulatedModel(r.model))

/**
 * Refuses a results file whose `model` or `simulated` field contradicts its records: those
 * fields are derived from the records when the file is written, so a difference means an edit
 * (e.g. `"simulated": false` on simulated records, which would let a gate pass on numbers no
 * model produced). `where` (the path) prefixes the message.
 * @example checkRunModel({ model: 'sim:oracle', simulated: false, records }, 'out/results.json') // throws
 */
export function checkRunModel(
  results: { model: string; simulated: boolean; records: readonly { model: string }[] },
  where: string,
): void {
  const model = modelLabel(results.records)
  const edited = (field: string, stored: string, derived: string) =>
    new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${where}: ${field}: ${stored}, but its records say ${derived}; the file was edited (restore the field, or rerun)`,
    )
  if (results.model !== model) throw edited('model', JSON.stringify(results.model), JSON.stringify(model))
  if (results.simulated !== isSimulated(results.records))
    throw edited(
      'simulated',
      String(results.simulated),
      `${!results.simulated} (model ${JSON.stringify(model)}${results.simulated ? '' : ', served by the simulated endpoint'})`,
    )
}
