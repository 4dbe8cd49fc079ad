/**
 * `arbigraph report --by a,b`: a breakdown table by one or two of the dimensions a benchmark
 * declares (`breakdowns`, src/contracts/benchmark.ts), checked here before the benchmark builds
 * it, and rendered alike for every benchmark (aligned text, or a Markdown table under a heading).
 * The report never knows which benchmark it is: Long-Transduction declares family, format,
 * difficulty and budget; a benchmark that declares none refuses `--by` by name.
 */
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { unknownName } from '../did-you-mean.ts'
import { ArbigraphError } from '../errors.ts'
import { alignRows } from './format-table.ts'
import type { SectionTable } from './html-section.ts'

/** At most this many dimensions in one table (a third would be a cube, not a table). */
export const MAX_BREAKDOWN_DIMENSIONS = 2

const refuse = (message: string) =>
  new ArbigraphError('ARBIGRAPH_USAGE', `${message} (see "arbigraph report --help")`)

/**
 * The dimension ids `--by` names, checked against what `bench` declares: one or two, known and
 * distinct; an unknown one suggests the closest known one. `file` names the results file.
 * @example parseBreakdown('family,format', transduction, 'out/transduction.json') // ['family', 'format']
 */
export function parseBreakdown(
  text: string,
  bench: Pick<AnyBenchmark, 'name' | 'breakdowns'>,
  file: string,
): string[] {
  if (!bench.breakdowns)
    throw refuse(
      `--by: ${bench.name} declares no dimensions to break down by ("${file}" is its results file)`,
    )
  const known = bench.breakdowns.dimensions.map((d) => d.id)
  const by = text.split(',').map((part) => part.trim())
  if (by.length === 0 || by.some((id) => id === ''))
    throw refuse(
      `--by "${text}": name one or two dimensions, comma-separated (${bench.name}: ${known.join(', ')})`,
    )
  if (by.length > MAX_BREAKDOWN_DIMENSIONS)
    throw refuse(
      `--by "${text}": at most ${MAX_BREAKDOWN_DIMENSIONS} dimensions in one table, got ${by.length}`,
    )
  for (const id of by)
    if (!known.includes(id)) throw refuse(`--by: ${unknownName(`${bench.name} dimension`, id, known)}`)
  if (by.length === 2 && by[0] === by[1]) throw refuse(`--by "${text}": names "${by[0]}" twice`)
  return by
}

/**
 * A breakdown table as terminal lines (title, then aligned rows) or as Markdown (`###` heading
 * and a table), as the benchmarks' own tables are.
 * @example formatBreakdown(table, 'text')
 */
export function formatBreakdown(table: SectionTable, format: 'text' | 'markdown'): string {
  if (format === 'text') {
    const columns = table.headers.map((header, i) => ({ header, numeric: table.numeric[i]! }))
    return [
      table.title,
      ...alignRows(
        columns,
        table.rows.map((r) => [...r]),
      ),
    ].join('\n')
  }
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [
    `### ${table.title}`,
    '',
    row(table.headers),
    row(table.numeric.map((n) => (n ? '---:' : '---'))),
    ...table.rows.map(row),
  ].join('\n')
}

/**
 * The breakdown tables `bench` adds to its Markdown summary (`breakdowns.summary`), each only
 * when every dimension of it has two values or more among the records (a table by a single
 * family would repeat the format table); empty when it declares none.
 * @example summaryBreakdowns(transduction, records).map((t) => t.title) // ['Accuracy by family × format']
 */
export function summaryBreakdowns(
  bench: Pick<AnyBenchmark, 'breakdowns'>,
  records: readonly unknown[],
): SectionTable[] {
  const breakdowns = bench.breakdowns
  if (!breakdowns) return []
  return (breakdowns.summary ?? []).flatMap((by) => {
    const table = breakdowns.table(records, by)
    const varied = by.every((_, i) => new Set(table.rows.map((row) => row[i])).size >= 2)
    return varied ? [table] : []
  })
}
