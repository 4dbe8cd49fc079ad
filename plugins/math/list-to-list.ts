/**
 * The ten list → list math operators (reference task_id 0–9), in the canonical order: sorted by
 * class name, so position i here is task_id i.
 */
import type { TaskTemplate } from '../../src/contracts/template.ts'
import { kroneckerProduct, matrixMul, matrixPolynomial } from './list-to-list/matrices.ts'
import { polyQuotient, polyRemainder } from './list-to-list/polynomials.ts'
import {
  convolution,
  fwhtTask,
  nttTask,
  sortByDivisorCount,
  subsetZetaTransform,
} from './list-to-list/sequences.ts'

/**
 * @example listToList[0].id // 'Convolution'
 */
export const listToList: TaskTemplate[] = [
  convolution,
  fwhtTask,
  kroneckerProduct,
  matrixMul,
  matrixPolynomial,
  nttTask,
  polyQuotient,
  polyRemainder,
  sortByDivisorCount,
  subsetZetaTransform,
]
