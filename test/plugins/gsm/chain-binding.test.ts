import { describe, expect, test } from 'vitest'
import { bindChained, snapToDomain } from '../../../plugins/gsm/chain-binding.ts'
import { parseTemplate } from '../../../plugins/gsm/parse.ts'
import { createRng } from '../../../src/rng.ts'

describe('gsm/chain-binding', () => {
  test('step ranges snap with banker’s rounding, then clamp (possibly off the grid)', () => {
    expect(snapToDomain(42n, { kind: 'range', lo: 0n, hi: 100n, step: 4n })).toBe(40n) // 10.5 → 10
    expect(snapToDomain(46n, { kind: 'range', lo: 0n, hi: 100n, step: 4n })).toBe(48n) // 11.5 → 12
    expect(snapToDomain(42n, { kind: 'range', lo: 300000n, hi: 500000n, step: 10000n })).toBe(300000n)
    expect(snapToDomain(99n, { kind: 'range', lo: 5n, hi: 41n, step: 1n })).toBe(40n)
    expect(snapToDomain(1n, { kind: 'numbers_within', lo: 5n, hi: 10n })).toBe(5n)
    expect(snapToDomain(7n, { kind: 'frange', values: ['1.5'] })).toBe(7n)
  })
  test('binds the first candidate whose conditions can hold, and reports the offset', () => {
    const t = parseTemplate(
      'toy',
      '{a,1} and {b,2}\n#init:\n- $a = range(50, 60)\n- $b = range(0, 100)\n#conditions:\n- a > 55\n#answer: a + b',
    )
    // c = 10 snaps a to 50, which fails a > 55 every time; b takes 10 instead.
    const bound = bindChained(t, 10n, createRng('t'))
    expect('binding' in bound && bound.binding).toEqual({ name: 'b', value: 10n, offset: 0n })
    const first = bindChained(t, 58n, createRng('t'))
    expect('binding' in first && first.binding).toEqual({ name: 'a', value: 58n, offset: 0n })
  })
  test('a template without a bindable number says so', () => {
    const t = parseTemplate('toy', '{name,x}\n#init:\n- name = sample(names)\n#answer: 3')
    expect(bindChained(t, 1n, createRng('t'))).toEqual({
      reason: 'no numeric variable with a range, numbers_within or frange domain',
    })
  })
})
