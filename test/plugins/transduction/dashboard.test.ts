/**
 * Long-Transduction's dashboard block, in Node: the stored alignment marks exactly the records
 * scoring counts wrong, the document view says where the output went wrong, and the pages carry
 * the report's figures for whatever ran (one budget and an infrastructure error here).
 */
import { describe, expect, it } from 'vitest'
import { transduction } from '../../../plugins/transduction/benchmark.ts'
import { documentDetail, documentView } from '../../../plugins/transduction/dashboard/document-view.ts'
import { meanBand, transductionPages } from '../../../plugins/transduction/dashboard/pages.ts'
import { generateDocument } from '../../../plugins/transduction/generate-document.ts'
import { families, formatsOf } from '../../../plugins/transduction/grid.ts'
import { summarizeTransduction } from '../../../plugins/transduction/metrics/summarize-transduction.ts'
import { scoreDocument } from '../../../plugins/transduction/score.ts'
import {
  transductionInfraRecord,
  transductionRecord,
} from '../../../plugins/transduction/suite/score-record.ts'
import type { DashboardSection } from '../../../src/contracts/dashboard.ts'
import { benchmarkTab } from '../../../src/dashboard/benchmark-view.ts'
import { createRng } from '../../../src/rng.ts'
import { noisyTransductionText } from '../../../src/sim/personas/transduction.ts'

const documents = families.flatMap((family) =>
  formatsOf(family).map((format) =>
    generateDocument({ family, format, level: 1, budget: '4K', sample: 0 }, 'dash'),
  ),
)
const outputOf = (text: string, i: number) => noisyTransductionText(text, createRng(`o${i}`), 2)
const outcome = (content: string) => ({
  status: 'completed' as const,
  content,
  promptTokens: 1,
  completionTokens: 1,
  latencyMs: 1,
})

describe('the document view', () => {
  it('marks as wrong exactly the records scoring counts wrong, in every family and format', () => {
    let wrongSeen = 0
    for (const [i, doc] of documents.entries()) {
      const output = outputOf(doc.expectedText, i)
      const wrong = scoreDocument(doc, output)
        .correct.map((ok, k) => (ok ? -1 : k))
        .filter((k) => k >= 0)
      expect(
        documentDetail(doc, output).mismatches.map(([k]) => k),
        doc.id,
      ).toEqual(wrong)
      expect(documentDetail(doc, doc.expectedText).mismatches).toEqual([])
      if (wrong.length > 0) wrongSeen++
    }
    expect(wrongSeen).toBeGreaterThan(6) // the noisy outputs do go wrong
  })

  it('says where the output went wrong, aligns it, and shows the prompt and output', () => {
    const doc = documents[0]!
    const output = outputOf(doc.expectedText, 0)
    const record = transductionRecord(doc, 'sim:noisy', outcome(output))
    const detail = documentDetail(doc, output)
    const blocks = documentView(record, JSON.parse(JSON.stringify(detail)))
    const byId = new Map(blocks.map((b) => [b.id, b]))
    const first = detail.mismatches[0]![0]
    expect(JSON.stringify(byId.get('lt-lost'))).toContain(
      `The first wrong record is #${first + 1} of ${doc.records.length}`,
    )
    const aligned = byId.get('lt-aligned') as Extract<(typeof blocks)[number], { kind: 'aligned' }>
    expect(aligned.rows.filter((r) => !r.ok)).toHaveLength(
      record.score!.counts.records - record.score!.counts.correct,
    )
    expect(byId.get('lt-prompt')).toMatchObject({ kind: 'text', text: doc.prompt })
    expect(byId.get('lt-output')).toMatchObject({ kind: 'text', text: output })
    // Without stored details (or with another's): facts and curves, no alignment.
    const bare = documentView(record, { something: 'else' })
    expect(bare.some((b) => b.kind === 'aligned')).toBe(false)
    expect(JSON.stringify(bare.find((b) => b.id === 'lt-lost'))).toContain(
      'first position bin with a wrong record',
    )
  })
})

describe('the pages', () => {
  const records = [
    ...documents.map((doc, i) =>
      transductionRecord(doc, 'sim:noisy', outcome(outputOf(doc.expectedText, i))),
    ),
    transductionInfraRecord(
      {
        documentId: 'table/kv/L3/4K/s0',
        family: 'table',
        format: 'kv',
        level: 3,
        budget: '4K',
        sample: 0,
        seed: 'dash',
      },
      'HTTP 503',
      { model: 'sim:noisy', latencyMs: 0 },
    ),
  ]
  const pages = transductionPages(records)
  const section = (page: number, id: string) =>
    pages[page]!.sections.find((s) => s.id === id) as DashboardSection

  it('heads the overview with the report’s figures, each with its band', () => {
    const summary = summarizeTransduction(records)
    const kpis = section(0, 'lt-kpis') as Extract<DashboardSection, { kind: 'kpis' }>
    const value = (id: string) => kpis.items.find((k) => k.id === id)!
    expect(value('accuracy').value).toBe(summary.overall!.accuracy)
    expect(value('consistency').value).toBe(summary.overall!.consistency)
    expect(value('exact').value).toBe(summary.overall!.exactCompletion)
    expect(value('infra').value).toBe(1)
    expect(value('accuracy').band).toEqual(meanBand(summary.overall!.accuracy, 12))
    const [low, high] = value('accuracy').band!
    expect(low).toBeLessThan(summary.overall!.accuracy)
    expect(high).toBeGreaterThan(summary.overall!.accuracy)
  })

  it('draws the figures for the one budget and level that ran', () => {
    expect(pages.map((p) => p.id)).toEqual(['overview', 'figures'])
    expect(section(1, 'fig-2a')).toMatchObject({ x: ['4K'] })
    expect(section(1, 'fig-3')).toMatchObject({ categories: expect.arrayContaining(['table · kv']) })
    expect((section(1, 'fig-3') as { categories: string[] }).categories).toHaveLength(12)
    expect(section(1, 'fig-4-table')).toMatchObject({ x: ['L1'] })
    const table2 = section(1, 'table-2') as Extract<DashboardSection, { kind: 'table' }>
    expect(table2.headers).toEqual(['variant', 'L1', 'total'])
    const exact = records.filter((r) => r.score?.exact).length
    const total = table2.rows.map((r) => Number(r.at(-1)!.split('/')[0])).reduce((a, b) => a + b, 0)
    expect(total).toBe(exact)
  })

  it('is an overview alone while nothing is scored', () => {
    expect(transductionPages([records.at(-1)!]).map((p) => p.id)).toEqual(['overview'])
  })

  it('names each document by its id and cell in the tab, in any order; a repeated id is told apart', () => {
    const tab = benchmarkTab(transduction, records, { chunkSize: 100 })
    expect(tab.cases.ids).toEqual(records.map((r) => r.documentId))
    expect(tab.cases.cells).toEqual(records.map((r) => `${r.family}/${r.budget}`))
    const reversed = benchmarkTab(transduction, [...records].reverse(), { chunkSize: 100 })
    expect(reversed.cases.ids).toEqual([...tab.cases.ids].reverse())
    const twice = benchmarkTab(transduction, [records[0]!, records[0]!], { chunkSize: 100 })
    expect(twice.cases.ids).toEqual([records[0]!.documentId, `${records[0]!.documentId}~2`])
  })

  it('links each budget of the overview, and each heatmap cell of the figures, to its documents', () => {
    const bars = section(0, 'lt-by-budget-chart')
    expect(bars.kind === 'bars' && bars.links).toEqual([{ budget: '4K' }])
    const table = section(0, 'lt-by-budget')
    expect(table.kind === 'table' && table.links).toEqual([{ budget: '4K' }])
    const heatmap = section(1, 'fig-8-budgets')
    if (heatmap.kind !== 'heatmap') throw new Error('fig-8-budgets is not a heatmap')
    // Row r, column c of the heatmap opens the family, format and budget it shows.
    expect(heatmap.links!.map((row) => row.map((l) => `${l!.family} · ${l!.format}`))).toEqual(
      heatmap.rows.map((row) => heatmap.columns.map(() => row)),
    )
  })
})
