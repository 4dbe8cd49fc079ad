/**
 * The values junctions compute. A `pick` takes one element of a list; a `pack` turns scalars
 * v_0 … v_{k−1} into a 10-element list: the first 10 terms of m·v_b + (m − 1) for m = 1, 2, …,
 * with b looping inside each m, so two branches [a, b] give [a, b, 2a+1, 2b+1, 3a+2, …]. Pack
 * arithmetic is exact for ints; a float source keeps float arithmetic, as Python would.
 *
 * Reference: reference spec §7.4 step 5 (recombination) and §7.5 (pick and pack adapters).
 */
import type { Scalar, Value } from '../values.ts'

/** Length of every packed list. */
export const PACK_LENGTH = 10

/**
 * Element `index` of `list`, or a reason why there is none.
 * @example pickValue([4n, 7n], 1) // { value: 7n }
 */
export function pickValue(list: Value, index: number): { value: Scalar } | { reason: string } {
  if (!Array.isArray(list)) return { reason: 'a pick needs a list, got a scalar' }
  if (index >= list.length)
    return {
      reason: `index ${index} is out of range for a list of ${list.length} element${list.length === 1 ? '' : 's'}`,
    }
  return { value: list[index]! }
}

/** 0n … PACK_LENGTH as bigints, made once: every pack of a 10⁴-task graph needs them. */
const SMALL_BIGINTS = Array.from({ length: PACK_LENGTH + 1 }, (_, i) => BigInt(i))

/** m·v + (m − 1) in v's own arithmetic (exact bigint for ints); 1 ≤ m ≤ PACK_LENGTH. */
const term = (v: Scalar, m: number): Scalar =>
  typeof v === 'bigint' ? SMALL_BIGINTS[m]! * v + SMALL_BIGINTS[m - 1]! : m * v + (m - 1)

/**
 * The packed list of `scalars` (in slot order).
 * @example packValue([2n, 5n]) // [2n, 5n, 5n, 11n, 8n, 17n, 11n, 23n, 14n, 29n]
 */
export function packValue(scalars: readonly Scalar[]): Scalar[] {
  const out: Scalar[] = []
  for (let k = 0; k < PACK_LENGTH && scalars.length > 0; k++) {
    out.push(term(scalars[k % scalars.length]!, Math.floor(k / scalars.length) + 1))
  }
  return out
}
