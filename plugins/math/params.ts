/**
 * Typed reads of a math task's parameters. `solve` recomputes from the parameters a record
 * carries (never redraws), and those may come from a file, so each read checks the shape and
 * names the parameter when it is wrong.
 */
import type { Params } from '../../src/contracts/template.ts'
import { ArbigraphError } from '../../src/errors.ts'
import type { PyValue } from '../../src/values.ts'
import { pyRepr } from '../../src/values.ts'

function bad(name: string, expected: string, value: PyValue | undefined): never {
  const got = value === undefined ? 'nothing' : `"${pyRepr(value).slice(0, 60)}"`
  throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `math params.${name}: expected ${expected}, got ${got}`)
}

/**
 * An integer parameter.
 * @example intParam({ p: 17n }, 'p') // 17n
 */
export function intParam(params: Params, name: string): bigint {
  const value = params[name]
  return typeof value === 'bigint' ? value : bad(name, 'an integer', value)
}

/**
 * A size parameter: an integer in [1, max], as a JS number.
 * @example sizeParam({ rows: 3n }, 'rows') // 3
 */
export function sizeParam(params: Params, name: string, max = 16): number {
  const value = params[name]
  if (typeof value !== 'bigint' || value < 1n || value > BigInt(max))
    return bad(name, `an integer in [1, ${max}]`, value)
  return Number(value)
}

/** A list whose elements are all bigints (a loop: every solve checks its parameters). */
function isIntList(value: PyValue | undefined): value is bigint[] {
  if (!Array.isArray(value)) return false
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'bigint') return false
  return true
}

/**
 * A flat list of integers.
 * @example intListParam({ seq2: [1n, -2n] }, 'seq2') // [1n, -2n]
 */
export function intListParam(params: Params, name: string): bigint[] {
  const value = params[name]
  if (!isIntList(value)) return bad(name, 'a list of integers', value)
  return value
}

/**
 * A non-empty rectangular matrix of integers (rows of equal length).
 * @example intMatrixParam({ M2: [[1n, 2n]] }, 'M2') // [[1n, 2n]]
 */
export function intMatrixParam(params: Params, name: string): bigint[][] {
  const value = params[name]
  if (!Array.isArray(value) || value.length === 0) return bad(name, 'a rectangular matrix of integers', value)
  const width = Array.isArray(value[0]) ? value[0].length : -1
  for (let i = 0; i < value.length; i++) {
    const row = value[i]!
    if (!isIntList(row) || row.length !== width) return bad(name, 'a rectangular matrix of integers', value)
  }
  return value as bigint[][]
}
