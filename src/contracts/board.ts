/**
 * What a benchmark brings to the board across runs (`arbigraph board`) and to the flat trial
 * table (`arbigraph export`): its records as trials, the dimensions a trial sits at, the means it
 * measures, and the views it draws (ArbiGraph: Fig. 3–5 bars per topology × category;
 * Long-Transduction: Fig. 2a/2b lines against budget, Fig. 8 heatmaps). The board and the export
 * never read inside a record: they fold these trials, so a board of any benchmark is the same code.
 *
 * A trial's identity is what pairs it with another model's trial of the same instance (McNemar):
 * the dataset's content hash and the instance when the record carries them, else its case id;
 * plus the condition and the epoch (`pairingIdentity`).
 */
import type { z } from 'zod'

/** One axis a trial sits at (ArbiGraph: topology, category; Long-Transduction: family, budget, …). */
export interface BoardDimension {
  id: string
  label: string
}

/** A per-trial number the board averages over graded trials (tokens, turns, a partial score). */
export interface BoardMetric {
  id: string
  label: string
}

/**
 * A chart of the board, drawn with one series (or, for a heatmap, one panel) per model. `metric`
 * is `correct` (the rate of right trials, with Wilson intervals) or a metric's id; `x` and `y` are
 * dimension ids, or `cell` for the board's own cell.
 */
export type BoardView =
  | {
      kind: 'bars'
      id: string
      title: string
      x: string
      metric: string
      /**
       * Keep only the trials at the largest value of this dimension over the whole board, in
       * natural order (`budget` → the longest budget that any run on the board ran: the paper's
       * "per task at the longest budget"); the title then names that value.
       */
      atLargest?: string
    }
  | { kind: 'lines'; id: string; title: string; x: string; metric: string }
  | { kind: 'heatmap'; id: string; title: string; x: string; y: string; metric: string }

/** One trial as the board and the export see it. */
export interface BoardTrial {
  /** The board's cell (a matrix column), e.g. `chain/math` or `arithmetic/4K`. */
  cell: string
  /** The trial's value on every dimension of the board (strings: they name, filter and sort). */
  at: { [dimension: string]: string }
  caseId: string
  /** The content hash of the frozen dataset the instance came from; absent for a generated suite. */
  dataset?: string
  /** The instance within its dataset (or the case id when the record names no dataset). */
  instance: string
  epoch: number
  /** The context condition the trial measures (`in-graph` unless a benchmark runs others). */
  condition: string
  /** Right or wrong; null for an infrastructure error (counted apart, never graded). */
  correct: boolean | null
  /** How the trial ended (the agent's status, the request's outcome, `infra`). */
  status: string
  /** Why it is an infrastructure error; null for a model outcome. */
  infraReason: string | null
  promptTokens: number
  completionTokens: number
  turns: number
  latencyMs: number
  /** Why a wrong trial is wrong, when the benchmark attributes failures. */
  attribution: string | null
  /** The benchmark's metrics (`BenchmarkBoard.metrics`), for a graded trial. */
  values: { [metric: string]: number }
}

/** A benchmark's part of the board and the export (src/board/, src/export/). */
export interface BenchmarkBoard<Record> {
  /** The `schema` of the results files whose `records` are this benchmark's records. */
  resultsSchema: string
  /** The benchmark as a heading reads it. */
  label: string
  /** What `correct` means in this benchmark (the matrix's rate), e.g. 'accuracy'. */
  correctLabel: string
  dimensions: BoardDimension[]
  metrics: BoardMetric[]
  views: BoardView[]
  /**
   * The check a record passes before `trials` reads it: the fields its trials come from, strictly
   * (a wrong type or a missing field is refused, naming it), the rest left to `arbigraph report`.
   * The full record schema re-parses every answer value, five times the board's own work at 10⁶
   * trials. @default the benchmark's record schema
   */
  check?: z.ZodType
  /** A record's trials (one per condition it measured). */
  trials(record: Record): BoardTrial[]
}

/**
 * The dataset hash and instance a record of a frozen dataset names (its `dataset`:
 * `{ sha256, index }`, src/contracts/case-record.ts `datasetRefSchema`, the same on
 * Long-Transduction records); no fields for a generated case, and the caller pairs by case id.
 * @example datasetOf({ dataset: { sha256: 'ab12…', index: 7, file: 'f.jsonl' } }) // { dataset: 'ab12…', instance: '7' }
 */
export function datasetOf(record: { dataset?: { sha256: string; index: number } | undefined }): {
  dataset?: string
  instance?: string
} {
  const ref = record.dataset
  return ref ? { dataset: ref.sha256, instance: String(ref.index) } : {}
}

/**
 * The identity that pairs two models' trials: dataset and instance (or case id), condition, epoch.
 * @example pairingIdentity(trial) // '["chain/math","","chain/math/MulMod#0","in-graph",0]'
 */
export const pairingIdentity = (t: BoardTrial): string =>
  JSON.stringify([t.cell, t.dataset ?? '', t.instance, t.condition, t.epoch])
