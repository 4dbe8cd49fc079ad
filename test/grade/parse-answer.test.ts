import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_ANSWER_CHARS, parseAnswer } from '../../src/grade/parse-answer.ts'

const value = (text: string, mode?: 'arbigraph' | 'reference') => {
  const parsed = parseAnswer(text, mode ? { mode } : {})
  if (!parsed.ok)
    throw new Error(`expected ${JSON.stringify(text)} to parse, got ${parsed.reason}: ${parsed.message}`)
  return parsed.value
}
const failure = (text: string, mode?: 'arbigraph' | 'reference') => {
  const parsed = parseAnswer(text, mode ? { mode } : {})
  if (parsed.ok)
    throw new Error(`expected ${JSON.stringify(text)} to be refused, got ${String(parsed.value)}`)
  return parsed
}

describe('parseAnswer: Python literals (both modes)', () => {
  it('keeps integers beyond 2^53 exact', () => {
    expect(value('9007199254740993')).toBe(9007199254740993n)
    expect(value('-123456789012345678901234567890', 'reference')).toBe(-123456789012345678901234567890n)
  })

  it('keeps 3 an int and 3.0 a float', () => {
    expect(value('3')).toBe(3n)
    expect(value('3.0')).toBe(3)
    expect(typeof value('3.0')).toBe('number')
  })

  it('reads lists, nesting, exponents, hex and underscores as Python does', () => {
    expect(value('[1, 2.0, 3]')).toEqual([1n, 2, 3n])
    expect(value('[[1, 2], [3, 4]]')).toEqual([
      [1n, 2n],
      [3n, 4n],
    ])
    expect(value('5e1', 'reference')).toBe(50)
    expect(value('0x32', 'reference')).toBe(50n)
    expect(value('1_000')).toBe(1000n)
    expect(value('[0b110010, 0o62]')).toEqual([50n, 50n])
    expect(failure('0b12')).toMatchObject({ reason: 'syntax', message: expect.stringContaining('binary') })
    expect(parseAnswer('42')).toMatchObject({ ok: true, form: 'literal' })
  })

  it('refuses booleans, tuples, digit grouping and non-finite values with a reason', () => {
    expect(failure('True')).toMatchObject({ reason: 'boolean' })
    expect(failure('(1, 2)')).toMatchObject({
      reason: 'tuple',
      message: expect.stringContaining('tuple is not a list'),
    })
    expect(failure('[(1, 2)]', 'reference')).toMatchObject({ reason: 'tuple' })
    expect(failure('1,366')).toMatchObject({
      reason: 'thousands-separator',
      message: expect.stringContaining('"1,366"'),
    })
    expect(failure('1,366,000', 'reference')).toMatchObject({ reason: 'thousands-separator' })
    expect(failure('1 366')).toMatchObject({ reason: 'thousands-separator' })
    expect(failure('-inf')).toMatchObject({ reason: 'non-finite' })
    expect(failure('[1, nan]')).toMatchObject({ reason: 'non-finite' })
  })
})

describe('parseAnswer: reference mode reads literals only', () => {
  it.each(['\\frac{1}{2}', '25/2', '10**3', '2+3', '\\left[1, 2\\right]', '\u22125', '(42)'])(
    'refuses %s',
    (text) => {
      expect(parseAnswer(text, { mode: 'reference' }).ok).toBe(false)
    },
  )
})

describe('parseAnswer: arbigraph mode (LaTeX noise, exact arithmetic)', () => {
  it('strips sizing and spacing commands and math delimiters', () => {
    expect(value('\\left[1,\\ 2,\\! 3\\right]')).toEqual([1n, 2n, 3n])
    expect(value('$$\\displaystyle 42$$')).toBe(42n)
    expect(value('\\[ -7 \\]')).toBe(-7n)
    expect(value('\\lbrack 4, 5\\rbrack')).toEqual([4n, 5n])
  })

  it('reads a Unicode minus sign as a minus', () => {
    expect(value('\u22125')).toBe(-5n)
  })

  it('makes fractions exact: an integral fraction is an int, others are the nearest float', () => {
    expect(value('12/4')).toBe(3n)
    expect(value('\\frac{25}{2}')).toBe(12.5)
    expect(value('\\dfrac{\\frac{1}{2}}{\\frac{1}{4}}')).toBe(2n)
    expect(value('$-\\tfrac{3}{4}$')).toBe(-0.75)
    expect(value('[1/2, 6/3,]')).toEqual([0.5, 2n])
    expect(parseAnswer('25/2')).toMatchObject({ ok: true, form: 'expression' })
  })

  it('evaluates simple arithmetic exactly, beyond 2^53', () => {
    expect(value('2^60 + 1')).toBe(2n ** 60n + 1n)
    expect(value('10**3')).toBe(1000n)
    expect(value('3 \\times 10^{4}')).toBe(30000n)
    expect(value('1.5e3 + 1')).toBe(1501n)
    expect(value('0.1 + 0.2')).toBe(0.3)
    expect(value('(42)')).toBe(42n)
  })

  it('refuses what could change the value, naming the problem', () => {
    expect(failure('50\\%')).toMatchObject({ reason: 'unsupported', message: 'unsupported LaTeX "\\%"' })
    expect(failure('\\$1366')).toMatchObject({ reason: 'unsupported' })
    expect(failure('1366 dollars')).toMatchObject({
      reason: 'unsupported',
      message: expect.stringContaining('"d"'),
    })
    expect(failure('50 %')).toMatchObject({ reason: 'unsupported', message: expect.stringContaining('"%"') })
    expect(failure('\\text{42}')).toMatchObject({ reason: 'unsupported' })
    expect(failure('2(3)')).toMatchObject({
      reason: 'unsupported',
      message: expect.stringContaining('implicit multiplication'),
    })
    expect(failure('2^(1/2)')).toMatchObject({
      reason: 'unsupported',
      message: expect.stringContaining('integer powers'),
    })
    expect(failure('1\\,366')).toMatchObject({ reason: 'thousands-separator' })
    expect(failure('1{,}366')).toMatchObject({ reason: 'thousands-separator' })
    expect(failure('1/0')).toMatchObject({ reason: 'division-by-zero' })
    expect(failure('\\frac{1}')).toMatchObject({
      reason: 'syntax',
      message: expect.stringContaining('two braced groups'),
    })
    expect(failure('')).toMatchObject({ reason: 'syntax' })
  })
})

// Bounded by construction, so the tests check which bound refused the input (its message),
// not how long it took: timings belong to benches, not to tests on a loaded machine.
describe('parseAnswer: adversarial input is bounded', () => {
  it('refuses text over the length limit by its length alone', () => {
    expect(parseAnswer('1'.repeat(MAX_ANSWER_CHARS + 1))).toEqual({
      ok: false,
      reason: 'too-long',
      message: `answer is ${MAX_ANSWER_CHARS + 1} characters long (limit ${MAX_ANSWER_CHARS})`,
    })
  })

  it('refuses power towers and huge exponents from a size estimate, before computing them', () => {
    for (const text of ['9^9^9^9', '10^(10^100)', '2^1025', '2 * 1e-999']) {
      expect(parseAnswer(text), text).toMatchObject({
        ok: false,
        reason: 'too-large',
        message: 'power result exceeds 1024 bits',
      })
    }
    expect(parseAnswer('(2^1000)*(2^1000)')).toMatchObject({
      reason: 'too-large',
      message: 'intermediate value exceeds 1024 bits',
    })
  })

  it('reads large capped arithmetic (16 sums of 1000-bit fractions) exactly', () => {
    const sum = Array.from({ length: 9 }, (_, i) => `(${i + 2}^300/7^360)`).join('+')
    const parsed = parseAnswer(`[${Array.from({ length: 16 }, () => sum).join(', ')}]`)
    expect(parsed).toMatchObject({ ok: true, form: 'expression' })
    expect(parsed.ok && (parsed.value as number[])).toHaveLength(16)
  })

  it('reads 1e-999 as Python does (a float that underflows to 0.0)', () => {
    expect(value('1e-999')).toBe(0)
  })

  it('reads a long list of big ints exactly', () => {
    const items = Array.from({ length: 2000 }, (_, i) => `${10n ** 30n + BigInt(i)}`)
    const got = value(`[${items.join(', ')}]`)
    expect(got).toHaveLength(2000)
    expect((got as bigint[])[1999]).toBe(10n ** 30n + 1999n)
  })

  it('refuses deep nesting with a syntax reason instead of overflowing the stack', () => {
    expect(failure(`${'['.repeat(5000)}1${']'.repeat(5000)}`)).toMatchObject({
      reason: 'syntax',
      message: expect.stringContaining('nesting'),
    })
    expect(failure(`${'('.repeat(3000)}1${')'.repeat(3000)}`)).toMatchObject({ reason: 'too-long' })
  })
})

describe('parseAnswer: never throws', () => {
  it('returns a result for arbitrary text built from answer-like pieces', () => {
    const piece = fc.constantFrom(
      '1',
      '0x',
      '0b2',
      '.',
      ',',
      '[',
      ']',
      '(',
      ')',
      '/',
      '^',
      '**',
      '-',
      '\\frac',
      '{',
      '}',
      '\\left',
      'e',
      'inf',
      ' ',
      '$',
      '%',
      'True',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const parsed = parseAnswer(pieces.join(''))
        return parsed.ok ? parsed.form !== undefined : parsed.reason.length > 0
      }),
      { numRuns: 2000, seed: 11 },
    )
  })
})
