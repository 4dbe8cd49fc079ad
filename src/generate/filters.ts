/**
 * Usability filters: the rejection rules that decide whether a generated output is worth asking
 * about. A degenerate answer (0, ±1, a constant list, 0..n−1) is too easy to guess, and a huge
 * one is too long to type. Each rule returns a reason instead of a bare boolean, so a sample that
 * keeps failing reports why.
 *
 * Reference: reference spec §5 (`bad_output` of dataset_utils for the shared filter, and the
 * filter of generate_baseline.py).
 */
import type { FilterName } from '../contracts/topology.ts'
import type { PyValue, Scalar, Value } from '../values.ts'
import { scalarsEqual, valuesEqual } from '../values.ts'

const LIMIT = 10_000_000_000n
const LIMIT_FLOAT = 1e10

/** |v| ≥ 1e10, exactly for ints (a bigint never goes through a float here). */
const tooLarge = (v: Scalar): boolean =>
  typeof v === 'bigint' ? v >= LIMIT || v <= -LIMIT : Math.abs(v) >= LIMIT_FLOAT

/** 0, 1 or −1 in Python's numeric sense (so `1.0` counts). */
const isTrivial = (v: Scalar): boolean =>
  typeof v === 'bigint' ? v === 0n || v === 1n || v === -1n : v === 0 || v === 1 || v === -1

/** Python's `==` on two numbers, with NaN equal to itself (as a Map key under SameValueZero). */
const sameNumber = (a: Scalar, b: Scalar): boolean =>
  scalarsEqual(a, b) || (Number.isNaN(a) && Number.isNaN(b))

/** Python `[…] == list(range(start, start + n))`. */
function isRun(list: readonly Scalar[], start: number): boolean {
  for (let i = 0; i < list.length; i++) if (!sameNumber(list[i]!, BigInt(start + i))) return false
  return true
}

/**
 * How often the majority element occurs (more than half the positions), or 0 when there is none:
 * the only count a rule needs. Boyer–Moore's vote finds the one candidate in a pass and a second
 * pass counts it, about 2n comparisons where counting every element took up to n²/2 (outputs are
 * judged by the thousand, mostly before the code is compiled).
 */
function majorityCount(list: readonly Scalar[]): number {
  let candidate: Scalar = 0n
  let votes = 0
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!
    if (votes === 0) {
      candidate = x
      votes = 1
    } else if (sameNumber(candidate, x)) votes++
    else votes--
  }
  let count = 0
  for (let i = 0; i < list.length; i++) if (sameNumber(candidate, list[i]!)) count++
  return count > list.length / 2 ? count : 0
}

/** The list rules both filters share: majority element and the two counting patterns. */
function listShapeReason(list: readonly Scalar[]): string | undefined {
  const top = majorityCount(list)
  if (top > 0) return `one element fills ${top} of ${list.length} positions`
  if (isRun(list, 0)) return 'the list is 0, 1, …, n−1'
  if (isRun(list, 1)) return 'the list is 1, 2, …, n'
  return undefined
}

/**
 * Why the shared filter rejects `value`, or `undefined` when it is usable. List element sizes are
 * not checked, as in the reference (only the baseline checks them).
 * @example unusableReason([3n, 3n, 3n]) // 'one element fills 3 of 3 positions'
 */
export function unusableReason(value: Value): string | undefined {
  if (Array.isArray(value)) {
    if (value.length <= 1) return `the list has ${value.length} element${value.length === 1 ? '' : 's'}`
    return listShapeReason(value)
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return `the value ${value} is not finite`
  if (isTrivial(value)) return `the value is ${value}`
  if (tooLarge(value)) return 'the value has |v| ≥ 1e10'
  return undefined
}

/**
 * The shared filter (reference spec §5.1): true when `value` must be resampled.
 * @example unusable(1n) // true; unusable([4n, -2n, 9n]) // false
 */
export const unusable = (value: Value): boolean => unusableReason(value) !== undefined

/** Any scalar, at any depth, with |x| ≥ 1e10 or not finite. */
function hasLargeScalar(value: PyValue): boolean {
  if (Array.isArray(value)) return value.some(hasLargeScalar)
  return tooLarge(value) || (typeof value === 'number' && !Number.isFinite(value))
}

/**
 * Why the baseline filter (reference spec §5.2) rejects `output` computed from `input`. Unlike
 * the shared filter it checks list elements for size and rejects an output equal to its raw input;
 * unlike the reference it also rejects NaN, which Python's `abs(nan) >= 1e10` lets through.
 * @example baselineReason([5n, 7n], [5n, 7n]) // 'the output equals the raw input'
 */
export function baselineReason(output: Value, input: Value): string | undefined {
  if (Array.isArray(output) && output.length <= 1)
    return `the list has ${output.length} element${output.length === 1 ? '' : 's'}`
  if (!Array.isArray(output) && isTrivial(output)) return `the value is ${output}`
  if (valuesEqual(output, input)) return 'the output equals the raw input'
  if (hasLargeScalar(output)) return 'a value has |x| ≥ 1e10 or is not finite'
  if (Array.isArray(output)) return listShapeReason(output)
  return undefined
}

/**
 * The rejection reason of the filter a topology selects (`defaults.filter`), or `undefined`.
 * @example rejectionReason('shared', 0n, 5n) // 'the value is 0'
 */
export function rejectionReason(filter: FilterName, output: Value, input: Value): string | undefined {
  return filter === 'baseline' ? baselineReason(output, input) : unusableReason(output)
}
