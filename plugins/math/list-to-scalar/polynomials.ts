/**
 * list → scalar math tasks on polynomials: evaluating the interpolating polynomial through
 * (i, list[i]) at a random point, the resultant with x² + x + 1, and the square-free kernel
 * P / gcd(P, P′) evaluated at 2.
 *
 * Reference: reference spec §4.2 (task_id 11, 18, 19) and §6.4 (the evaluation point is one
 * uniform draw from [−100, 99]).
 */
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { pyRepr } from '../../../src/values.ts'
import { polyFromListText } from '../list-wording.ts'
import { intParam } from '../params.ts'
import { interpolateAt, resultantWithCyclotomic3, squareFreeEval } from '../polynomial.ts'
import { listInput } from '../preprocess.ts'
import { ints, mathTask } from '../task.ts'

/**
 * Value at a random point x ∈ [−100, 99] of the polynomial through (i, list[i]).
 * @example interpolateEval.solve([0n, 1n, 4n], { x: 5n }, 'list') // 25n
 */
export const interpolateEval: TaskTemplate = mathTask({
  id: 'InterpolateEval',
  referenceName: 'InterpolateEvalTask',
  summary: 'Value at a random point of the polynomial interpolating (i, list[i]).',
  output: 'scalar',
  input: listInput({ local: 'points' }),
  params: (_points, rng) => ({ x: BigInt(rng.int(-100, 99)) }),
  solve: (points, params) => interpolateAt(ints(points), intParam(params, 'x')),
  text: ({ n, arg, out, params, adapted }) => {
    const last = adapted.length - 1
    const point = (i: number) => `(${i}, ${arg}[${i}])`
    const points =
      last <= 2 ? adapted.map((_, i) => point(i)).join(', ') : `${point(0)}, ${point(1)}, ..., ${point(last)}`
    return [
      `Let f_${n} be the unique polynomial of degree at most ${last} passing through the ${adapted.length} points ${points}, that is (i, ${arg}[i]) for every index i of ${arg}.`,
      `Evaluate f_${n} at x = ${pyRepr(params.x!)} and call the value ${out}.`,
    ].join('\n')
  },
})

/**
 * Resultant of the list polynomial and x² + x + 1.
 * @example polyResultantFixed.solve([1n, -1n], {}, 'list') // 3n
 */
export const polyResultantFixed: TaskTemplate = mathTask({
  id: 'PolyResultantFixed',
  referenceName: 'PolyResultantFixedTask',
  summary: 'Resultant of the list polynomial and x² + x + 1.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => resultantWithCyclotomic3(ints(list)),
  text: ({ n, arg, out }) =>
    [
      polyFromListText(arg, `P_${n}`),
      `Take the resultant of P_${n}(x) and x**2 + x + 1 (it is 0 when P_${n} is the zero polynomial) and call it ${out}.`,
    ].join('\n'),
})

/**
 * P / gcd(P, P′), gcd monic over ℚ, evaluated at 2.
 * @example polySquareFreeEval.solve([1n, -2n, 1n], {}, 'list') // 1n
 */
export const polySquareFreeEval: TaskTemplate = mathTask({
  id: 'PolySquareFreeEval',
  referenceName: 'PolySquareFreeEvalTask',
  summary: 'P / gcd(P, P′) (monic gcd over ℚ) evaluated at x = 2.',
  output: 'scalar',
  input: listInput(),
  solve: (list) => squareFreeEval(ints(list), 2n),
  text: ({ n, arg, out }) =>
    [
      polyFromListText(arg, `P_${n}`),
      `If P_${n} is the zero polynomial, ${out} = 0. If P_${n} is a nonzero constant c, take gcd(P_${n}, P_${n}') = 1, so ${out} = c.`,
      `Otherwise let G_${n}(x) be the greatest common divisor of P_${n}(x) and its derivative P_${n}'(x) over the rational numbers, scaled so that its leading coefficient is 1, and let S_${n}(x) = P_${n}(x) / G_${n}(x).`,
      `Do not rescale S_${n}(x): keep whatever constant factor remains after the division. Call S_${n}(2) ${out}.`,
    ].join('\n'),
})
