/**
 * The columns of the flat trial table (`arbigraph export`): one row per trial of any benchmark,
 * the same columns for every benchmark, each with one type in every format — the Parquet physical
 * type, and what CSV and JSONL hold — so pandas, polars and DuckDB read them as they are. Integers
 * are integers (INT32 / INT64 in Parquet, never doubles); a benchmark's own dimensions and metrics
 * travel as JSON text (`dimensions`, `metrics`), since their names differ between benchmarks.
 * docs/comparing-models.md lists them; a test checks the list against this one.
 */
import type { BoardTrial } from '../contracts/board.ts'

/** A column's type: its Parquet type (STRING is UTF-8 BYTE_ARRAY, JSON its JSON-annotated form). */
export type ColumnType = 'STRING' | 'JSON' | 'INT32' | 'INT64' | 'DOUBLE' | 'BOOLEAN'

/** One trial with where it came from. */
export interface TrialRow {
  run: string
  model: string
  benchmark: string
  trial: BoardTrial
}

export interface TrialColumn {
  name: string
  type: ColumnType
  /** Whether the column may be empty (null in Parquet and JSONL, an empty field in CSV). */
  nullable: boolean
  description: string
  value(row: TrialRow): string | number | boolean | null
}

const column = (
  name: string,
  type: ColumnType,
  nullable: boolean,
  description: string,
  value: TrialColumn['value'],
): TrialColumn => ({ name, type, nullable, description, value })

/**
 * The table's columns, in order.
 * @example TRIAL_COLUMNS.map((c) => c.name)[0] // 'run'
 */
export const TRIAL_COLUMNS: readonly TrialColumn[] = [
  column('run', 'STRING', false, 'The results file, as given on the command line.', (r) => r.run),
  column('model', 'STRING', false, 'Model id ("sim:*" is the built-in simulator).', (r) => r.model),
  column(
    'benchmark',
    'STRING',
    false,
    'Benchmark name: arbigraph, transduction, or a plugin’s.',
    (r) => r.benchmark,
  ),
  column(
    'cell',
    'STRING',
    false,
    'The report cell: topology/category, family/budget, ….',
    (r) => r.trial.cell,
  ),
  column(
    'case_id',
    'STRING',
    false,
    'Stable case id (the same across epochs and models).',
    (r) => r.trial.caseId,
  ),
  column(
    'dataset',
    'STRING',
    true,
    'Content hash of the frozen dataset; empty for a generated suite.',
    (r) => r.trial.dataset ?? null,
  ),
  column(
    'instance',
    'STRING',
    false,
    'The instance within its dataset (the case id when no dataset is named).',
    (r) => r.trial.instance,
  ),
  column('epoch', 'INT32', false, 'Repetition index within its run (0-based).', (r) => r.trial.epoch),
  column(
    'condition',
    'STRING',
    false,
    'Context condition of the trial (in-graph unless another was run).',
    (r) => r.trial.condition,
  ),
  column(
    'correct',
    'BOOLEAN',
    true,
    'Right or wrong; empty for an infrastructure error (not a model outcome).',
    (r) => r.trial.correct,
  ),
  column(
    'status',
    'STRING',
    false,
    'How the trial ended: the agent status, the request outcome, or infra.',
    (r) => r.trial.status,
  ),
  column(
    'infra_reason',
    'STRING',
    true,
    'Why it is an infrastructure error; empty for a model outcome.',
    (r) => r.trial.infraReason,
  ),
  column(
    'prompt_tokens',
    'INT64',
    false,
    'Prompt tokens over all turns (server-counted).',
    (r) => r.trial.promptTokens,
  ),
  column(
    'completion_tokens',
    'INT64',
    false,
    'Generated tokens over all turns.',
    (r) => r.trial.completionTokens,
  ),
  column('turns', 'INT32', false, 'Model turns.', (r) => r.trial.turns),
  column('latency_ms', 'DOUBLE', false, 'Wall time of the trial in milliseconds.', (r) => r.trial.latencyMs),
  column(
    'attribution',
    'STRING',
    true,
    'Why a wrong trial is wrong (ArbiGraph: limit, missing, format, propagated, stale, local).',
    (r) => r.trial.attribution,
  ),
  column(
    'dimensions',
    'JSON',
    false,
    'The benchmark’s dimensions of the trial, as a JSON object of strings.',
    (r) => JSON.stringify(r.trial.at),
  ),
  column(
    'metrics',
    'JSON',
    false,
    'The benchmark’s per-trial metrics (graded trials), as a JSON object of numbers.',
    (r) => JSON.stringify(r.trial.values),
  ),
]
