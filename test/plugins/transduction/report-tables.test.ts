import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { summarizeTransduction } from '../../../plugins/transduction/metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../../../plugins/transduction/record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../../plugins/transduction/report/build-results.ts'
import { formatTransductionMarkdown } from '../../../plugins/transduction/report/format-markdown.ts'
import { formatTransductionText, sparkline } from '../../../plugins/transduction/report/format-text.ts'
import { decodeTransductionResults } from '../../../plugins/transduction/results.ts'
import { runCli, tempDir } from '../../cli/run-cli.ts'

const bins = (first: number, last: number) =>
  Array.from({ length: 20 }, (_, i) => first + ((last - first) * i) / 19)

function record(
  family: TransductionRecord['family'],
  format: TransductionRecord['format'],
  budget: TransductionRecord['budget'],
  accuracy: number,
  sample = 0,
): TransductionRecord {
  return {
    schema: TRANSDUCTION_RECORD_SCHEMA,
    documentId: `${family}/${format}/L0/${budget}/s${sample}`,
    family,
    format,
    level: 0,
    budget,
    sample,
    seed: '0',
    model: 'sim:noisy',
    outcome: 'completed',
    score: {
      accuracy,
      consistency: 1,
      exact: accuracy === 1,
      positions: { accuracy: bins(1, accuracy), consistency: bins(1, 1) },
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

const infra: TransductionRecord = {
  ...record('table', 'kv', '8K', 0),
  documentId: 'table/kv/L0/8K/s0',
  outcome: null,
  score: null,
  infraError: { reason: 'HTTP 503' },
}

// Two arithmetic/plain documents at 4K (1 and 0.5) form one cell: macro = 0.75, then averaged
// with the uuid-sort cell (1.0) at equal weight = 0.875, not the document mean 0.833.
const records = [
  record('arithmetic', 'plain', '4K', 1),
  record('arithmetic', 'plain', '4K', 0.5, 1),
  record('uuid-sort', 'ordered', '4K', 1),
  record('arithmetic', 'plain', '8K', 0.25),
  record('uuid-sort', 'ordered', '8K', 0.75),
  infra,
]

const run = {
  started: '2026-01-01T00:00:00.000Z',
  finished: '2026-01-01T00:01:00.000Z',
  reason: 'passed' as const,
  shard: null,
  merged: false,
  env: {},
}

describe('transduction summary', () => {
  it('macro-averages cells per budget and counts exact completion per family (Table 2)', () => {
    const s = summarizeTransduction(records)
    expect(s).toMatchObject({ documents: 6, scored: 5, infraErrors: 1 })
    expect(s.byBudget.map((l) => [l.group, l.documents, l.accuracy])).toEqual([
      ['4K', 3, 0.875],
      ['8K', 2, 0.5],
    ])
    expect(s.exactCompletion.map((l) => [l.budget, l.total.complete, l.total.documents])).toEqual([
      ['4K', 2, 3],
      ['8K', 0, 2],
      ['all', 2, 5],
    ])
    expect(s.exactCompletion[0]!.families).toEqual({
      arithmetic: { complete: 1, documents: 2, rate: 0.5 },
      'uuid-sort': { complete: 1, documents: 1, rate: 1 },
    })
    expect(s.positions.find((c) => c.group === '8K')!.accuracy.at(-1)).toBe(0.5)
  })

  it('prints the budget, format, difficulty and Table 2 tables and the position sparklines', () => {
    const text = formatTransductionText(summarizeTransduction(records), 'sim:noisy')
    expect(text).toContain('SIMULATED')
    expect(text).toContain('6 documents: 5 scored, 1 infrastructure errors')
    expect(text).toMatch(
      /Accuracy by budget \(Fig\. 2a\)\nbudget\s+docs\s+accuracy\s+self-consistency\s+exact\n4K\s+3\s+0\.875/,
    )
    expect(text).toMatch(/Accuracy by difficulty \(Fig\. 4\)\nlevel.*\nL0\s+5/)
    expect(text).toMatch(/budget\s+arithmetic\s+uuid-sort\s+total\s+rate\n4K\s+1\/2\s+1\/1\s+2\/3\s+0\.667/)
    expect(text).toMatch(/8K\s+accuracy █{2}.*▅ 1\.00→0\.50\s+self-consistency █{20} 1\.00→1\.00/)
  })

  it('writes the same figures as Markdown, curves as a 20-column table', () => {
    const md = formatTransductionMarkdown(summarizeTransduction(records), 'm')
    expect(md).toContain('| 4K | 3 | 0.875 | 1.000 | 0.667 |')
    expect(md).toContain('| 4K | 1/2 | 1/1 | 2/3 | 0.667 |')
    const curve = md.split('\n').find((line) => line.startsWith('| 8K | accuracy'))!
    expect(curve.split('|').length - 2).toBe(22)
    expect(md).not.toContain('SIMULATED')
  })

  it('shows no tables when nothing was scored', () => {
    const text = formatTransductionText(summarizeTransduction([infra]), 'm')
    expect(text).toContain('0 scored, 1 infrastructure errors')
    expect(text).not.toContain('Accuracy by budget')
  })

  it('draws sparklines from ▁ to █ with a blank for an empty bin', () => {
    expect(sparkline([0, 0.5, 1, null])).toBe('▁▅█ ')
  })
})

describe('transduction results file', () => {
  const results = buildTransductionResults(records, run, 'test')

  it('round-trips through JSON with its summary checked against the records', () => {
    const decoded = decodeTransductionResults(JSON.stringify(results), 'lt.json')
    expect(decoded.records).toHaveLength(6)
    expect(decoded.model).toBe('sim:noisy')
    expect(decoded.simulated).toBe(true)
  })

  it('rejects a summary that disagrees with the records, and duplicate documents', () => {
    const edited = { ...results, records: results.records.slice(1) }
    expect(() => decodeTransductionResults(JSON.stringify(edited), 'lt.json')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_INPUT',
        message: expect.stringContaining('lt.json: summary: does not match'),
      }),
    )
    const { summary: _, ...bare } = { ...results, records: [...records, records[0]!] }
    expect(() => decodeTransductionResults(JSON.stringify(bare), 'lt.json')).toThrow(
      'records[6].documentId: duplicate document "arithmetic/plain/L0/4K/s0"',
    )
  })

  it('rejects a record with both a score and an infrastructure error', () => {
    const bad = { ...results, records: [{ ...records[0]!, infraError: { reason: 'x' } }], summary: undefined }
    expect(() => decodeTransductionResults(JSON.stringify(bad), 'lt.json')).toThrow(
      'records[0].score: exactly one of "score" and "infraError" must be set',
    )
  })

  it('is reported by `arbigraph report`, recomputed from its records; ArbiGraph-only flags are usage errors', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'lt.json'), JSON.stringify(results))
    const text = await runCli(['report', 'lt.json'], dir)
    expect(text.code).toBe(0)
    expect(text.out).toContain('Exact completion (Table 2)')
    const md = await runCli(['report', 'lt.json', '--markdown'], dir)
    expect(md.out).toContain('| 8K | 2 | 0.500 |')
    const gate = await runCli(['report', 'lt.json', '--by-task'], dir)
    expect(gate.code).toBe(2)
    expect(gate.err).toContain('--by-task applies to ArbiGraph results')
  })
})
