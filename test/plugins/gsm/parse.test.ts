import { describe, expect, test } from 'vitest'
import { parseDomain } from '../../../plugins/gsm/domains.ts'
import { countOperations, parseExpression } from '../../../plugins/gsm/expression.ts'
import { parseTemplate } from '../../../plugins/gsm/parse.ts'
import { ArbigraphError } from '../../../src/errors.ts'

const TEXT = [
  '{name,Ann} packs {n, 3} boxes of {k,12} eggs and {m,twice} as many cartons.',
  '',
  '#init:',
  '- name = sample(names)',
  '- $n = range(2, 20)',
  '- $k = range(6, 30, 6)',
  '- $m = sample(multi_times)',
  '',
  '#conditions:',
  '- n * k < 200',
  '',
  '#answer: n * k - 5',
].join('\n')

describe('gsm/parse', () => {
  test('reads question, placeholders (with spaces), inits, conditions and answer', () => {
    const t = parseTemplate('toy', TEXT)
    expect(t.placeholders).toEqual(['name', 'n', 'k', 'm'])
    expect(t.inits.map((s) => [s.names, s.numeric, s.domain.kind])).toEqual([
      [['name'], false, 'sample'],
      [['n'], true, 'range'],
      [['k'], true, 'range'],
      [['m'], true, 'sample'],
    ])
    expect(t.conditions.map((c) => c.source)).toEqual(['n * k < 200'])
    expect(t.answer.source).toBe('n * k - 5')
  })
  test('a template without #answer is an error naming it', () => {
    const error = (() => {
      try {
        parseTemplate('0013', '{x,1}\n#init:\n- $x = range(1, 3)\n#answer = x')
      } catch (e) {
        return e as ArbigraphError
      }
    })()
    expect(error).toBeInstanceOf(ArbigraphError)
    expect(error?.code).toBe('ARBIGRAPH_BAD_INPUT')
    expect(error?.message).toContain('GSM template "0013": no "#answer:" line')
  })
  test('domains: every form the public templates use', () => {
    expect(parseDomain('range(50, 200)')).toEqual({ kind: 'range', lo: 50n, hi: 200n, step: 1n })
    expect(parseDomain('numbers_within(5, 10)')).toEqual({ kind: 'numbers_within', lo: 5n, hi: 10n })
    const f = parseDomain('fix_floats(np.arange(1.26, 3.53, 0.33))')
    expect(f.kind === 'frange' && f.values).toEqual(['1.26', '1.59', '1.92', '2.25', '2.58', '2.91', '3.24'])
    const s = parseDomain('sample(multiple_ice+multi_times)')
    expect(s.kind === 'sample' && s.items.length).toBe(12)
    const inline = parseDomain('sample(["a", "b", "c"], 2)')
    expect(inline.kind === 'sample' && [inline.items, inline.count]).toEqual([['a', 'b', 'c'], 2])
    const pairs = parseDomain('sample([("d6", 6), ("d8", 8)] * 3)')
    expect(pairs.kind === 'sample' && pairs.items.length).toBe(6)
    expect(parseDomain('sample_sequential(weekdays, 3)')).toMatchObject({
      kind: 'sample',
      sequential: true,
      count: 3,
    })
    expect(parseDomain('12')).toMatchObject({ kind: 'literal', value: { text: '12', value: 12n } })
    expect(parseDomain('np.arange(12, 20, 0.25)')).toMatchObject({ kind: 'unsupported' })
    expect(parseDomain('sample(nope)')).toMatchObject({
      kind: 'unsupported',
      reason: expect.stringContaining('unknown table "nope"'),
    })
  })
  test('operation count: binary operators plus two-argument Fraction calls', () => {
    expect(countOperations(parseExpression('d * (n * (100 - p) / 100)'))).toBe(4)
    expect(countOperations(parseExpression('int(Fraction(a, b) + c)'))).toBe(2)
  })
})
