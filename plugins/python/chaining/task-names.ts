/**
 * The task-local names of a Python task, all carrying the task number so blocks never collide:
 * the function `task_N`, its chained parameter `list_N` or `val_N`, its result `task_N_out` and
 * each static input `task_N_<param>_static`.
 *
 * Reference: arbigraph-reference-harness.md §7.3, §7.5.
 */
import type { Kind } from '../../../src/values.ts'

/** `task_N` */
export const taskFunctionName = (n: number): string => `task_${n}`
/** `list_N` for a list input, `val_N` for a scalar. */
export const chainedLocalName = (n: number, kind: Kind): string => `${kind === 'list' ? 'list' : 'val'}_${n}`
/** `task_N_out` */
export const taskOutName = (n: number): string => `task_${n}_out`
/** `task_N_<param>_static` */
export const staticName = (n: number, param: string): string => `task_${n}_${param}_static`
