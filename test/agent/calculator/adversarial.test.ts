import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calculate,
  createWorkMeter,
  MAX_CALL_MS,
  MAX_WORK,
  runCalculator,
} from '../../../src/agent/calculator/index.ts'

const rep = (s: string, n: number, sep = '') => Array.from({ length: n }, () => s).join(sep)

// Each must come back as an `Error: …` text within the work budget (a deterministic count of
// 64-bit word products, the same on any machine under any load). The first two stall the
// reference's loop.
const ADVERSARIAL: [string, string, string][] = [
  ['9**9**9**9', '9**9**9**9', 'integer result too large'],
  ['10**10**10', '10**10**10', 'integer result too large'],
  ['2**2**2**2**2**2', '2**2**2**2**2**2', 'integer result too large'],
  ['(-1)**10**100 * 10**10**10', '(-1)**10**100 * 10**10**10', 'integer result too large'],
  ['factorial(10**100)', 'factorial(10**100)', 'integer result too large'],
  ['comb(10**4000, 10**3999)', 'comb(10**4000, 10**3999)', 'integer result too large'],
  ['pow(3, 10**4000, 10**4000+7)', 'pow(3, 10**4000, 10**4000+7)', 'too much work'],
  ['gcd of 16k-bit ints', 'gcd(3**10000, 2**16000+1)', 'too much work'],
  ['mul/div chain', `(7**2900)${rep('*(7**2900)//(7**2900)', 300)}`, 'too much work'],
  ['pow chain', rep('7**5800%3', 200, '+'), 'too much work'],
  ['print limit', '10**4300', 'more than 4300 digits'],
  ['round(5, -10**100)', 'round(5, -10**100) + 1/0', 'division by zero'],
  ['deep parentheses', `${rep('(', 150)}1${rep(')', 150)}`, 'nested more than 100 levels'],
  ['deep unary', `${rep('-', 500)}1`, 'nested more than 100 levels'],
  ['deep calls', `${rep('abs(', 120)}1${rep(')', 120)}`, 'nested more than 100 levels'],
  ['token flood', `${rep('1+', 4999)}1`, 'more than 4096 tokens'],
  ['huge string', 'x'.repeat(1_000_000), 'characters long (limit 10000)'],
  ['huge literal', '9'.repeat(9_999), 'digits (limit 4300)'],
  ['huge hex literal', `0x${'f'.repeat(9_000)}`, 'integer result too large'],
  ['name', '__import__', 'names are not supported'],
  ['call with a string', "__import__('os').system('ls')", 'strings are not supported'],
  ['call', 'exec(1)', "unknown function 'exec'"],
  ['attribute', '(1).__class__', "unexpected '.'"],
  ['unicode digits', '１２３+٤', 'only ASCII is accepted'],
  ['unicode operator', '6 ÷ 2', "write '/' instead"],
  ['emoji', '🙂', 'non-ASCII character'],
  ['lone surrogate', '1+\ud800', 'non-ASCII character'],
  ['control char', '1\u0000+2', 'unexpected character'],
]

describe('calculate › adversarial inputs', () => {
  it.each(ADVERSARIAL)('%s answers with an error within the work budget', (_name, expr, fragment) => {
    const meter = createWorkMeter()
    const text = calculate(expr, meter)
    expect(text.startsWith('Error: ')).toBe(true)
    expect(text).toContain(fragment)
    expect(meter.used).toBeLessThanOrEqual(MAX_WORK)
    // Results that would be too large are refused from a size estimate, before the work (a long
    // literal is read first, and charged for).
    if (fragment === 'integer result too large' && !expr.startsWith('0x'))
      expect(meter.used).toBeLessThan(MAX_WORK / 20)
  })

  it('bounds a whole call by one work budget (64 costly expressions)', () => {
    const meter = createWorkMeter()
    const text = runCalculator(
      { expressions: Array.from({ length: 64 }, () => 'pow(3, 2**1023+1, 2**1024-1)') },
      meter,
    )
    expect(text).toContain('too much work')
    expect(text).toMatch(/^\{"results": \["\d+"/) // the first ones still fit the budget
    expect(meter.used).toBeGreaterThan(MAX_WORK * 0.9)
    expect(meter.used).toBeLessThanOrEqual(MAX_WORK)
  })

  it('keeps a wall-clock deadline only as a backstop, read from the clock it is given', () => {
    // A clock that advances 100 ms per reading: the deadline passes after a few charges.
    let ms = 0
    const meter = createWorkMeter({ now: () => (ms += 100) })
    const text = runCalculator({ expressions: Array.from({ length: 64 }, () => '2**4000 * 3**3000') }, meter)
    expect(text).toContain(`Error: calculation took longer than ${MAX_CALL_MS} ms`)
    expect(meter.used).toBeLessThan(MAX_WORK)
    // With a real clock the same call is decided by the work budget alone.
    expect(runCalculator({ expressions: ['2**4000 * 3**3000'] })).toMatch(/^\{"results": \["\d+"\]\}$/)
  })
})

describe('calculate › never throws', () => {
  const ALPHABET = [
    '0',
    '1',
    '7',
    '9',
    '.',
    'e',
    '+',
    '-',
    '*',
    '/',
    '%',
    '(',
    ')',
    ',',
    ' ',
    '_',
    'x',
    'j',
    'abs',
    'pow',
    'math.',
    '**',
    '//',
  ]
  it('turns arbitrary strings into a string result', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(typeof calculate(text)).toBe('string')
      }),
      { numRuns: 500, seed: 1 },
    )
  })

  it('turns random operator soup into a result or an Error text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 60 }), (parts) => {
        const text = calculate(parts.join(''))
        expect(typeof text).toBe('string')
        expect(text).not.toContain('internal calculator failure')
      }),
      { numRuns: 2000, seed: 2 },
    )
  })
})

interface VectorFile {
  vectors: [expr: string, want: string, approx?: number][]
}

// Generated by python3 (scratch/calc/gen_vectors.py, Python 3.11): str(result) or `Error: <msg>`.
const vectorFile: VectorFile = JSON.parse(
  readFileSync(new URL('../../fixtures/calculator/python-vectors.json', import.meta.url), 'utf8'),
)

describe('calculate › agrees with Python on 2,000 random expressions', () => {
  it('matches exactly, except an ulp-level float difference after a fractional power', () => {
    const mismatches: string[] = []
    let approximate = 0
    for (const [expr, want, approx] of vectorFile.vectors) {
      const got = calculate(expr)
      if (got === want) continue
      // JavaScript's pow is not correctly rounded for fractional exponents; glibc's is.
      const close = Math.abs(Number(got) - Number(want)) <= 1e-14 * Math.abs(Number(want))
      if (approx === 1 && close) approximate++
      else mismatches.push(`${expr}: want ${want}, got ${got}`)
    }
    expect(vectorFile.vectors.length).toBe(2000)
    expect(mismatches).toEqual([])
    expect(approximate).toBeLessThan(20)
  })
})
