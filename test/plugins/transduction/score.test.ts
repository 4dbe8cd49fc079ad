import { describe, expect, it } from 'vitest'
import type { TransductionDocument } from '../../../plugins/transduction/index.ts'
import { outputLines, scoreDocument } from '../../../plugins/transduction/index.ts'

const base = {
  level: 0 as const,
  difficulty: 2,
  budget: '4K' as const,
  budgetTokens: 4000,
  sample: 0,
  seed: '0',
  prompt: 'p',
  inputTokens: 0,
  outputTokens: 0,
}
const arithmetic = (format: 'ordered' | 'shuffled' | 'plain'): TransductionDocument => ({
  ...base,
  id: `arithmetic/${format}`,
  family: 'arithmetic',
  format,
  numbered: format !== 'plain',
  records: ['5+6=11', '2+4-1=5', '4+8-3+2=11', '7-9=-2'],
  expectedText: '',
})

describe('whitespace rules', () => {
  it('drops blank and fence lines, trims ends, keeps inner text', () => {
    expect(outputLines('```text\n  [1] 5+6=11  \r\n\n\t[2] 2 + 4\r```')).toEqual(['[1] 5+6=11', '[2] 2 + 4'])
  })
  it('inner whitespace is significant, the space after [ID] is not', () => {
    const doc = arithmetic('ordered')
    const score = scoreDocument(doc, '[1]5+6=11\n[2] 2+4-1 = 5\n[3]   4+8-3+2=11\n[4] 7-9=-2')
    expect(score.correct).toEqual([true, false, true, true])
  })
})

describe('numbered streams', () => {
  it('a missing ID is a localized zero', () => {
    const score = scoreDocument(arithmetic('ordered'), '[1] 5+6=11\n[3] 4+8-3+2=11\n[4] 7-9=-2')
    expect(score.correct).toEqual([true, false, true, true])
    expect(score.missing).toBe(1)
    expect(score.accuracy).toBe(0.75)
    expect(score.exact).toBe(false)
  })
  it('of duplicate IDs the first counts, and duplicates are counted', () => {
    const score = scoreDocument(
      arithmetic('ordered'),
      '[1] 5+6=12\n[1] 5+6=11\n[2] 2+4-1=5\n[2] 2+4-1=5\n[3] 4+8-3+2=11\n[4] 7-9=-2',
    )
    expect(score.correct).toEqual([false, true, true, true])
    expect(score.duplicates).toBe(2)
  })
  it('extra lines (unknown IDs, no ID) change nothing else', () => {
    const score = scoreDocument(
      arithmetic('ordered'),
      'Here you go:\n[1] 5+6=11\n[2] 2+4-1=5\n[9] 1+1=2\n[3] 4+8-3+2=11\n[4] 7-9=-2',
    )
    expect(score.accuracy).toBe(1)
    expect(score.exact).toBe(true)
    expect(score.extra).toBe(1)
    expect(score.unparsed).toBe(1)
  })
  it('reordered output in the shuffled format is scored by ID and the disorder counted', () => {
    const score = scoreDocument(arithmetic('shuffled'), '[3] 4+8-3+2=11\n[1] 5+6=11\n[4] 7-9=-2\n[2] 2+4-1=5')
    expect(score.accuracy).toBe(1)
    expect(score.orderViolations).toBe(2)
  })
})

describe('unnumbered streams', () => {
  it('one omission shifts every later match (cascade)', () => {
    const score = scoreDocument(arithmetic('plain'), '5+6=11\n4+8-3+2=11\n7-9=-2')
    expect(score.correct).toEqual([true, false, false, false])
    expect(score.missing).toBe(1)
  })
  it('a duplicate line shifts later matches, and surplus lines are extras', () => {
    const score = scoreDocument(arithmetic('plain'), '5+6=11\n5+6=11\n2+4-1=5\n4+8-3+2=11\n7-9=-2')
    expect(score.correct).toEqual([true, false, false, false])
    expect(score.extra).toBe(1)
  })
})

describe('self-consistency versus correctness', () => {
  it('arithmetic: a right equation for the wrong record is consistent but not correct', () => {
    const score = scoreDocument(arithmetic('ordered'), '[1] 2+4-1=5\n[2] 2+4-1=6\n[3] 4+8-3+2=11')
    expect(score.correct).toEqual([false, false, true, false])
    expect(score.consistent).toEqual([true, false, true, false])
    expect(score.consistency).toBe(0.5)
  })
  it('uuid: a sorted list of other ids is consistent; an unsorted one is not', () => {
    const doc: TransductionDocument = {
      ...base,
      id: 'u',
      family: 'uuid-sort',
      format: 'plain',
      numbered: false,
      records: ['0a,ff', '01,02'],
      expectedText: '',
    }
    const score = scoreDocument(doc, '0b,fe\n02,01')
    expect(score.correct).toEqual([false, false])
    expect(score.consistent).toEqual([true, false])
  })
  it('lookup: defined words are consistent, invented ones are not', () => {
    const doc: TransductionDocument = {
      ...base,
      id: 'l',
      family: 'variable-lookup',
      format: 'ordered',
      numbered: true,
      records: ['quick fox', 'calm fox'],
      definedWords: ['quick', 'fox', 'calm'],
      expectedText: '',
    }
    const score = scoreDocument(doc, '[1] fox quick\n[2] calm wolf')
    expect(score.correct).toEqual([false, false])
    expect(score.consistent).toEqual([true, false])
  })
  it('table: cells match by row position and field; malformed rows are not consistent', () => {
    const doc: TransductionDocument = {
      ...base,
      id: 't',
      family: 'table',
      format: 'homogeneous',
      numbered: false,
      table: { rows: 2, cols: 2 },
      records: ['1', '2', '3', '4'],
      expectedText: ',[C1],[C0]\n[R1],1,2\n[R0],3,4',
    }
    expect(scoreDocument(doc, doc.expectedText).exact).toBe(true)
    const score = scoreDocument(doc, ',[C1],[C0]\n[R1], 1 ,9\n[R0],3,4,5')
    expect(score.correct).toEqual([true, false, true, true])
    expect(score.consistent).toEqual([true, true, false, false])
    const noHeader = scoreDocument(doc, '[R0],3,4')
    expect(noHeader.correct).toEqual([false, false, false, false])
    expect(noHeader.missing).toBe(2)
  })
})
