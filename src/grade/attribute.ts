/**
 * Failure attribution: one cause for a wrong target, from the first rule that applies, in this
 * order (most certain first):
 * 1. `limit`: the run ended on a context or turn limit, so the model never finished (whatever
 *    the target's own verdict; the node grade still shows it).
 * 2. `missing`: no labelled box for the target was collected.
 * 3. `format`: the target's answer text could not be read as a value.
 * 4. `propagated`: some task upstream of the target (through junctions) is wrong, missing or
 *    unreadable; `node` is the first such task in prompt order, where the error entered. This
 *    is structural, so it comes before the value coincidence below.
 * 5. `stale`: the answer equals the ground truth of another task node (or the target's own
 *    input): the model reported a value it had, not the one asked for. `node` names that node.
 * 6. `local`: every input was right, and the answer is simply wrong.
 */
import type { Attribution, NodeGrade } from '../contracts/grade.ts'
import type { Instance } from '../contracts/instance.ts'
import { answerMatches } from './compare.ts'
import { upstreamTasks } from './upstream.ts'

/** Terminal statuses that mean the run was cut short by a context or turn limit. */
export const LIMIT_STATUSES: ReadonlySet<string> = new Set(['context_length_exceeded', 'timeout'])

/**
 * Why a wrong target is wrong; null when the target is right.
 * @example attributeFailure(instance, grades, 't3', 'success') // { kind: 'propagated', target: 't3', node: 't1' }
 */
export function attributeFailure(
  instance: Instance,
  grades: readonly NodeGrade[],
  targetId: string,
  status?: string,
): Attribution | null {
  const byNode = new Map(grades.map((grade) => [grade.node, grade]))
  const target = byNode.get(targetId)
  if (!target || target.verdict === 'correct') return null
  if (status !== undefined && LIMIT_STATUSES.has(status)) return { kind: 'limit', target: targetId }
  if (target.verdict === 'missing' || target.verdict === 'format')
    return { kind: target.verdict, target: targetId }
  const wrongUpstream = upstreamTasks(instance, targetId).find((id) => {
    const grade = byNode.get(id)
    return grade !== undefined && grade.verdict !== 'correct'
  })
  if (wrongUpstream) return { kind: 'propagated', target: targetId, node: wrongUpstream }
  const stale = staleSource(instance, targetId, target)
  if (stale) return { kind: 'stale', target: targetId, ...stale }
  return { kind: 'local', target: targetId }
}

/** The node whose ground truth the answer repeats, if any: other tasks first, then the input. */
function staleSource(instance: Instance, targetId: string, target: NodeGrade): { node?: string } | null {
  const got = target.got
  if (got === null) return null
  const other = instance.nodes.find((node) => node.id !== targetId && answerMatches(node.output, got))
  if (other) return { node: other.id }
  const own = instance.nodes.find((node) => node.id === targetId)
  if (own && answerMatches(own.input, got)) return own.source.node === null ? {} : { node: own.source.node }
  return null
}
