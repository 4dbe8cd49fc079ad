/**
 * Shared helpers for the list-input math task tests: running a template on a raw input with
 * given parameters, and rendering its block with a fixed task number.
 */

import { listToList } from '../../../plugins/math/list-to-list.ts'
import { listToScalar } from '../../../plugins/math/list-to-scalar.ts'
import type { Params, TaskTemplate } from '../../../src/contracts/template.ts'
import { createRng } from '../../../src/rng.ts'
import type { Value } from '../../../src/values.ts'

export const big = (xs: readonly number[]): bigint[] => xs.map((x) => BigInt(x))

export const listTemplates: TaskTemplate[] = [...listToList, ...listToScalar]

/** The template with this id (throws on a typo so a test cannot silently pass). */
export function template(id: string): TaskTemplate {
  const t = listTemplates.find((x) => x.id === id)
  if (!t) throw new Error(`no list template "${id}"`)
  return t
}

export const solve = (id: string, input: Value, params: Params = {}): Value =>
  template(id).solve(input, params, 'list') as Value

/** Draws parameters with a fixed stream, then renders task 3's block reading `task_2_out`. */
export function render(id: string, input: Value, seed = 'fixture'): { params: Params; text: string } {
  const t = template(id)
  const params = t.params(input, createRng(seed).split(id), 'list')
  const text = t.text({ n: 3, source: 'task_2_out', out: 'task_3_out', input, inputKind: 'list', params })
  return { params, text }
}
