/**
 * The ten list → scalar math operators (reference task_id 10–19), in the canonical order: sorted
 * by class name, so position i here is task_id 10 + i.
 */
import type { TaskTemplate } from '../../src/contracts/template.ts'
import { matrixFrobeniusSq, matrixNorm1, matrixTraceCube } from './list-to-scalar/matrices.ts'
import { interpolateEval, polyResultantFixed, polySquareFreeEval } from './list-to-scalar/polynomials.ts'
import {
  convexHullArea,
  pairwiseGcdSum,
  permutationInversions,
  permutationOrderTask,
} from './list-to-scalar/sequences.ts'

/**
 * @example listToScalar[0].id // 'ConvexHullArea'
 */
export const listToScalar: TaskTemplate[] = [
  convexHullArea,
  interpolateEval,
  matrixFrobeniusSq,
  matrixNorm1,
  matrixTraceCube,
  pairwiseGcdSum,
  permutationInversions,
  permutationOrderTask,
  polyResultantFixed,
  polySquareFreeEval,
]
