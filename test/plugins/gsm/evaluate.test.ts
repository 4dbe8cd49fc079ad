import { describe, expect, test } from 'vitest'
import { answerValue, evaluate } from '../../../plugins/gsm/evaluate.ts'
import { parseExpression } from '../../../plugins/gsm/expression.ts'
import { rat } from '../../../plugins/gsm/numbers.ts'

const run = (src: string, vars: Record<string, unknown> = {}, mode: 'exact' | 'python' = 'exact') =>
  evaluate(parseExpression(src), new Map(Object.entries(vars)) as never, mode)

describe('gsm/evaluate', () => {
  test('exact mode keeps rationals: 50 * (1/10 + 1) is exactly 55', () => {
    expect(answerValue(run('n * (mult + 1)', { n: 50n, mult: rat(1n, 10n) }))).toBe(55n)
  })
  test('python mode reproduces float drift: 50 * (0.1 + 1) is 55.00000000000001', () => {
    expect(answerValue(run('n * (mult + 1)', { n: 50n, mult: 0.1 }, 'python'))).toBe(55.00000000000001)
  })
  test('int / int is a float in python mode and a rational in exact mode', () => {
    expect(run('7 / 2', {}, 'python')).toBe(3.5)
    expect(run('7 / 2')).toEqual(rat(7n, 2n))
  })
  test('floor division and modulo follow Python signs', () => {
    expect(run('-7 // 2')).toBe(-4n)
    expect(run('-7 % 3')).toBe(2n)
    expect(run('7 % -3')).toBe(-2n)
  })
  test('round is banker’s rounding; int truncates', () => {
    expect(run('round(2.5)')).toBe(2n)
    expect(run('round(3.5)')).toBe(4n)
    expect(run('int(-2.7)')).toBe(-2n)
  })
  test('helpers: is_int, divides, Fraction, min, max, abs, math.floor', () => {
    expect(run('is_int(n * p / 100)', { n: 80n, p: 20n })).toBe(true)
    expect(run('is_int(n * p / 100)', { n: 81n, p: 20n })).toBe(false)
    expect(run('divides(12, 4) and not divides(12, 5) and not divides(3, 0)')).toBe(true)
    expect(run('Fraction(1, 3) + Fraction(2, 3) == 1')).toBe(true)
    expect(run('max(3, 9, 4) - min([5, 2]) + abs(-1) + math.floor(7 / 2)')).toBe(11n)
  })
  test('chained comparisons, conditional expressions, in, and display subscripts', () => {
    expect(run('1 < x <= 3', { x: 3n })).toBe(true)
    expect(run('7 if unit == "week" else 30', { unit: 'week' })).toBe(7n)
    expect(run('(u1, u2) in [("feet", "yards"), ("meters", "meters")]', { u1: 'feet', u2: 'yards' })).toBe(
      true,
    )
    // A display value's [1] is the value itself, as the reference's wrapper behaves.
    expect(run('frac[1] * 6', { frac: rat(1n, 3n) })).toEqual(rat(2n))
  })
  test('unknown names and functions are errors, and nothing reaches a host eval', () => {
    expect(() => run('process.exit(1)')).toThrow('unknown function process.exit')
    expect(() => run('__import__("os")')).toThrow('unknown function __import__')
    expect(() => run('x + 1')).toThrow('name "x" is not defined')
    expect(() => run('2 ** 100000')).toThrow('too large')
  })
  test('a non-numeric answer is rejected', () => {
    expect(() => answerValue('abc')).toThrow('not a number')
  })
})
