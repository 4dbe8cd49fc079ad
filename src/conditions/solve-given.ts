/**
 * The truth of a chained node given the input it was actually shown: the template's own exact
 * solver on that input with the node's parameters (drawn for the true input, unchanged: the
 * question is the same, only its input differs). An input the solver cannot take — a float where
 * the task needs an integer, a Python call that raises — means there is no right answer to
 * score, so the node is "unsolvable" rather than asked. Other errors (a sandbox that died) are
 * not a property of the input and propagate.
 */
import type { TaskNode } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import type { Registry } from '../registry.ts'
import { getTemplate } from '../registry.ts'
import type { Value } from '../values.ts'
import { isValue, pyRepr } from '../values.ts'
import type { Chained } from './chained-input.ts'

const INPUT_ERRORS = new Set(['ARBIGRAPH_BAD_VALUE', 'ARBIGRAPH_UNSAFE_INTEGER', 'ARBIGRAPH_KIND_MISMATCH'])

/**
 * The node's truth for `input`, or why there is none.
 * @example await solveGiven(registry, node, 12n) // { value: 28n }
 */
export async function solveGiven(registry: Registry, node: TaskNode, input: Value): Promise<Chained> {
  const template = getTemplate(registry, node.family, node.template)
  try {
    const value = await template.solve(input, node.params, node.inputKind)
    if (isValue(value)) return { value }
    return {
      unchained: 'unsolvable',
      reason: `"${node.id}": the solver returned no value for ${pyRepr(input)}`,
    }
  } catch (error) {
    const inputError =
      error instanceof TypeError ||
      error instanceof RangeError ||
      (error instanceof ArbigraphError && INPUT_ERRORS.has(error.code))
    if (!inputError) throw error
    return { unchained: 'unsolvable', reason: `"${node.id}": ${(error as Error).message}` }
  }
}
