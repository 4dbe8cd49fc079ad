/**
 * The question a chained node is asked when its input differs from the true one: its prompt with
 * that input written out, and the truth given that input — the template's own exact solver on it
 * with the node's parameters (drawn for the true input, unchanged: the question is the same, only
 * its input differs). An input the template cannot take — a float where the task needs an
 * integer, a Python call that raises, a value its text cannot describe — means there is no right
 * answer to score, so the node is "unsolvable" rather than asked. Other errors (a sandbox that
 * died) are not a property of the input and propagate.
 */
import type { Instance, TaskNode } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import type { Registry } from '../registry.ts'
import { getTemplate } from '../registry.ts'
import type { Value } from '../values.ts'
import { isValue, pyRepr } from '../values.ts'
import { nodeInstance } from './node-prompt.ts'

const INPUT_ERRORS = new Set(['ARBIGRAPH_BAD_VALUE', 'ARBIGRAPH_UNSAFE_INTEGER', 'ARBIGRAPH_KIND_MISMATCH'])

/** The node as a one-task instance for `input`, or why it cannot be asked. */
export type ChainedQuestion = { alone: Instance } | { unchained: 'unsolvable'; reason: string }

const isInputError = (error: unknown): boolean =>
  error instanceof TypeError ||
  error instanceof RangeError ||
  (error instanceof ArbigraphError && INPUT_ERRORS.has(error.code))

/**
 * The node's question for `input`.
 * @example const q = await chainedQuestion(instance, node, 12n, registry); 'alone' in q && q.alone.nodes[0].output // 28n
 */
export async function chainedQuestion(
  instance: Instance,
  node: TaskNode,
  input: Value,
  registry: Registry,
): Promise<ChainedQuestion> {
  const template = getTemplate(registry, node.family, node.template)
  try {
    const expected = await template.solve(input, node.params, node.inputKind)
    if (!isValue(expected))
      return {
        unchained: 'unsolvable',
        reason: `"${node.id}": the solver returned no value for ${pyRepr(input)}`,
      }
    return { alone: nodeInstance(instance, node, input, expected, registry) }
  } catch (error) {
    if (!isInputError(error)) throw error
    return {
      unchained: 'unsolvable',
      reason: `"${node.id}" cannot take ${pyRepr(input)}: ${(error as Error).message}`,
    }
  }
}
