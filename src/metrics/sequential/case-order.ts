/**
 * The order a suite's cases run in under the sequential gate: one seeded, uniformly random
 * permutation per suite. Every prefix of a uniformly random order is a simple random sample of
 * the suite, and the same holds for the sub-order of each cell and of each target task inside it
 * (a uniform permutation restricted to a subset is a uniform permutation of that subset), which
 * is exactly the sampling the without-replacement betting test assumes (Waudby-Smith & Ramdas
 * 2024, §6). A round-robin over tasks would balance early prefixes better but would make the
 * draws depend on their position, which that test does not model; per-task rules get their own
 * per-task streams instead. The seed is the suite's name, so a rerun sends the same cases first
 * and replays them from the response cache.
 */
import { createRng } from '../../rng.ts'

/**
 * Positions of `count` cases in the order they run: `order[k]` is the index of the k-th case.
 * @example sequentialOrder(4, 'chain/math') // e.g. [2, 0, 3, 1]
 */
export function sequentialOrder(count: number, seed: string): number[] {
  return createRng(`arbigraph:sequential-gate/${seed}`).shuffle(Array.from({ length: count }, (_, i) => i))
}
