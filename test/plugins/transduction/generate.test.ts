import { describe, expect, it } from 'vitest'
import {
  generateDocument,
  generateTransduction,
  gridPoints,
  kvActiveKeys,
  parseTransductionJsonl,
  partialDerangement,
  scoreDocument,
  transductionDocumentSchema,
  transductionDocuments,
} from '../../../plugins/transduction/index.ts'
import { createRng } from '../../../src/rng.ts'

describe('grid', () => {
  it('has 1,440 documents, 240 per budget', () => {
    const points = gridPoints()
    expect(points.length).toBe(1440)
    expect(points.filter((p) => p.budget === '128K').length).toBe(240)
  })
})

describe('generated documents (4K and 8K grid)', () => {
  const docs = generateTransduction({ budgets: ['4K', '8K'], samples: 1 }, 'g')

  it('are valid, within ±3 % of their budget, and the oracle output scores 1', () => {
    for (const doc of docs) {
      expect(transductionDocumentSchema.safeParse(doc).success).toBe(true)
      expect(Math.abs(doc.inputTokens + doc.outputTokens - doc.budgetTokens)).toBeLessThanOrEqual(
        0.03 * doc.budgetTokens,
      )
      const score = scoreDocument(doc, doc.expectedText)
      expect([score.accuracy, score.consistency, score.exact]).toEqual([1, 1, true])
      expect(doc.prompt).toContain('Do not think.')
    }
  })

  it('regenerate alone, byte-identical, and differ by seed', () => {
    const one = docs[17]!
    const point = {
      family: one.family,
      format: one.format,
      level: one.level,
      budget: one.budget,
      sample: one.sample,
    }
    expect(generateDocument(point, 'g')).toEqual(one)
    expect(generateDocument(point, 'h').prompt).not.toBe(one.prompt)
  })

  it('shuffled documents list IDs out of order and expect them ascending', () => {
    const doc = docs.find((d) => d.format === 'shuffled')!
    const inputIds = [...doc.prompt.split('Records:\n')[1]!.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]))
    expect(inputIds.length).toBe(doc.records.length)
    expect(inputIds).not.toEqual([...inputIds].sort((a, b) => a - b))
    expect(doc.expectedText.split('\n').map((line) => Number(/^\[(\d+)\]/.exec(line)![1]))).toEqual(
      inputIds.sort((a, b) => a - b),
    )
  })

  it('round-trip through JSONL and a bad line names its field', () => {
    const text = docs
      .slice(0, 3)
      .map((d) => JSON.stringify(d))
      .join('\n')
    expect(parseTransductionJsonl(text, 'd.jsonl').length).toBe(3)
    const bad = JSON.stringify({ ...docs[0], family: 'poetry' })
    expect(() => parseTransductionJsonl(bad, 'd.jsonl')).toThrow(/d\.jsonl:1: family/)
  })
})

describe('table helpers', () => {
  it('partial derangement moves the chosen share and nothing stays in place among them', () => {
    const perm = partialDerangement(createRng(1), 10, 0.4)
    expect([...perm].sort((a, b) => a - b)).toEqual([...Array(10).keys()])
    expect(perm.filter((v, i) => v !== i).length).toBe(4)
    expect(partialDerangement(createRng(2), 7, 1).every((v, i) => v !== i)).toBe(true)
  })
  it('KV active keys follow the documented progression', () => {
    expect([0, 1, 2, 3].map((l) => kvActiveKeys(l as 0, '4K'))).toEqual([2, 4, 8, 16])
    expect(kvActiveKeys(3, '128K')).toBe(64)
    expect(kvActiveKeys(0, '16K')).toBe(4)
  })
})

describe('transductionDocuments (the stream the generate command writes)', () => {
  const selection = { budgets: ['4K'], samples: 2 } as const
  const expected = generateTransduction(selection, 'w')

  it('hands on every document in grid order, on one thread and on several', async () => {
    // 96 documents on 3 threads: chunks of 4, at most 6 out at a time, so most wait their turn.
    for (const workers of [1, 3]) {
      const docs = []
      for await (const doc of transductionDocuments(selection, 'w', { workers })) docs.push(doc)
      expect(docs.map((d) => d.id)).toEqual(expected.map((d) => d.id))
      expect(JSON.stringify(docs)).toBe(JSON.stringify(expected))
    }
  })

  it('stops its worker threads when the reader stops early', async () => {
    const first = []
    for await (const doc of transductionDocuments(selection, 'w', { workers: 2 })) {
      first.push(doc)
      if (first.length === 5) break
    }
    expect(first).toEqual(expected.slice(0, 5))
  })
})
