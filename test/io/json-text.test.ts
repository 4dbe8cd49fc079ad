import { describe, expect, it } from 'vitest'
import { escapeJsonText } from '../../src/io/json-text.ts'
import { createRng } from '../../src/rng.ts'
import { type PyValue, pyRepr } from '../../src/values.ts'

/** Characters around every boundary of what JSON.stringify escapes, and some it does not. */
const EDGES = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ' ',
  '!',
  '"',
  '#',
  '[',
  '\\',
  ']',
  '~',
  '\u007f',
  '\u0080',
  'é',
  '≡',
  '\u2028',
  '\u2029',
  '\ud7ff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ue000',
  '\ud83d\ude00',
  '\uffff',
]

describe('escapeJsonText', () => {
  it('gives JSON.stringify’s characters for every edge character alone and in text', () => {
    for (const c of EDGES) {
      for (const text of [c, `ab${c}`, `${c}cd`, `x\n${c}\ny`]) {
        expect(escapeJsonText(text)).toBe(JSON.stringify(text).slice(1, -1))
      }
    }
  })

  it('gives JSON.stringify’s characters for seeded prompt-like texts (seeded)', () => {
    const rng = createRng('json-text')
    const common = ['task_3_out', ' = ', '\n', '[1, -2, 3]', 'x ≡ 3 (mod 7); ', 'Task 12:\n']
    for (let round = 0; round < 2000; round++) {
      let text = ''
      const pieces = rng.int(0, 12)
      for (let i = 0; i < pieces; i++)
        text += rng.below(6) === 0 ? EDGES[rng.below(EDGES.length)]! : common[rng.below(common.length)]!
      expect(escapeJsonText(text)).toBe(JSON.stringify(text).slice(1, -1))
    }
  })
})

describe('pyRepr', () => {
  it('never writes a character JSON escapes, so the writer quotes it as it is (seeded)', () => {
    const rng = createRng('repr-json')
    const floats = [0, -0, 1.5, -2.25, 1e16, 1e-7, 123456789.125, Number.NaN, Infinity, -Infinity]
    const scalar = (): PyValue =>
      rng.below(3) === 0 ? floats[rng.below(floats.length)]! : rng.bigint(-(2n ** 80n), 2n ** 80n)
    const value = (depth: number): PyValue =>
      depth > 2 || rng.below(3) === 0
        ? scalar()
        : Array.from({ length: rng.int(0, 4) }, () => value(depth + 1))
    for (let round = 0; round < 2000; round++) {
      const repr = pyRepr(value(0))
      expect(JSON.stringify(repr)).toBe(`"${repr}"`)
    }
  })
})
