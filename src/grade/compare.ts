/**
 * Comparing a read answer with a ground truth, with the reference grader's rules. An int ground
 * truth needs an integer-valued answer equal to it exactly: an int, or a float that is integral
 * and exactly equal (`50.0` counts for 50, `42.0000001` does not; ints get no tolerance, and a
 * big int is never rounded through a double). A float ground truth accepts any number within
 * Python's `isclose(rel_tol=1e-9, abs_tol=1e-3)`. A list ground truth needs a list of the same
 * length, compared element by element with those rules; a nested list never matches a scalar.
 * Reference: docs/research/arbigraph-reference-harness.md §4.1 (the fallback) and §4.3.
 */
import type { Mismatch } from '../contracts/grade.ts'
import type { PyValue, Scalar, Value } from '../values.ts'

export const ABS_TOL = 1e-3
export const REL_TOL = 1e-9

export type Comparison = { match: true } | { match: false; mismatch: Mismatch }

/**
 * Compares an answer with the ground truth and says how they differ.
 * @example compareAnswer(3n, 3.5) // { match: false, mismatch: 'not-integer' }
 */
export function compareAnswer(expected: Value, got: PyValue): Comparison {
  if (!Array.isArray(expected)) return Array.isArray(got) ? miss('kind') : compareScalar(expected, got)
  if (!Array.isArray(got)) return miss('kind')
  if (got.length !== expected.length) return miss('length')
  for (let i = 0; i < expected.length; i++) {
    const item = got[i]!
    const verdict = Array.isArray(item) ? miss('kind') : compareScalar(expected[i]!, item)
    if (!verdict.match) return verdict
  }
  return { match: true }
}

/**
 * True when the answer matches the ground truth (see compareAnswer).
 * @example answerMatches(42n, 42.0) // true; answerMatches([1n, 2n], [1n, 2n, 3n]) // false
 */
export const answerMatches = (expected: Value, got: PyValue): boolean => compareAnswer(expected, got).match

function compareScalar(expected: Scalar, got: Scalar): Comparison {
  if (typeof expected === 'bigint') {
    if (typeof got === 'bigint') return got === expected ? { match: true } : miss('value')
    if (!Number.isInteger(got)) return miss('not-integer')
    // BigInt(got) is exact for an integral double, so 2^53 + 1 never equals 2^53.
    return BigInt(got) === expected ? { match: true } : miss('value')
  }
  return isClose(Number(got), expected) ? { match: true } : miss('value')
}

/** Python's math.isclose with the grader's tolerances. */
function isClose(a: number, b: number): boolean {
  if (a === b) return true
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false
  return Math.abs(a - b) <= Math.max(REL_TOL * Math.max(Math.abs(a), Math.abs(b)), ABS_TOL)
}

const miss = (mismatch: Mismatch): Comparison => ({ match: false, mismatch })
