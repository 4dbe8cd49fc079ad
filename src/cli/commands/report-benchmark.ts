/**
 * The other benchmarks' side of `arbigraph report`: a results file whose `schema` field is not
 * ArbiGraph's is looked up among the registered benchmarks' files (Long-Transduction's
 * `arbigraph.transduction-results/1`, a user's own); that benchmark validates it and its summary
 * is recomputed from the records and printed as its text or, with `--markdown`, its Markdown
 * section. ArbiGraph-only flags (`--by-task`, `--gate`, `--html`) are usage errors there rather
 * than being silently ignored.
 */
import type { AnyBenchmark } from '../../contracts/benchmark.ts'
import { RESULTS_SCHEMA } from '../../contracts/results.ts'
import { threadRegistry } from '../../generate/generate-chunk.ts'
import { usageError } from '../args.ts'
import type { CliIo } from '../command.ts'

/**
 * The registered benchmark whose results file has this `schema`; undefined for ArbiGraph's (or an unknown) one.
 * @example await benchmarkOfSchema('arbigraph.transduction-results/1', process.cwd()) // transduction
 */
export async function benchmarkOfSchema(
  schema: string | undefined,
  cwd: string,
): Promise<AnyBenchmark | undefined> {
  // ArbiGraph's own files (the common case) never load the registry.
  if (schema === undefined || schema === RESULTS_SCHEMA) return undefined
  const { benchmarks } = await threadRegistry(cwd)
  return [...benchmarks.values()].find((b) => b.files?.schema === schema)
}

/**
 * Prints the report of a benchmark's results file; returns the exit code.
 * @example await reportBenchmark(transduction, text, 'out/transduction.json', { markdown: true }, io)
 */
export async function reportBenchmark(
  bench: AnyBenchmark,
  text: string,
  file: string,
  flags: { markdown?: boolean; 'by-task'?: boolean; gate?: string; html?: string },
  io: CliIo,
): Promise<number> {
  for (const flag of ['by-task', 'gate', 'html'] as const) {
    if (flags[flag] !== undefined && flags[flag] !== false)
      throw usageError(
        'report',
        `--${flag} applies to ArbiGraph results; "${file}" is a ${bench.name} results file`,
      )
  }
  const results = bench.files!.decode(text, file)
  const summary = bench.summarize(results.records)
  if (flags.markdown === true) io.out(bench.report.markdown(summary, results.model).trimEnd())
  else io.out(bench.report.text(summary, results.model))
  return 0
}
