/**
 * `arbigraph report out/transduction.json --by a,b`: Long-Transduction's breakdown tables by one
 * or two of family, format, difficulty and budget, scored as its report tables are (macro over
 * family × format × level cells inside each group), declared through the Benchmark contract; and
 * the errors for an unknown dimension, too many, a repeated one, and a benchmark with none.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { transduction } from '../../../plugins/transduction/benchmark.ts'
import { summarizeTransduction } from '../../../plugins/transduction/metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../../../plugins/transduction/record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../../plugins/transduction/report/build-results.ts'
import { transductionTables } from '../../../plugins/transduction/report/tables.ts'
import { formatBreakdown, parseBreakdown, summaryBreakdowns } from '../../../src/report/breakdown-table.ts'
import { runCli, tempDir } from '../../cli/run-cli.ts'
import { echo } from '../../fixtures/toy-benchmark/echo-benchmark.ts'

function record(
  family: TransductionRecord['family'],
  format: TransductionRecord['format'],
  level: number,
  budget: TransductionRecord['budget'],
  accuracy: number,
  sample = 0,
): TransductionRecord {
  const flat = Array.from({ length: 20 }, () => accuracy)
  return {
    schema: TRANSDUCTION_RECORD_SCHEMA,
    documentId: `${family}/${format}/L${level}/${budget}/s${sample}`,
    family,
    format,
    level,
    budget,
    sample,
    seed: '0',
    model: 'm',
    outcome: 'completed',
    score: {
      accuracy,
      consistency: accuracy === 1 ? 1 : 0.5,
      exact: accuracy === 1,
      positions: { accuracy: flat, consistency: flat },
      counts: {
        records: 4,
        correct: 4 * accuracy,
        consistent: 4,
        missing: 0,
        extra: 0,
        duplicates: 0,
        unparsed: 0,
        orderViolations: 0,
      },
    },
    tokens: { input: 2000, prompt: 2000, completion: 1000 },
    latencyMs: 10,
    infraError: null,
  }
}

// arithmetic/plain holds two levels: its macro accuracy is the mean of the L0 cell (1 and 0.5
// → 0.75) and the L1 cell (0.25), 0.5, not the document mean 0.583; its self-consistency the
// mean of (1 and 0.5 → 0.75) and 0.5, 0.625.
const records = [
  record('arithmetic', 'plain', 0, '4K', 1),
  record('arithmetic', 'plain', 0, '4K', 0.5, 1),
  record('arithmetic', 'plain', 1, '8K', 0.25),
  record('arithmetic', 'ordered', 0, '4K', 1),
  record('uuid-sort', 'ordered', 0, '8K', 0.75),
  {
    ...record('uuid-sort', 'plain', 0, '8K', 0),
    documentId: 'x',
    score: null,
    outcome: null,
    infraError: { reason: 'HTTP 503' },
  },
]

const run = {
  started: '2026-01-01T00:00:00.000Z',
  finished: '2026-01-01T00:01:00.000Z',
  reason: 'passed' as const,
  shard: null,
  merged: false,
  env: {},
}

const table = (by: string[]) => transduction.breakdowns!.table(records, by)

describe("Long-Transduction's breakdowns", () => {
  it('declares family, format, difficulty and budget', () => {
    expect(transduction.breakdowns!.dimensions.map((d) => d.id)).toEqual([
      'family',
      'format',
      'difficulty',
      'budget',
    ])
  })

  it('family × format: grid order on each dimension, macro over cells, scored documents only', () => {
    const t = table(['family', 'format'])
    expect(t.title).toBe('Accuracy by family × format')
    expect(t.headers).toEqual(['family', 'format', 'docs', 'accuracy', 'self-consistency', 'exact'])
    expect(t.rows).toEqual([
      ['arithmetic', 'ordered', '1', '1.000', '1.000', '1.000'],
      ['arithmetic', 'plain', '3', '0.500', '0.625', '0.333'],
      ['uuid-sort', 'ordered', '1', '0.750', '0.500', '0.000'],
    ])
    expect(table(['budget', 'difficulty']).rows.map((r) => r.slice(0, 3))).toEqual([
      ['4K', 'L0', '3'],
      ['8K', 'L0', '1'],
      ['8K', 'L1', '1'],
    ])
  })

  it('one dimension gives the same rows as the report table of it', () => {
    const tables = transductionTables(summarizeTransduction(records))
    const byTitle = (start: string) => tables.find((t) => t.title.startsWith(start))!.rows
    expect(table(['budget']).rows).toEqual(byTitle('Accuracy by budget'))
    expect(table(['format']).rows).toEqual(byTitle('Accuracy by format'))
    expect(table(['difficulty']).rows).toEqual(byTitle('Accuracy by difficulty'))
    expect(table(['family']).rows).toEqual(byTitle('Accuracy by family'))
  })

  it('renders as aligned text and as a Markdown table', () => {
    const t = table(['family', 'format'])
    expect(formatBreakdown(t, 'text').split('\n')).toEqual([
      'Accuracy by family × format',
      'family      format   docs  accuracy  self-consistency  exact',
      'arithmetic  ordered     1     1.000             1.000  1.000',
      'arithmetic  plain       3     0.500             0.625  0.333',
      'uuid-sort   ordered     1     0.750             0.500  0.000',
    ])
    expect(formatBreakdown(t, 'markdown').split('\n').slice(0, 5)).toEqual([
      '### Accuracy by family × format',
      '',
      '| family | format | docs | accuracy | self-consistency | exact |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      '| arithmetic | ordered | 1 | 1.000 | 1.000 | 1.000 |',
    ])
  })
})

describe('arbigraph report --by', () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'lt.json'), JSON.stringify(buildTransductionResults(records, run, 'test')))

  it('prints the report, then the table; with --markdown, as Markdown', async () => {
    const text = await runCli(['report', 'lt.json', '--by', 'family,format'], dir)
    expect(text.code).toBe(0)
    expect(text.out).toContain('Exact completion (Table 2)')
    expect(text.out.endsWith(formatBreakdown(table(['family', 'format']), 'text'))).toBe(true)
    const md = await runCli(['report', 'lt.json', '--by', 'budget', '--markdown'], dir)
    expect(md.out.startsWith('## Long-Transduction')).toBe(true)
    expect(md.out.endsWith(formatBreakdown(table(['budget']), 'markdown'))).toBe(true)
  })

  it('the Markdown summary adds the family × format table once a run holds two of each', async () => {
    const md = await runCli(['report', 'lt.json', '--markdown'], dir)
    expect(md.out.endsWith(`\n\n${formatBreakdown(table(['family', 'format']), 'markdown')}`)).toBe(true)
    expect(summaryBreakdowns(transduction, records).map((t) => t.title)).toEqual([
      'Accuracy by family × format',
    ])
    // One family: the table would repeat the format table, so it is left out.
    const arithmetic = records.filter((r) => r.family === 'arithmetic')
    expect(summaryBreakdowns(transduction, arithmetic)).toEqual([])
  })

  it('refuses an unknown dimension with the closest one, more than two, and a repeated one', async () => {
    const typo = await runCli(['report', 'lt.json', '--by', 'famly,format'], dir)
    expect(typo.code).toBe(2)
    expect(typo.err).toContain(
      '--by: unknown transduction dimension "famly": did you mean "family"? (known: "family", "format", "difficulty", "budget")',
    )
    const three = await runCli(['report', 'lt.json', '--by', 'family,format,budget'], dir)
    expect(three.err).toContain('--by "family,format,budget": at most 2 dimensions in one table, got 3')
    const twice = await runCli(['report', 'lt.json', '--by', 'family,family'], dir)
    expect(twice.err).toContain('--by "family,family": names "family" twice')
    const empty = await runCli(['report', 'lt.json', '--by', 'family,'], dir)
    expect(empty.err).toContain(
      '--by "family,": name one or two dimensions, comma-separated (transduction: family, format, difficulty, budget)',
    )
  })

  it('refuses --by for a benchmark that declares no dimensions, ArbiGraph included', async () => {
    expect(() => parseBreakdown('words', echo, 'out/echo.json')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_USAGE',
        message:
          '--by: echo declares no dimensions to break down by ("out/echo.json" is its results file) (see "arbigraph report --help")',
      }),
    )
    const parity = join(import.meta.dirname, '..', '..', 'fixtures', 'results-parity', 'results.json')
    const arbigraph = await runCli(['report', parity, '--by', 'topology'], dir)
    expect(arbigraph.code).toBe(2)
    expect(arbigraph.err).toContain('--by: ArbiGraph declares no dimensions to break down by')
  })
})
