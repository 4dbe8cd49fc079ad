/**
 * `arbigraph export RESULTS…|DIR --format csv|parquet|jsonl [--out FILE]`: every trial of the
 * results files (any benchmark on the board) as one flat table, one row per trial, with the
 * columns of src/export/trial-columns.ts — for pandas, polars and DuckDB as they are.
 */
import { resolve } from 'node:path'
import { boardInputs } from '../../board/board-inputs.ts'
import type { ExportFormat } from '../../export/export-trials.ts'
import { exportTrials } from '../../export/export-trials.ts'
import { threadRegistry } from '../../generate/generate-chunk.ts'
import { parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'

const FLAGS = { format: { type: 'string' }, out: { type: 'string' } } as const
const FORMATS: readonly ExportFormat[] = ['csv', 'parquet', 'jsonl']

export const exportCommand: Command = {
  name: 'export',
  usage: [
    'Usage: arbigraph export <results.json|transduction.json|DIR>... --format csv|parquet|jsonl [--out FILE]',
    '',
    'Writes every trial of the results files as one flat table (one row per trial: run, model,',
    'benchmark, cell, case id, dataset, instance, epoch, condition, correct, status, tokens, turns,',
    'latency, attribution, …; docs/comparing-models.md lists the columns and their types).',
    '  --format F   csv, parquet or jsonl (required)',
    '  --out FILE   the table (default out/trials.<format>); written whole or not at all',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('export', argv, FLAGS, {
      min: 1,
      max: Number.POSITIVE_INFINITY,
      names: 'results files or folders',
    })
    const format = values.format as string | undefined
    if (format === undefined) throw usageError('export', 'missing --format; give csv, parquet or jsonl')
    if (!FORMATS.includes(format as ExportFormat))
      throw usageError('export', `--format expects csv, parquet or jsonl, got "${format}"`)
    const { benchmarks } = await threadRegistry(io.cwd)
    const inputs = await boardInputs(io.cwd, positionals, benchmarks.values())
    const out = resolve(io.cwd, typeof values.out === 'string' ? values.out : `out/trials.${format}`)
    const rows = await exportTrials(inputs, benchmarks.values(), out, format as ExportFormat)
    io.out(`export: ${rows} trials from ${inputs.length} results files → ${out}`)
    return 0
  },
}
