/**
 * ArbiGraph on the board across runs and in the trial export (src/contracts/board.ts): a record is
 * one in-graph trial, its cell the topology × category (and the suite's settings when two suites
 * share them), and the views the paper's Fig. 3–5 — accuracy, generated tokens and turns per
 * topology × category, one bar per model.
 * Reference: ArbiGraph paper, Figs. 3–5 (generated tokens only, as the reference's `token_length`).
 */
import { z } from 'zod'
import type { BenchmarkBoard, BoardTrial } from './contracts/board.ts'
import { datasetOf } from './contracts/board.ts'
import type { CaseRecord } from './contracts/case-record.ts'
import { CASE_RECORD_SCHEMA, datasetRefSchema } from './contracts/case-record.ts'
import { attributionKindSchema } from './contracts/grade.ts'
import { RESULTS_SCHEMA } from './contracts/results.ts'
import { agentStatusSchema } from './contracts/transcript.ts'
import { suiteKey } from './metrics/suite-label.ts'

const count = z.number().int().min(0)

/** The fields of a case record the board's trials read, checked as the record schema checks them. */
const boardRecordSchema = z
  .looseObject({
    schema: z.literal(CASE_RECORD_SCHEMA),
    caseId: z.string().min(1),
    topology: z.string().min(1),
    category: z.string().min(1),
    suite: z.record(z.string(), z.string()).optional(),
    epoch: count,
    model: z.string().min(1),
    grade: z
      .looseObject({
        correct: z.boolean(),
        attribution: z.looseObject({ kind: attributionKindSchema }).nullable(),
      })
      .nullable(),
    status: agentStatusSchema.nullable(),
    infraError: z.strictObject({ reason: z.string() }).nullable(),
    turns: count,
    tokens: z.strictObject({ prompt: count, completion: count }),
    latencyMs: z.number().min(0),
    dataset: datasetRefSchema.optional(),
  })
  .refine((record) => (record.grade === null) !== (record.infraError === null), {
    message: 'exactly one of "grade" and "infraError" must be set',
    path: ['grade'],
  })

/**
 * ArbiGraph's board block.
 * @example arbigraphBoard.trials(record)[0].cell // 'chain/math'
 */
export const arbigraphBoard: BenchmarkBoard<CaseRecord> = {
  resultsSchema: RESULTS_SCHEMA,
  label: 'ArbiGraph',
  correctLabel: 'accuracy',
  dimensions: [
    { id: 'topology', label: 'topology' },
    { id: 'category', label: 'category' },
  ],
  metrics: [
    { id: 'tokens', label: 'generated tokens' },
    { id: 'turns', label: 'turns' },
  ],
  check: boardRecordSchema,
  views: [
    {
      kind: 'bars',
      id: 'accuracy',
      title: 'Accuracy per topology × category (Fig. 3)',
      x: 'cell',
      metric: 'correct',
    },
    {
      kind: 'bars',
      id: 'tokens',
      title: 'Generated tokens per topology × category (Fig. 4)',
      x: 'cell',
      metric: 'tokens',
    },
    {
      kind: 'bars',
      id: 'turns',
      title: 'Turns per topology × category (Fig. 5)',
      x: 'cell',
      metric: 'turns',
    },
  ],
  trials(r): BoardTrial[] {
    const suite = suiteKey(r)
    const { dataset, instance } = datasetOf(r)
    const graded = r.grade !== null
    return [
      {
        cell: `${r.topology}/${r.category}${suite ? ` (${suite})` : ''}`,
        at: { topology: r.topology, category: r.category },
        caseId: r.caseId,
        ...(dataset ? { dataset } : {}),
        instance: instance ?? r.caseId,
        epoch: r.epoch,
        condition: 'in-graph',
        correct: r.grade ? r.grade.correct : null,
        status: r.infraError ? 'infra' : (r.status ?? 'unknown'),
        infraReason: r.infraError?.reason ?? null,
        promptTokens: r.tokens.prompt,
        completionTokens: r.tokens.completion,
        turns: r.turns,
        latencyMs: r.latencyMs,
        attribution: r.grade?.attribution?.kind ?? null,
        values: graded ? { tokens: r.tokens.completion, turns: r.turns } : {},
      },
    ]
  },
}
