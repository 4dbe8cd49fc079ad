/**
 * list → list math tasks on plain sequences: linear convolution with a random kernel, the
 * Walsh–Hadamard, number-theoretic and subset-zeta transforms, and the sort by divisor count.
 *
 * Reference: reference spec §4.1 (task_id 0, 1, 5, 8, 9) and §6.4 (seq2 is drawn after
 * preprocessing, one randint(−5, 5) per element of the preprocessed list).
 */
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { pyRepr } from '../../../src/values.ts'
import { abs, divisorCount } from '../number-theory.ts'
import { intListParam, intParam } from '../params.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'
import { convolve, fwht, ntt, nttModulus, subsetZeta } from '../transforms.ts'

/**
 * Linear convolution of the list with a random kernel seq2 of L values in [−5, 5].
 * @example convolution.solve([1n, 2n], { seq2: [3n, 4n] }, 'list') // [3n, 10n, 8n]
 */
export const convolution: TaskTemplate = mathTask({
  id: 'Convolution',
  referenceName: 'ConvolutionTask',
  summary: 'Full linear convolution with a random kernel of small integers.',
  output: 'list',
  input: listInput(),
  params: (list, rng) => ({ seq2: list.map(() => BigInt(rng.int(-5, 5))) }),
  solve: (list, params) => convolve(ints(list), intListParam(params, 'seq2')),
  text: ({ n, arg, out, params }) =>
    [
      `Define seq2_${n} = ${pyRepr(params.seq2!)}.`,
      `Compute the full linear (discrete) convolution of ${arg} and seq2_${n}: for t = 0, 1, ..., len(${arg}) + len(seq2_${n}) - 2, ` +
        `element t is the sum of ${arg}[i] * seq2_${n}[j] over all index pairs with i + j = t. Call the resulting list ${out}.`,
    ].join('\n'),
})

/**
 * Unnormalized Walsh–Hadamard transform (input padded to a power of two).
 * @example fwhtTask.solve([1n, 2n, 3n], {}, 'list') // [6n, 2n, 0n, -4n]
 */
export const fwhtTask: TaskTemplate = mathTask({
  id: 'FWHT',
  referenceName: 'FWHTTask',
  summary: 'Unnormalized Walsh–Hadamard transform in natural (Sylvester) order.',
  output: 'list',
  input: listInput({ pow2: true }),
  solve: (list) => fwht(ints(list)),
  text: ({ arg, out }) =>
    [
      `Write ${arg} = [a_0, a_1, ..., a_{N-1}], where N is its length.`,
      `Take the Walsh-Hadamard transform without normalization, in natural (Sylvester) order: for j = 0, 1, ..., N-1,`,
      `H_j = sum over k = 0..N-1 of (-1) ** popcount(j & k) * a_k, where & is bitwise AND and popcount(m) is the number of 1 bits of m.`,
      `Call the list [H_0, H_1, ..., H_{N-1}] ${out}.`,
    ].join('\n'),
})

/**
 * Number-theoretic transform; p is derived from the padded length and printed.
 * @example nttTask.solve([1n, 2n], { p: 3n }, 'list') // [0n, 2n]
 */
export const nttTask: TaskTemplate = mathTask({
  id: 'NTT',
  referenceName: 'NTTTask',
  summary: 'Number-theoretic transform modulo the smallest prime m·N + 1.',
  output: 'list',
  input: listInput({ pow2: true }),
  // Derived, not drawn: printed so a record's prompt carries everything solve reads.
  params: (list) => ({ p: nttModulus(list.length) }),
  solve: (list, params) => ntt(ints(list), intParam(params, 'p')),
  text: ({ arg, out, params }) =>
    [
      `Write ${arg} = [a_0, a_1, ..., a_{N-1}], where N is its length, and let p = ${pyRepr(params.p!)}.`,
      `Work modulo p. Let g be the smallest primitive root modulo p and omega = g ** ((p - 1) / N) mod p; N divides p - 1, so omega has order exactly N modulo p.`,
      `For j = 0, 1, ..., N-1 let A_j = (sum over k = 0..N-1 of a_k * omega ** (j * k)) mod p, taken as its least non-negative residue (between 0 and p - 1).`,
      `Call the list [A_0, A_1, ..., A_{N-1}] ${out}.`,
    ].join('\n'),
})

/** Divisor count of |x|, with 0 counted as having none. */
const divisorKey = (x: bigint): bigint => (x === 0n ? 0n : divisorCount(abs(x)))

/**
 * Stable sort by d(|x|), with 0 counted as having no divisors.
 * @example sortByDivisorCount.solve([12n, 0n, 7n], {}, 'list') // [0n, 7n, 12n]
 */
export const sortByDivisorCount: TaskTemplate = mathTask({
  id: 'SortByDivisorCount',
  referenceName: 'SortByDivisorCountTask',
  summary: 'Stable sort by the number of divisors of the absolute value.',
  output: 'list',
  input: listInput(),
  solve: (list) => {
    const keyed = ints(list).map((x) => ({ x, key: divisorKey(x) }))
    // Array.prototype.sort is stable (ES2019), which the tie rule requires.
    return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ x }) => x)
  },
  text: ({ arg, out }) =>
    `Reorder ${arg} by the number of positive divisors of the absolute value of each element, fewest first; an element equal to 0 counts as having 0 divisors. ` +
    `Elements with the same count keep their original relative order (a stable sort). Call the reordered list ${out}.`,
})

/**
 * Subset-sum (zeta) transform over bitmasks (input padded to a power of two).
 * @example subsetZetaTransform.solve([1n, 2n, 3n, 4n], {}, 'list') // [1n, 3n, 4n, 10n]
 */
export const subsetZetaTransform: TaskTemplate = mathTask({
  id: 'SubsetZetaTransform',
  referenceName: 'SubsetZetaTransformTask',
  summary: 'Subset-sum (zeta) transform over bitmasks.',
  output: 'list',
  input: listInput({ pow2: true }),
  solve: (list) => subsetZeta(ints(list)),
  text: ({ arg, out }) =>
    [
      `The length N of ${arg} is a power of two; number its positions by the bitmasks S = 0, 1, ..., N-1.`,
      `For each S let B[S] be the sum of ${arg}[T] over every bitmask T that is a subset of S, meaning each 1 bit of T is also set in S (equivalently T & S = T, with & the bitwise AND).`,
      `Call the list [B[0], B[1], ..., B[N-1]], in increasing order of S, ${out}.`,
    ].join('\n'),
})
