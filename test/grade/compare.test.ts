import { describe, expect, it } from 'vitest'
import { answerMatches, compareAnswer } from '../../src/grade/compare.ts'

describe('compareAnswer: int ground truth', () => {
  it('accepts the exact int and an exactly integral float (3 and 3.0 for 3)', () => {
    expect(answerMatches(3n, 3n)).toBe(true)
    expect(answerMatches(3n, 3)).toBe(true)
    expect(answerMatches(42n, 42.0)).toBe(true)
  })

  it('integer targets reject 3.0000001, 42.9 and -3.8 (no tolerance)', () => {
    expect(compareAnswer(3n, 3.0000001)).toEqual({ match: false, mismatch: 'not-integer' })
    expect(answerMatches(42n, 42.9)).toBe(false)
    expect(answerMatches(-3n, -3.8)).toBe(false)
    expect(compareAnswer(3n, 4n)).toEqual({ match: false, mismatch: 'value' })
  })

  it('compares big ints beyond 2^53 exactly, never through a double', () => {
    const big = 2n ** 53n + 1n
    expect(answerMatches(big, big)).toBe(true)
    expect(answerMatches(big, 2n ** 53n)).toBe(false)
    // 2^53 + 1 is not a double; the float 2^53 must not be accepted for it.
    expect(answerMatches(big, 2 ** 53)).toBe(false)
    expect(answerMatches(2n ** 53n, 2 ** 53)).toBe(true)
    expect(answerMatches(10n ** 30n + 7n, 10n ** 30n + 7n)).toBe(true)
  })

  it('rejects non-finite floats and lists for a scalar', () => {
    expect(compareAnswer(1n, Number.NaN)).toEqual({ match: false, mismatch: 'not-integer' })
    expect(compareAnswer(1n, [1n])).toEqual({ match: false, mismatch: 'kind' })
  })
})

describe('compareAnswer: float ground truth', () => {
  it('accepts within abs_tol 1e-3 and rejects beyond', () => {
    expect(answerMatches(0.5, 0.5009)).toBe(true)
    expect(answerMatches(0.5, 0.5011)).toBe(false)
    expect(answerMatches(2.0, 2n)).toBe(true)
  })

  // Python: math.isclose(0.001, 0.0, rel_tol=1e-9, abs_tol=1e-3) is True (the bound is
  // inclusive), and the next double above 0.001 is False.
  it('includes the 1e-3 boundary itself and nothing beyond it, as Python does', () => {
    expect(Math.abs(0.001 - 0)).toBe(1e-3)
    expect(answerMatches(0.0, 0.001)).toBe(true)
    expect(answerMatches(0.0, -0.001)).toBe(true)
    expect(answerMatches(0.001, 0n)).toBe(true)
    expect(compareAnswer(0.0, 0.0010000000000000002)).toEqual({ match: false, mismatch: 'value' })
    expect(answerMatches(-0.001, 0.0000000000000002)).toBe(false)
  })

  it('never accepts inf, -inf or nan for a float target, at any size', () => {
    for (const target of [0.5, -2.25, 1e300, -1e300, 0.0]) {
      for (const got of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
        expect(compareAnswer(target, got), `${got} for ${target}`).toEqual({
          match: false,
          mismatch: 'value',
        })
        expect(answerMatches([1n, target], [1n, got]), `[1, ${got}] for [1, ${target}]`).toBe(false)
      }
    }
    // An int too large for a double reads as inf through Number(); it must not match either.
    expect(answerMatches(1e300, 10n ** 400n)).toBe(false)
  })

  it('uses the relative tolerance for large values', () => {
    expect(answerMatches(1e10, 1e10 + 5)).toBe(true)
    expect(answerMatches(1e10, 1e10 + 20)).toBe(false)
  })
})

describe('compareAnswer: lists', () => {
  it('accepts [1, 2.0, 3] for [1, 2, 3] and rejects [1.9, 2.0] for [1, 2]', () => {
    expect(answerMatches([1n, 2n, 3n], [1n, 2, 3n])).toBe(true)
    expect(answerMatches([1n, 2n], [1.9, 2])).toBe(false)
  })

  it('rejects lists of a different length, a scalar, and a nested list', () => {
    expect(compareAnswer([1n, 2n], [1n, 2n, 3n])).toEqual({ match: false, mismatch: 'length' })
    expect(compareAnswer([1n, 2n], [1n])).toEqual({ match: false, mismatch: 'length' })
    expect(compareAnswer([1n], 1n)).toEqual({ match: false, mismatch: 'kind' })
    expect(
      compareAnswer(
        [1n, 2n, 3n, 4n],
        [
          [1n, 2n],
          [3n, 4n],
        ],
      ),
    ).toEqual({ match: false, mismatch: 'length' })
    expect(compareAnswer([1n, 2n], [[1n], 2n])).toEqual({ match: false, mismatch: 'kind' })
  })

  it('accepts empty lists for an empty ground truth', () => {
    expect(answerMatches([], [])).toBe(true)
  })
})
