/**
 * The input a chained node is given: what its source produced from the model's own answers in the
 * chained condition. A static input stays its true value; a task source gives that task's parsed
 * answer; a junction recomputes its pick or pack over those answers, as the generator computed it
 * over the true values (src/generate/junction-values.ts). When there is no such value — an
 * upstream answer missing or unreadable, a value of the wrong kind, a pick out of range — the
 * node cannot be chained and says why.
 */
import type { Unchained } from '../contracts/conditions.ts'
import type { Instance, Junction, TaskNode } from '../contracts/instance.ts'
import { packValue, pickValue } from '../generate/junction-values.ts'
import type { PyValue, Scalar, Value } from '../values.ts'
import { isScalar, isValue, kindOf } from '../values.ts'

/** A value, or why there is none. */
export type Chained = { value: Value } | { unchained: Unchained; reason: string }

/** What the chained condition knows of an upstream task: its parsed answer, or why it has none. */
export type UpstreamAnswer = { got: PyValue } | { unchained: Unchained; reason: string }

const junctionMaps = new WeakMap<Instance, ReadonlyMap<string, Junction>>()

/** The instance's junctions by id, built once per instance (every chained node reads it). */
function junctionsOf(instance: Instance): ReadonlyMap<string, Junction> {
  let map = junctionMaps.get(instance)
  if (!map) junctionMaps.set(instance, (map = new Map(instance.junctions.map((j) => [j.id, j]))))
  return map
}

const isFlatValue = (value: PyValue): value is Value => isValue(value)

/**
 * The value produced at `id` (a task or a junction) from the upstream answers.
 * @example producedValue(instance, 'j1', answers) // { value: [3n, 5n, 7n, …] }
 */
function producedValue(
  junctions: ReadonlyMap<string, Junction>,
  id: string,
  answerOf: (task: string) => UpstreamAnswer,
): Chained {
  const junction = junctions.get(id)
  if (!junction) {
    const answer = answerOf(id)
    if ('unchained' in answer) return answer
    if (!isFlatValue(answer.got))
      return { unchained: 'input-kind', reason: `the answer of "${id}" is a nested list, not a value` }
    return { value: answer.got }
  }
  const sources: Value[] = []
  for (const source of junction.sources) {
    const produced = producedValue(junctions, source, answerOf)
    if ('unchained' in produced) return produced
    sources.push(produced.value)
  }
  if (junction.op === 'pick') {
    const picked = pickValue(sources[0]!, junction.index ?? 0)
    return 'value' in picked
      ? picked
      : { unchained: 'junction', reason: `junction "${id}": ${picked.reason}` }
  }
  if (!sources.every(isScalar))
    return { unchained: 'junction', reason: `junction "${id}": a pack needs scalars, got a list` }
  return { value: packValue(sources as Scalar[]) }
}

/**
 * The input of `node` in the chained condition.
 * @example chainedInput(instance, instance.nodes[1], (id) => ({ got: 41n })) // { value: 41n }
 */
export function chainedInput(
  instance: Instance,
  node: TaskNode,
  answerOf: (task: string) => UpstreamAnswer,
): Chained {
  if (node.source.node === null) return { value: node.input }
  const produced = producedValue(junctionsOf(instance), node.source.node, answerOf)
  if ('unchained' in produced) return produced
  if (kindOf(produced.value) !== node.inputKind)
    return {
      unchained: 'input-kind',
      reason: `"${node.id}" reads a ${node.inputKind}, its upstream answer is a ${kindOf(produced.value)}`,
    }
  return produced
}
