/**
 * The board's fold: trials of many runs, one at a time, into per-model tallies (matrix cells,
 * view points, totals) and one outcome byte per model and paired trial, so a board of 10⁶ trials
 * keeps counts and bytes, never records. A model's column is its model id and dataset: runs of the
 * same model on the same dataset are epochs of one column, not rivals — a later run (in input
 * order) that would reuse epochs the column has is numbered after them, so its trials pair with
 * other models' trials of those epochs. Pairs are the trials two columns share (`pairingIdentity`); between
 * each column and the cell's best, the exact McNemar test is run on them (src/board/board-data.ts).
 */
import type { BenchmarkBoard, BoardTrial } from '../contracts/board.ts'
import { pairingIdentity } from '../contracts/board.ts'
import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { addTrial, emptyTally, type Tally } from './tally.ts'

/** One results file on the board. */
export interface BoardRun {
  /** The file as the user gave it (or as found in a folder). */
  file: string
  benchmark: string
  /** The columns (models) its records belong to. */
  columns: string[]
  records: number
  /** Its dashboard's case table, relative to the board's folder, when one sits beside the file. */
  dashboard?: string
  /** The board's data file of its trials (loaded by the page when a cell's cases open). */
  data: string
}

/** One model (and dataset) of one benchmark. */
export interface FoldColumn {
  key: string
  model: string
  dataset?: string
  runs: number[]
  total: Tally
  cells: Map<string, Tally>
  views: Map<string, Tally>
  /** Outcome per paired trial id: 0 absent, 1 wrong, 2 right (infrastructure errors never pair). */
  outcomes: Uint8Array
  /** Epochs taken by the runs read so far: the next run's first epoch. */
  epochBase: number
  sweeps: { run: number; curve: SweepCurve }[]
}

/** One benchmark's part of the fold. */
export interface FoldSection {
  benchmark: string
  board: BenchmarkBoard<unknown>
  metricIds: string[]
  columns: Map<string, FoldColumn>
  /** Paired trial ids, and each one's cell. */
  pairs: Map<string, number>
  pairCell: string[]
  /** Trials seen twice in one column (the first one is kept for pairing). */
  duplicates: number
  /** Per cell, the dimension values all its trials share (a dashboard link filters by them). */
  cellAt: Map<string, { [dimension: string]: string }>
}

/** The view point key of a trial: view id, then the x (and y) value. */
export const viewKey = (view: string, x: string, y = ''): string => `${view}\u0000${x}\u0000${y}`

/** A column's key: the model, and the dataset's hash when the runs name one. */
export const columnKey = (model: string, dataset: string | undefined): string =>
  dataset ? `${model} @${dataset.slice(0, 12)}` : model

const grow = (bytes: Uint8Array, size: number): Uint8Array => {
  if (size <= bytes.length) return bytes
  const next = new Uint8Array(Math.max(size, bytes.length * 2, 1024))
  next.set(bytes)
  return next
}

/** The fold over every run of a board. */
export interface BoardFold {
  sections: Map<string, FoldSection>
  runs: BoardRun[]
  /**
   * Starts a run; returns what takes its trials and sweeps, and `end` to close it.
   * Runs must be read one after the other (a column's epochs are numbered in run order).
   */
  startRun(
    run: Omit<BoardRun, 'columns' | 'records'>,
    board: BenchmarkBoard<unknown>,
  ): {
    index: number
    add(model: string, trials: readonly BoardTrial[]): { column: string; epoch: number }[]
    sweeps(curves: SweepCurve[]): void
    end(records: number): void
  }
}

/**
 * A new, empty board fold.
 * @example const fold = boardFold(); const run = fold.startRun({ file, benchmark: 'arbigraph', data }, board)
 */
export function boardFold(): BoardFold {
  const sections = new Map<string, FoldSection>()
  const runs: BoardRun[] = []

  const sectionOf = (benchmark: string, board: BenchmarkBoard<unknown>): FoldSection => {
    let section = sections.get(benchmark)
    if (!section) {
      section = {
        benchmark,
        board,
        metricIds: board.metrics.map((m) => m.id),
        columns: new Map(),
        pairs: new Map(),
        pairCell: [],
        duplicates: 0,
        cellAt: new Map(),
      }
      sections.set(benchmark, section)
    }
    return section
  }

  const columnOf = (section: FoldSection, model: string, dataset: string | undefined): FoldColumn => {
    const key = columnKey(model, dataset)
    let column = section.columns.get(key)
    if (!column) {
      column = {
        key,
        model,
        ...(dataset ? { dataset } : {}),
        runs: [],
        total: emptyTally(section.metricIds.length),
        cells: new Map(),
        views: new Map(),
        outcomes: new Uint8Array(0),
        epochBase: 0,
        sweeps: [],
      }
      section.columns.set(key, column)
    }
    return column
  }

  const tallyIn = (map: Map<string, Tally>, key: string, metrics: number): Tally => {
    let tally = map.get(key)
    if (!tally) map.set(key, (tally = emptyTally(metrics)))
    return tally
  }

  function startRun(run: Omit<BoardRun, 'columns' | 'records'>, board: BenchmarkBoard<unknown>) {
    const section = sectionOf(run.benchmark, board)
    const index = runs.length
    const entry: BoardRun = { ...run, columns: [], records: 0 }
    runs.push(entry)
    // Per column this run feeds: its epoch offset and the highest epoch it gave.
    const offsets = new Map<FoldColumn, { offset: number; top: number }>()
    const views = board.views
    const metrics = section.metricIds
    return {
      index,
      add(model: string, trials: readonly BoardTrial[]) {
        const placed: { column: string; epoch: number }[] = []
        for (const trial of trials) {
          const column = columnOf(section, model, trial.dataset)
          let at = offsets.get(column)
          if (!at) {
            // A run whose epochs lie past the column's keeps them (a run of epoch 1 only); one
            // that would reuse taken epochs is numbered after them.
            offsets.set(
              column,
              (at = { offset: trial.epoch >= column.epochBase ? 0 : column.epochBase, top: -1 }),
            )
            column.runs.push(index)
            entry.columns.push(column.key)
          }
          if (trial.epoch > at.top) at.top = trial.epoch
          const epoch = at.offset + trial.epoch
          const shared = section.cellAt.get(trial.cell)
          if (!shared) section.cellAt.set(trial.cell, { ...trial.at })
          else for (const d in shared) if (shared[d] !== trial.at[d]) delete shared[d]
          addTrial(column.total, trial, metrics)
          addTrial(tallyIn(column.cells, trial.cell, metrics.length), trial, metrics)
          for (const view of views) {
            const x = view.x === 'cell' ? trial.cell : (trial.at[view.x] ?? '')
            const y =
              view.kind === 'heatmap'
                ? view.y === 'cell'
                  ? trial.cell
                  : (trial.at[view.y] ?? '')
                : view.kind === 'bars' && view.atLargest
                  ? (trial.at[view.atLargest] ?? '')
                  : ''
            addTrial(tallyIn(column.views, viewKey(view.id, x, y), metrics.length), trial, metrics)
          }
          if (trial.correct !== null) {
            const key = pairingIdentity({ ...trial, epoch })
            let id = section.pairs.get(key)
            if (id === undefined) {
              id = section.pairCell.length
              section.pairs.set(key, id)
              section.pairCell.push(trial.cell)
            }
            column.outcomes = grow(column.outcomes, id + 1)
            if (column.outcomes[id] !== 0) section.duplicates++
            else column.outcomes[id] = trial.correct ? 2 : 1
          }
          placed.push({ column: column.key, epoch })
        }
        return placed
      },
      sweeps(curves: SweepCurve[]) {
        for (const curve of curves) {
          // A curve names its models; a curve of several (a merged run) goes to its first.
          const column = columnOf(section, curve.models[0] ?? 'unknown', undefined)
          column.sweeps.push({ run: index, curve })
        }
      },
      end(records: number) {
        entry.records = records
        for (const [column, at] of offsets)
          column.epochBase = Math.max(column.epochBase, at.offset + at.top + 1)
      },
    }
  }

  return { sections, runs, startRun }
}
