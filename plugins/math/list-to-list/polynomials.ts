/**
 * list → list math tasks on polynomials read from the list (highest degree first): the quotient
 * by x² + x + 1 and the remainder by a random monic divisor of degree len(list).
 *
 * Reference: reference spec §4.1 (task_id 6, 7), §6.4 (seq2 draws) and §8.3 (divisor printing).
 * PolyRemainder's divisor always has a higher degree than the dividend, so its answer is the
 * input without leading zeros; kept as is for parity (spec §11 B4).
 */
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { pyRepr } from '../../../src/values.ts'
import { coefficientsText, polyFromListText } from '../list-wording.ts'
import { intListParam } from '../params.ts'
import { coefficientList, divModMonic, formatPolynomial } from '../polynomial.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'

const CYCLOTOMIC_3 = [1n, 1n, 1n]

/**
 * Quotient of the list polynomial by x² + x + 1, as a coefficient list.
 * @example polyQuotient.solve([1n, 1n, 1n, 0n], {}, 'list') // [1n, 0n]
 */
export const polyQuotient: TaskTemplate = mathTask({
  id: 'PolyQuotient',
  referenceName: 'PolyQuotientTask',
  summary: 'Quotient of the list polynomial divided by x² + x + 1.',
  output: 'list',
  input: listInput(),
  solve: (list) => coefficientList(divModMonic(ints(list), CYCLOTOMIC_3).quotient),
  text: ({ n, arg, out }) =>
    [
      polyFromListText(arg, `P_${n}`),
      `Divide P_${n}(x) by the monic polynomial x**2 + x + 1 and let Q_${n}(x) be the quotient (discard the remainder).`,
      coefficientsText(`Q_${n}`, out),
    ].join('\n'),
})

/** The divisor x^L + seq2[0]·x^(L−1) + … + seq2[L−1], highest degree first. */
const divisorOf = (seq2: readonly bigint[]): bigint[] => [1n, ...seq2]

/**
 * Remainder of the list polynomial by the monic x^L + seq2[0]x^(L−1) + … + seq2[L−1].
 * @example polyRemainder.solve([0n, 3n], { seq2: [1n, 2n] }, 'list') // [3n]
 */
export const polyRemainder: TaskTemplate = mathTask({
  id: 'PolyRemainder',
  referenceName: 'PolyRemainderTask',
  summary: 'Remainder of the list polynomial divided by a random monic polynomial.',
  output: 'list',
  input: listInput(),
  params: (list, rng) => ({ seq2: list.map(() => BigInt(rng.int(-5, 5))) }),
  solve: (list, params) =>
    coefficientList(divModMonic(ints(list), divisorOf(intListParam(params, 'seq2'))).remainder),
  text: ({ n, arg, out, params }) => {
    const seq2 = intListParam(params, 'seq2')
    return [
      polyFromListText(arg, `P_${n}`),
      `Define seq2_${n} = ${pyRepr(seq2)}.`,
      `Define poly_2_${n} = ${formatPolynomial(divisorOf(seq2))}.`,
      `(poly_2_${n} is the monic polynomial of degree ${seq2.length} whose remaining coefficients, from the next-highest power down to the constant term, are seq2_${n}.)`,
      `Let R_${n}(x) be the remainder of P_${n}(x) divided by poly_2_${n}.`,
      coefficientsText(`R_${n}`, out),
    ].join('\n')
  },
})
