/**
 * `arbigraph export`'s work: the trials of results files of any benchmark on the board, streamed
 * file by file and record by record (src/board/read-run.ts), written as one flat table — CSV
 * (csv-stringify), JSONL, or Parquet (hyparquet-writer, in row groups of `ROW_GROUP` rows) — to a
 * temporary file renamed into place at the end, so a failed export leaves no half-written table.
 * Memory holds one row group, never the table.
 */
import { renameSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { stringify } from 'csv-stringify/sync'
import { fileWriter, ParquetWriter } from 'hyparquet-writer'
import type { BoardInput } from '../board/board-inputs.ts'
import { boardBenchmarkOf, readRunTrials } from '../board/read-run.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { ArbigraphError } from '../errors.ts'
import { openAtomicLines, tempPath } from '../io/atomic-write.ts'
import { ensureDir } from '../io/ensure-dir.ts'
import { TRIAL_COLUMNS, type TrialRow } from './trial-columns.ts'

export type ExportFormat = 'csv' | 'parquet' | 'jsonl'

/** Rows per Parquet row group (and per CSV/JSONL write). */
export const ROW_GROUP = 50_000

/** A sink for rows in batches. */
interface TableSink {
  rows(batch: readonly TrialRow[]): Promise<void>
  commit(): Promise<void>
  abort(): Promise<void>
}

async function textSink(path: string, format: 'csv' | 'jsonl'): Promise<TableSink> {
  const out = await openAtomicLines(path)
  if (format === 'csv') await out.write(TRIAL_COLUMNS.map((c) => c.name).join(','))
  return {
    async rows(batch) {
      if (batch.length === 0) return
      const values = batch.map((row) => TRIAL_COLUMNS.map((c) => c.value(row)))
      if (format === 'csv') {
        // Booleans as true/false and nulls as empty fields: what pandas, polars and DuckDB infer.
        const text = stringify(values, {
          cast: { boolean: (b) => (b ? 'true' : 'false') },
          record_delimiter: '\n',
        })
        await out.write(text.slice(0, -1))
      } else {
        const lines = values.map((v) =>
          JSON.stringify(Object.fromEntries(TRIAL_COLUMNS.map((c, i) => [c.name, v[i]]))),
        )
        await out.write(lines.join('\n'))
      }
    },
    commit: () => out.commit(),
    abort: () => out.abort(),
  }
}

function parquetColumn(values: (string | number | boolean | null)[], type: string) {
  // INT64 goes to the writer as BigInt: the file holds 64-bit integers, not doubles.
  if (type === 'INT64') return values.map((v) => (v === null ? null : BigInt(v as number)))
  return values
}

function parquetSink(path: string): TableSink {
  const temp = tempPath(path)
  const writer = new ParquetWriter({
    writer: fileWriter(temp),
    schema: [
      { name: 'root', num_children: TRIAL_COLUMNS.length },
      ...TRIAL_COLUMNS.map((c) => ({
        name: c.name,
        type: c.type === 'STRING' || c.type === 'JSON' ? ('BYTE_ARRAY' as const) : c.type,
        ...(c.type === 'STRING' ? { converted_type: 'UTF8' as const } : {}),
        ...(c.type === 'JSON' ? { converted_type: 'JSON' as const } : {}),
        repetition_type: c.nullable ? ('OPTIONAL' as const) : ('REQUIRED' as const),
      })),
    ],
    createdBy: 'arbigraph export',
  })
  return {
    async rows(batch) {
      if (batch.length === 0) return
      writer.write({
        columnData: TRIAL_COLUMNS.map((c) => ({
          name: c.name,
          data: parquetColumn(
            batch.map((row) => c.value(row)),
            c.type,
          ),
        })),
        rowGroupSize: ROW_GROUP,
      })
    },
    async commit() {
      writer.finish()
      renameSync(temp, resolve(path))
    },
    async abort() {
      rmSync(temp, { force: true })
    },
  }
}

/**
 * Writes every trial of `inputs` to `out` in `format`; returns the number of rows.
 * @example await exportTrials([{ path: '/abs/out/results.json', where: 'out/results.json' }], benchmarks, 'trials.parquet', 'parquet')
 */
export async function exportTrials(
  inputs: readonly BoardInput[],
  benchmarks: Iterable<AnyBenchmark>,
  out: string,
  format: ExportFormat,
): Promise<number> {
  const known = [...benchmarks]
  ensureDir(dirname(resolve(out)), `export "${out}"`)
  const sink = format === 'parquet' ? parquetSink(out) : await textSink(out, format)
  let batch: TrialRow[] = []
  let rows = 0
  try {
    for (const input of inputs) {
      const bench = await boardBenchmarkOf(input.path, input.where, known)
      await readRunTrials(input.path, input.where, bench, {
        async trials(model, trials) {
          for (const trial of trials) batch.push({ run: input.where, model, benchmark: bench.name, trial })
          if (batch.length < ROW_GROUP) return
          await sink.rows(batch)
          rows += batch.length
          batch = []
        },
      })
    }
    await sink.rows(batch)
    rows += batch.length
    await sink.commit()
    return rows
  } catch (error) {
    await sink.abort()
    if (error instanceof ArbigraphError) throw error
    throw new ArbigraphError('ARBIGRAPH_WRITE_FAILED', `cannot write "${out}": ${(error as Error).message}`, {
      cause: error,
    })
  }
}
