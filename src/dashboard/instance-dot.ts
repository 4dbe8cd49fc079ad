/**
 * Graphviz DOT for one graded instance, for the dashboard's case view: task nodes coloured by
 * their grade — correct, wrong, wrong-because-upstream (some task it depends on, directly or
 * through junctions, is not correct, so its own error may be inherited), unanswered, or not
 * asked — junctions as small grey ellipses, and every edge labelled with the name the prompt
 * gives the value and (shortened) the value itself. It reads the wire form (values as Python repr
 * text), which is what the case-detail store and the results file hold.
 */
import type { z } from 'zod'
import type { nodeGradeSchema } from '../contracts/grade.ts'
import type { instanceSchema } from '../contracts/instance.ts'

type WireInstance = z.input<typeof instanceSchema>
type WireNodeGrade = z.input<typeof nodeGradeSchema>

/** A node's colour class in the picture. */
export type NodeState = 'correct' | 'wrong' | 'upstream' | 'unanswered' | 'ungraded'

/** Fill colours by state; the legend in the app uses the same ones. */
export const NODE_FILLS: Record<NodeState, string> = {
  correct: '#b7e4c7',
  wrong: '#ffa8a8',
  upstream: '#ffd8a8',
  unanswered: '#dee2e6',
  ungraded: '#ffffff',
}

const dotString = (text: string) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`

const shorten = (text: string, max = 28) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** Direct predecessors of every node (tasks and junctions), by id. */
function predecessors(instance: WireInstance): Map<string, string[]> {
  const preds = new Map<string, string[]>()
  for (const node of instance.nodes) preds.set(node.id, node.source.node === null ? [] : [node.source.node])
  for (const junction of instance.junctions) preds.set(junction.id, [...junction.sources])
  return preds
}

/**
 * Each task node's state from its grade; a wrong node with a non-correct task upstream is `upstream`.
 * @example nodeStates(instance, record.grade.nodes).get('t3') // 'upstream'
 */
export function nodeStates(instance: WireInstance, grades: readonly WireNodeGrade[]): Map<string, NodeState> {
  const verdicts = new Map(grades.map((g) => [g.node, g.verdict]))
  const preds = predecessors(instance)
  const tasks = new Set(instance.nodes.map((n) => n.id))
  const upstreamBad = (id: string): boolean => {
    const seen = new Set<string>()
    const stack = [...(preds.get(id) ?? [])]
    while (stack.length > 0) {
      const next = stack.pop()!
      if (seen.has(next)) continue
      seen.add(next)
      const verdict = verdicts.get(next)
      if (tasks.has(next) && verdict !== undefined && verdict !== 'correct') return true
      stack.push(...(preds.get(next) ?? []))
    }
    return false
  }
  const states = new Map<string, NodeState>()
  for (const node of instance.nodes) {
    const verdict = verdicts.get(node.id)
    if (verdict === undefined) states.set(node.id, 'ungraded')
    else if (verdict === 'correct') states.set(node.id, 'correct')
    else if (verdict === 'missing') states.set(node.id, 'unanswered')
    else states.set(node.id, upstreamBad(node.id) ? 'upstream' : 'wrong')
  }
  return states
}

function taskLabel(node: WireInstance['nodes'][number], grade: WireNodeGrade | undefined): string {
  const lines = [`Task ${node.number}: ${node.template}`, node.family]
  if (grade) {
    lines.push(`want ${shorten(String(grade.expected), 20)}`)
    if (grade.verdict !== 'correct')
      lines.push(`got ${grade.answer === null ? '—' : shorten(grade.answer, 20)}`)
  }
  return lines.join('\n')
}

/**
 * The DOT text of an instance painted with its grades.
 * @example instanceDot(detail.instance, record.grade?.nodes ?? []) // 'digraph instance { … }'
 */
export function instanceDot(instance: WireInstance, grades: readonly WireNodeGrade[]): string {
  const states = nodeStates(instance, grades)
  const byNode = new Map(grades.map((g) => [g.node, g]))
  const targets = new Set(instance.targets)
  const outputs = new Map<string, string>()
  for (const n of instance.nodes) outputs.set(n.id, String(n.output))
  for (const j of instance.junctions) outputs.set(j.id, String(j.output))
  const lines = [
    'digraph instance {',
    '  rankdir=LR;',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, color="#555555"];',
  ]
  for (const node of instance.nodes) {
    const state = states.get(node.id) ?? 'ungraded'
    const border = targets.has(node.id) ? ', penwidth=2.5' : ''
    const id = dotString(node.id)
    lines.push(
      `  ${id} [label=${dotString(taskLabel(node, byNode.get(node.id)))}, fillcolor="${NODE_FILLS[state]}", class="state-${state}", id=${dotString(`node-${node.id}`)}${border}];`,
    )
  }
  for (const j of instance.junctions) {
    const op = j.op === 'pick' ? `pick [${j.index ?? 0}]` : 'pack'
    lines.push(
      `  ${dotString(j.id)} [label=${dotString(op)}, shape=ellipse, fillcolor="#e9ecef", fontsize=9];`,
    )
    j.sources.forEach((source, slot) => {
      const label =
        j.op === 'pack'
          ? `slot ${slot}\n${shorten(outputs.get(source) ?? '')}`
          : shorten(outputs.get(source) ?? '')
      lines.push(`  ${dotString(source)} -> ${dotString(j.id)} [label=${dotString(label)}];`)
    })
  }
  for (const node of instance.nodes) {
    if (node.source.node === null) continue
    const label = `${node.source.name}\n${shorten(String(node.input))}`
    lines.push(`  ${dotString(node.source.node)} -> ${dotString(node.id)} [label=${dotString(label)}];`)
  }
  lines.push('}')
  return lines.join('\n')
}
