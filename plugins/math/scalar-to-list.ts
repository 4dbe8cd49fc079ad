/**
 * The ten scalar → list math operators (reference task_id 20–29), in canonical order. Each reads
 * n = (|round(v)| mod 100) + offset and builds a list of exact integers from it; no task draws
 * random parameters.
 *
 * Reference: ArbiGraph `tasks/math_task/math_task.py` (see research spec §4.3 for the exact
 * definitions, reproduced on every released ground truth).
 */
import type { TaskTemplate } from '../../src/contracts/template.ts'
import {
  divisorCount,
  nthPrime,
  primeRange,
  primesUpTo,
  smallestPrimeFactor,
  squaresModulo,
  totient,
} from './number-theory.ts'
import { scalarInput } from './preprocess.ts'
import { mathTask } from './task.ts'

/** [f(1), f(2), …, f(n)]. */
const oneTo = (n: bigint, f: (i: bigint) => bigint): bigint[] => {
  const out: bigint[] = []
  for (let i = 1n; i <= n; i++) out.push(f(i))
  return out
}

/** Exponent of the prime p in C(2n, n), by Legendre's formula for factorials. */
function centralBinomialExponent(n: bigint, p: bigint): bigint {
  let e = 0n
  for (let q = p; q <= 2n * n; q *= p) e += (2n * n) / q - 2n * (n / q)
  return e
}

/**
 * For each prime p ≤ 2n: p·(e_p + 1), where e_p is the exponent of p in C(2n, n).
 * @example centralBinomialPrimeValuationVector.solve(-50n, {}, 'scalar') // [6n, 15n, 10n, …] (37 primes ≤ 160)
 */
export const centralBinomialPrimeValuationVector = mathTask({
  id: 'CentralBinomialPrimeValuationVector',
  referenceName: 'CentralBinomialPrimeValuationVectorTask',
  summary: 'p·(e_p + 1) for every prime p ≤ 2n, e_p the exponent of p in C(2n, n)',
  output: 'list',
  input: scalarInput({ add: 30 }),
  answerPerInput: true,
  solve: (n) => primesUpTo(2n * n).map((p) => p * (centralBinomialExponent(n, p) + 1n)),
  text: ({ arg, out }) =>
    [
      `Consider every prime p with p <= 2*${arg}. For such a p, let e_p be the sum, taken over all integers j >= 1 with p**j <= 2*${arg}, of floor(2*${arg} / p**j) - 2*floor(${arg} / p**j) (this is the power of p dividing the binomial coefficient C(2*${arg}, ${arg})).`,
      `Form the list of the numbers p * (e_p + 1), ordered by increasing p, and call this list ${out}.`,
    ].join('\n'),
})

/**
 * Gray codes of n+1 … 2n as decimal integers: x XOR floor(x/2).
 * @example grayCodeSequence.solve(2n, {}, 'scalar') // [6n, 7n, 5n]
 */
export const grayCodeSequence = mathTask({
  id: 'GrayCodeSequence',
  referenceName: 'GrayCodeSequenceTask',
  summary: 'Reflected binary Gray code of i + n for i = 1..n, as decimal integers',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => oneTo(n, (i) => (i + n) ^ ((i + n) >> 1n)),
  text: ({ arg, out }) =>
    [
      `For i = 1, 2, ..., ${arg}, take x = i + ${arg} and compute its reflected binary Gray code g(x) = x XOR floor(x / 2), where XOR is the bitwise exclusive or.`,
      `Write each g(x) as an ordinary decimal integer (not as a string of bits), keep the order of i, and call this list ${out}.`,
    ].join('\n'),
})

/**
 * (i·n) mod p_n for i = 1..n, where p_n is the n-th prime.
 * @example modularMultiplicationSequence.solve(2n, {}, 'scalar') // p_3 = 5: [3n, 1n, 4n]
 */
export const modularMultiplicationSequence = mathTask({
  id: 'ModularMultiplicationSequence',
  referenceName: 'ModularMultiplicationSequenceTask',
  summary: '(i·n) mod p_n for i = 1..n',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => {
    const p = nthPrime(n)
    return oneTo(n, (i) => (i * n) % p)
  },
  text: ({ arg, out }) =>
    [
      `Let q be the ${arg}-th prime number, counting 2 as the 1st prime.`,
      `For i = 1, 2, ..., ${arg}, compute the remainder of i * ${arg} divided by q. Keep the order of i and call this list ${out}.`,
    ].join('\n'),
})

/**
 * Diagonal counts (i+n)(i+n−3)/2 of convex (i+n)-gons, i = 1..n.
 * @example polygonDiagonalsSequence.solve(0n, {}, 'scalar') // n = 3: [2n, 5n, 9n]
 */
export const polygonDiagonalsSequence = mathTask({
  id: 'PolygonDiagonalsSequence',
  referenceName: 'PolygonDiagonalsSequenceTask',
  summary: 'Number of diagonals of a convex (i + n)-gon for i = 1..n',
  output: 'list',
  input: scalarInput({ add: 3 }),
  answerPerInput: true,
  solve: (n) => oneTo(n, (i) => ((i + n) * (i + n - 3n)) / 2n),
  text: ({ arg, out }) =>
    `For i = 1, 2, ..., ${arg}, count the diagonals of a convex polygon that has i + ${arg} vertices. Keep the order of i and call this list ${out}.`,
})

/**
 * The primes strictly between n² and (n+1)².
 * @example primesBetweenSquares.solve(2n, {}, 'scalar') // n = 3: [11n, 13n]
 */
export const primesBetweenSquares = mathTask({
  id: 'PrimesBetweenSquares',
  referenceName: 'PrimesBetweenSquaresTask',
  summary: 'Primes q with n² < q < (n + 1)², ascending',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => primeRange(n * n + 1n, (n + 1n) * (n + 1n)),
  text: ({ arg, out }) =>
    `Collect every prime q with ${arg}**2 < q < (${arg} + 1)**2 (both bounds excluded), sort them from smallest to largest and call this list ${out}.`,
})

/**
 * The distinct squares modulo p = p_n, 0 included, ascending.
 * @example quadraticResiduesPrime.solve(3n, {}, 'scalar') // p = 7: [0n, 1n, 2n, 4n]
 */
export const quadraticResiduesPrime = mathTask({
  id: 'QuadraticResiduesPrime',
  referenceName: 'QuadraticResiduesPrimeTask',
  summary: 'Sorted distinct values of x² mod p_n, including 0',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => {
    const squares = squaresModulo(nthPrime(n))
    const out: bigint[] = []
    for (let r = 0; r < squares.length; r++) if (squares[r] === 1) out.push(BigInt(r))
    return out
  },
  text: ({ arg, out }) =>
    [
      `Let p be the ${arg}-th prime number, where the 1st prime is 2.`,
      `A number r in {0, 1, ..., p - 1} is a quadratic residue modulo p when x**2 leaves remainder r on division by p for some integer x; 0 counts as one.`,
      `List every such r once, from smallest to largest, and call this list ${out}.`,
    ].join('\n'),
})

/**
 * Least prime factor of i² + n for i = 1..n.
 * @example smallestFactorQuadratic.solve(2n, {}, 'scalar') // n = 3: [2n, 7n, 2n]
 */
export const smallestFactorQuadratic = mathTask({
  id: 'SmallestFactorQuadratic',
  referenceName: 'SmallestFactorQuadraticTask',
  summary: 'Smallest prime factor of i² + n for i = 1..n',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => oneTo(n, (i) => smallestPrimeFactor(i * i + n)),
  text: ({ arg, out }) =>
    `For i = 1, 2, ..., ${arg}, find the smallest prime that divides i**2 + ${arg}. Keep the order of i and call this list ${out}.`,
})

const PHI_WORDS = "Euler's totient phi(m) is the number of integers k with 1 <= k <= m and gcd(k, m) = 1"

/**
 * φ(i·n) for i = 1..n.
 * @example totientProductSequence.solve(-45n, {}, 'scalar') // [22n, 44n, 44n, 88n, …] (46 values)
 */
export const totientProductSequence = mathTask({
  id: 'TotientProductSequence',
  referenceName: 'TotientProductSequenceTask',
  summary: 'Euler totient φ(i·n) for i = 1..n',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => oneTo(n, (i) => totient(i * n)),
  text: ({ arg, out }) =>
    `${PHI_WORDS}. For i = 1, 2, ..., ${arg}, compute phi(i * ${arg}). Keep the order of i and call this list ${out}.`,
})

/**
 * φ(i + n) for i = 1..n.
 * @example totientShiftSequence.solve(2n, {}, 'scalar') // n = 3: [2n, 4n, 2n]
 */
export const totientShiftSequence = mathTask({
  id: 'TotientShiftSequence',
  referenceName: 'TotientShiftSequenceTask',
  summary: 'Euler totient φ(i + n) for i = 1..n',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => oneTo(n, (i) => totient(i + n)),
  text: ({ arg, out }) =>
    `${PHI_WORDS}. For i = 1, 2, ..., ${arg}, compute phi(i + ${arg}). Keep the order of i and call this list ${out}.`,
})

/**
 * Prefix sums A_i = Σ_{k ≤ i} k·d(n + k) for i = 1..n.
 * @example weightedDivisorCountPrefixSequence.solve(1n, {}, 'scalar') // n = 2: [2n, 8n]
 */
export const weightedDivisorCountPrefixSequence = mathTask({
  id: 'WeightedDivisorCountPrefixSequence',
  referenceName: 'WeightedDivisorCountPrefixSequenceTask',
  summary: 'Prefix sums of k·d(n + k), k = 1..n',
  output: 'list',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => {
    let total = 0n
    return oneTo(n, (k) => {
      total += k * divisorCount(n + k)
      return total
    })
  },
  text: ({ arg, out }) =>
    [
      `Write d(m) for the number of positive divisors of m. For each i = 1, 2, ..., ${arg}, let A_i be the sum of k * d(${arg} + k) over k = 1, 2, ..., i.`,
      `Call the list [A_1, A_2, ..., A_{${arg}}] (first element A_1) ${out}.`,
    ].join('\n'),
})

/** The scalar → list operators in canonical order (task_id 20–29). */
export const scalarToList: TaskTemplate[] = [
  centralBinomialPrimeValuationVector,
  grayCodeSequence,
  modularMultiplicationSequence,
  polygonDiagonalsSequence,
  primesBetweenSquares,
  quadraticResiduesPrime,
  smallestFactorQuadratic,
  totientProductSequence,
  totientShiftSequence,
  weightedDivisorCountPrefixSequence,
]
