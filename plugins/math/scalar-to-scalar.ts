/**
 * The ten scalar → scalar math operators (reference task_id 30–39), in canonical order. Each reads
 * n = (|round(v)| mod 100) + offset (ScaledStirlingFirstKind has no offset) and returns one exact
 * integer. None has parameters: every value a solver reads is the preprocessed input.
 *
 * Reference: ArbiGraph `tasks/math_task/math_task.py` (see research spec §4.4 for the exact
 * definitions, reproduced on every released ground truth).
 */
import type { TaskTemplate } from '../../src/contracts/template.ts'
import {
  binomial,
  divisorCount,
  isqrt,
  multiplicativeOrder,
  nextPrime,
  nthPrime,
  omega,
  sigma,
  squaresModulo,
  totient,
  unitarySigma,
} from './number-theory.ts'
import { scalarInput } from './preprocess.ts'
import { mathTask } from './task.ts'

/** Σ f(i) for i = from..to. */
const sumOver = (from: bigint, to: bigint, f: (i: bigint) => bigint): bigint => {
  let total = 0n
  for (let i = from; i <= to; i++) total += f(i)
  return total
}

/**
 * σ_2(n), the sum of the squares of the divisors of n.
 * @example divisorSigmaSquare.solve(5n, {}, 'scalar') // n = 6: 50n
 */
export const divisorSigmaSquare = mathTask({
  id: 'DivisorSigmaSquare',
  referenceName: 'DivisorSigmaSquareTask',
  summary: 'σ_2(n): sum of the squares of the divisors of n',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => sigma(2n, n),
  text: ({ arg, out }) => `Add up d**2 over every positive divisor d of ${arg} and call the total ${out}.`,
})

/**
 * σ_1(n), the sum of the divisors of n.
 * @example divisorSum.solve(-25n, {}, 'scalar') // n = 26: 42n
 */
export const divisorSum = mathTask({
  id: 'DivisorSum',
  referenceName: 'DivisorSumTask',
  summary: 'σ_1(n): sum of the divisors of n',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => sigma(1n, n),
  text: ({ arg, out }) =>
    `Add up every positive divisor of ${arg} (1 and ${arg} included) and call the total ${out}.`,
})

/**
 * Σ_{a=1..n} a·(L(a, p) + 1) with p the smallest prime > n + 2. p is derived from n inside the
 * task and defined in words in the prompt, not printed: printing it would reveal val_n.
 * @example legendreResidueWeight.solve(-28n, {}, 'scalar') // n = 53, p = 59: 1420n
 */
export const legendreResidueWeight = mathTask({
  id: 'LegendreResidueWeight',
  referenceName: 'LegendreResidueWeightTask',
  summary: 'Σ a·(Legendre(a, p) + 1) over a = 1..n, p the smallest prime > n + 2',
  output: 'scalar',
  input: scalarInput({ add: 25 }),
  answerPerInput: true,
  solve: (n) => {
    // For a prime p, (a / p) is 1 on the non-zero squares modulo p, −1 elsewhere, 0 on 0. The
    // sum is at most n(n + 1) with n ≤ 124: exact in numbers.
    const p = nextPrime(n + 2n)
    const squares = squaresModulo(p)
    const modulus = squares.length
    let total = 0
    for (let a = 1; a <= Number(n); a++) {
      const r = a % modulus
      if (r !== 0 && squares[r] === 1) total += 2 * a
      else if (r === 0) total += a
    }
    return BigInt(total)
  },
  // The reference defines p in words without printing its value; so do we (same information).
  text: ({ arg, out }) =>
    [
      `Let p be the least prime number that is strictly larger than ${arg} + 2.`,
      `For a = 1, 2, ..., ${arg}, the Legendre symbol L(a, p) equals 1 when some integer x satisfies x**2 ≡ a (mod p), and -1 when none does.`,
      `Add up a * (L(a, p) + 1) over a = 1, 2, ..., ${arg} and call the total ${out}.`,
    ].join('\n'),
})

/**
 * The multiplicative order of 2 modulo 2n + 1.
 * @example multiplicativeOrderTask.solve(-84n, {}, 'scalar') // n = 85, mod 171: 18n
 */
export const multiplicativeOrderTask = mathTask({
  id: 'MultiplicativeOrder',
  referenceName: 'MultiplicativeOrderTask',
  summary: 'Multiplicative order of 2 modulo 2n + 1',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => multiplicativeOrder(2n, 2n * n + 1n),
  text: ({ arg, out }) =>
    `Find the smallest positive integer k such that 2**k leaves remainder 1 when divided by 2*${arg} + 1 (the multiplicative order of 2 modulo 2*${arg} + 1), and call it ${out}.`,
})

/**
 * Σ_{i=2..n} ω(i), ω counting distinct prime factors.
 * @example primeOmegaSum.solve(3n, {}, 'scalar') // n = 5: 4n
 */
export const primeOmegaSum = mathTask({
  id: 'PrimeOmegaSum',
  referenceName: 'PrimeOmegaSumTask',
  summary: 'Σ ω(i) for i = 2..n (distinct prime factors)',
  output: 'scalar',
  input: scalarInput({ add: 2 }),
  answerPerInput: true,
  solve: (n) => sumOver(2n, n, omega),
  text: ({ arg, out }) =>
    `Let omega(i) be how many different primes divide i. Add up omega(i) for i = 2, 3, ..., ${arg} and call the total ${out}.`,
})

/**
 * φ(p_n − 1), the number of primitive roots modulo the n-th prime.
 * @example primitiveRootCount.solve(-92n, {}, 'scalar') // p_93 = 487: φ(486) = 162n
 */
export const primitiveRootCount = mathTask({
  id: 'PrimitiveRootCount',
  referenceName: 'PrimitiveRootCountTask',
  summary: 'φ(p_n − 1): primitive roots modulo the n-th prime',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => totient(nthPrime(n) - 1n),
  text: ({ arg, out }) =>
    [
      `Let p be the ${arg}-th prime number (the 1st prime is 2).`,
      `Compute Euler's totient phi(p - 1), the number of integers k with 1 <= k <= p - 1 and gcd(k, p - 1) = 1; it is also the number of primitive roots modulo p. Call it ${out}.`,
    ].join('\n'),
})

/**
 * c(m, m − 2) = 2·C(m, 3) + 3·C(m, 4) with m = isqrt(n) + 7.
 * @example scaledStirlingFirstKind.solve(64n, {}, 'scalar') // m = 15: 5005n
 */
export const scaledStirlingFirstKind = mathTask({
  id: 'ScaledStirlingFirstKind',
  referenceName: 'ScaledStirlingFirstKindTask',
  summary: 'Unsigned Stirling number c(m, m − 2), m = isqrt(n) + 7',
  output: 'scalar',
  input: scalarInput(),
  answerPerInput: true,
  solve: (n) => {
    const m = isqrt(n) + 7n
    // Permutations of m elements with m − 2 cycles: one 3-cycle (2·C(m,3)) or two 2-cycles (3·C(m,4)).
    return 2n * binomial(m, 3n) + 3n * binomial(m, 4n)
  },
  text: ({ arg, out }) =>
    [
      `Let m = floor(sqrt(${arg})) + 7.`,
      `Compute the unsigned Stirling number of the first kind c(m, m - 2): the number of permutations of m distinct elements that split into exactly m - 2 disjoint cycles (fixed points count as cycles). Call it ${out}.`,
    ].join('\n'),
})

/**
 * Σ_{i=1..n} d(i).
 * @example sumDivisorCounts.solve(-41n, {}, 'scalar') // n = 42: 168n
 */
export const sumDivisorCounts = mathTask({
  id: 'SumDivisorCounts',
  referenceName: 'SumDivisorCountsTask',
  summary: 'Σ d(i) for i = 1..n',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => sumOver(1n, n, divisorCount),
  text: ({ arg, out }) =>
    `For every i = 1, 2, ..., ${arg}, count the positive divisors of i. Add up these counts and call the total ${out}.`,
})

/**
 * Σ_{k=1..n} φ(k).
 * @example summatoryTotient.solve(-29n, {}, 'scalar') // n = 59: 1086n
 */
export const summatoryTotient = mathTask({
  id: 'SummatoryTotient',
  referenceName: 'SummatoryTotientTask',
  summary: 'Σ φ(k) for k = 1..n',
  output: 'scalar',
  input: scalarInput({ add: 30 }),
  answerPerInput: true,
  solve: (n) => sumOver(1n, n, totient),
  text: ({ arg, out }) =>
    [
      `Euler's totient phi(k) is the number of integers j with 1 <= j <= k and gcd(j, k) = 1 (so phi(1) = 1).`,
      `Add up phi(1) + phi(2) + ... + phi(${arg}) and call the total ${out}.`,
    ].join('\n'),
})

/**
 * Sum of the unitary divisors of n: Π (1 + p^e) over p^e ‖ n.
 * @example unitaryDivisorSum.solve(-12n, {}, 'scalar') // n = 13: 14n
 */
export const unitaryDivisorSum = mathTask({
  id: 'UnitaryDivisorSum',
  referenceName: 'UnitaryDivisorSumTask',
  summary: 'Sum of the unitary divisors of n',
  output: 'scalar',
  input: scalarInput({ add: 1 }),
  answerPerInput: true,
  solve: (n) => unitarySigma(n),
  text: ({ arg, out }) =>
    `A divisor d of ${arg} is unitary when gcd(d, ${arg} / d) = 1. Add up all unitary divisors of ${arg} and call the total ${out}.`,
})

/** The scalar → scalar operators in canonical order (task_id 30–39). */
export const scalarToScalar: TaskTemplate[] = [
  divisorSigmaSquare,
  divisorSum,
  legendreResidueWeight,
  multiplicativeOrderTask,
  primeOmegaSum,
  primitiveRootCount,
  scaledStirlingFirstKind,
  sumDivisorCounts,
  summatoryTotient,
  unitaryDivisorSum,
]
