/**
 * Permutations read off a list: the stable argsort π (indices sorted by (value, index)), its
 * inversion count and its order (lcm of cycle lengths).
 *
 * Reference: reference spec §4.2 (task_id 16, 17).
 */
import { gcd } from './number-theory.ts'

/**
 * Indices 0..L−1 sorted by (a_i, i).
 * @example stableArgsort([30n, 10n, 20n, 10n]) // [1, 3, 2, 0]
 */
export function stableArgsort(a: readonly bigint[]): number[] {
  const indices: number[] = []
  for (let i = 0; i < a.length; i++) indices.push(i)
  return indices.sort((i, j) => (a[i]! < a[j]! ? -1 : a[i]! > a[j]! ? 1 : i - j))
}

/**
 * Number of pairs r < s with π_r > π_s.
 * @example inversions([2, 0, 1]) // 2n
 */
export function inversions(perm: readonly number[]): bigint {
  // Each row's count is below the length, exact in a number; the total is summed in bigint.
  let count = 0n
  for (let r = 0; r < perm.length; r++) {
    let row = 0
    for (let s = r + 1; s < perm.length; s++) if (perm[r]! > perm[s]!) row++
    if (row > 0) count += BigInt(row)
  }
  return count
}

/**
 * Order of the permutation r ↦ π_r: the lcm of its cycle lengths (1 for the empty permutation).
 * @example permutationOrder([1, 0, 3, 4, 2]) // 6n
 */
export function permutationOrder(perm: readonly number[]): bigint {
  const seen = new Array<boolean>(perm.length).fill(false)
  let order = 1n
  for (let start = 0; start < perm.length; start++) {
    let length = 0
    for (let r = start; !seen[r]; r = perm[r]!) {
      seen[r] = true
      length++
    }
    if (length > 1) {
      const cycle = BigInt(length)
      order = (order / gcd(order, cycle)) * cycle
    }
  }
  return order
}
