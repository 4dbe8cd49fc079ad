/**
 * list → scalar math tasks on plain sequences: the doubled convex-hull area of (i, list[i]), the
 * sum of pairwise gcds, and the inversion count and order of the stable argsort permutation.
 *
 * Reference: reference spec §4.2 (task_id 10, 15, 16, 17).
 */
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { doubledHullArea } from '../geometry.ts'
import { sumPairwiseGcd } from '../number-theory.ts'
import { inversions, permutationOrder, stableArgsort } from '../permutation.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'

/**
 * Twice the convex-hull area of the points (i, list[i]).
 * @example convexHullArea.solve([0n, 2n, 0n], {}, 'list') // 4n
 */
export const convexHullArea: TaskTemplate = mathTask({
  id: 'ConvexHullArea',
  referenceName: 'ConvexHullAreaTask',
  summary: 'Twice the area of the convex hull of the points (i, list[i]).',
  output: 'scalar',
  input: listInput(),
  solve: (list) => doubledHullArea(ints(list).map((y, i) => [BigInt(i), y] as const)),
  text: ({ n, arg, out }) =>
    [
      `Read ${arg} as the plane points (i, ${arg}[i]) for i = 0, 1, 2, ...: the index is the x-coordinate and the element the y-coordinate.`,
      `Let A_${n} be the area of the convex hull of these points, with A_${n} = 0 if there are fewer than 3 points or all of them lie on one line. Call 2 * A_${n} ${out}.`,
    ].join('\n'),
})

/**
 * Sum of gcd(|a_i|, |a_j|) over all pairs i < j.
 * @example pairwiseGcdSum.solve([4n, 6n, 0n], {}, 'list') // 12n
 */
export const pairwiseGcdSum: TaskTemplate = mathTask({
  id: 'PairwiseGcdSum',
  referenceName: 'PairwiseGcdSumTask',
  summary: 'Sum of gcds over all pairs of elements.',
  output: 'scalar',
  input: listInput({ abs: true }),
  solve: (list) => sumPairwiseGcd(ints(list)),
  text: ({ arg, out }) =>
    `For every pair of positions i < j of ${arg}, take gcd(|${arg}[i]|, |${arg}[j]|), with gcd(0, 0) = 0 and gcd(0, v) = v. Call the sum of all these gcds ${out}.`,
})

/** Sentences defining pi_n, the stable argsort of the list, shared by the two permutation tasks. */
const argsortWords = (n: number, arg: string): string[] => [
  `Write ${arg} = [a_0, a_1, ..., a_{N-1}], where N is its length.`,
  `Let pi_${n} = [pi_0, pi_1, ..., pi_{N-1}] be the indices 0, 1, ..., N-1 sorted in ascending order of the pair (a_i, i): by value, and for equal values the smaller index first.`,
]

/**
 * Inversions of the stable argsort permutation.
 * @example permutationInversions.solve([3n, 2n, 1n], {}, 'list') // 3n
 */
export const permutationInversions: TaskTemplate = mathTask({
  id: 'PermutationInversions',
  referenceName: 'PermutationInversionsTask',
  summary: 'Inversion count of the stable argsort permutation.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => inversions(stableArgsort(ints(list))),
  text: ({ n, arg, out }) =>
    [
      ...argsortWords(n, arg),
      `Count the inversions of pi_${n}, the pairs (r, s) with 0 <= r < s < N and pi_r > pi_s, and call the count ${out}.`,
    ].join('\n'),
})

/**
 * Order of the stable argsort permutation.
 * @example permutationOrderTask.solve([2n, 3n, 1n], {}, 'list') // 3n
 */
export const permutationOrderTask: TaskTemplate = mathTask({
  id: 'PermutationOrder',
  referenceName: 'PermutationOrderTask',
  summary: 'Order of the stable argsort permutation.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => permutationOrder(stableArgsort(ints(list))),
  text: ({ n, arg, out }) =>
    [
      ...argsortWords(n, arg),
      `Read pi_${n} as the permutation of {0, 1, ..., N-1} that sends r to pi_r.`,
      `Call its order, the smallest m >= 1 such that applying pi_${n} m times gives the identity (1 when N = 0), ${out}.`,
    ].join('\n'),
})
