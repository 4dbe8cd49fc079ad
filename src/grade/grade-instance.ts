/**
 * Grading one instance: every output the prompt requested is read and compared with its ground
 * truth (not only the target, so a chain shows where it went wrong), then the instance is
 * `correct` when every target is right and `exact` when every requested output is, and a wrong
 * target gets a failure attribution. Only collected, labelled answers are graded: unlike the
 * reference, a box labelled for another task can never be scored as the target (§9.2).
 * Reference: docs/research/arbigraph-reference-harness.md §3.6, §4, §9.1–§9.4.
 */
import { GRADE_SCHEMA, type InstanceGrade, type NodeGrade, type ParseMode } from '../contracts/grade.ts'
import type { Instance, TaskNode } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import { attributeFailure } from './attribute.ts'
import { compareAnswer } from './compare.ts'
import { parseAnswer } from './parse-answer.ts'

export interface GradeOptions {
  /** Terminal status of the run (e.g. `success`, `timeout`); drives the `limit` attribution. @default undefined */
  status?: string
  /** How answer text is read. @default 'arbigraph' */
  mode?: ParseMode
}

/**
 * Grades collected answers (`task_N_out` → answer text) against an instance's ground truths.
 * @example gradeInstance(instance, new Map([['task_1_out', '42']]), { status: 'success' }).correct
 */
export function gradeInstance(
  instance: Instance,
  answers: ReadonlyMap<string, string>,
  options: GradeOptions = {},
): InstanceGrade {
  const mode = options.mode ?? 'arbigraph'
  const byName = new Map(instance.nodes.map((node) => [outputName(node), node]))
  const targets = new Set(instance.targets)
  const nodes = instance.outputs.map((name) => {
    const node = byName.get(name.toLowerCase())
    if (!node) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `instance "${instance.id}": output "${name}" names no task node; regenerate the instance`,
      )
    }
    return gradeNode(node, targets.has(node.id), answers.get(outputName(node)), mode)
  })
  for (const id of targets) {
    if (!nodes.some((grade) => grade.node === id)) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `instance "${instance.id}": target "${id}" is not among the requested outputs`,
      )
    }
  }
  const wrongTarget = nodes.find((grade) => grade.target && grade.verdict !== 'correct')
  return {
    schema: GRADE_SCHEMA,
    instance: instance.id,
    mode,
    ...(options.status === undefined ? {} : { status: options.status }),
    correct: wrongTarget === undefined,
    exact: nodes.every((grade) => grade.verdict === 'correct'),
    nodes,
    attribution: wrongTarget ? attributeFailure(instance, nodes, wrongTarget.node, options.status) : null,
  }
}

/** The output name a task node answers: `task_{number}_out`. */
export const outputName = (node: TaskNode): string => `task_${node.number}_out`

function gradeNode(node: TaskNode, target: boolean, answer: string | undefined, mode: ParseMode): NodeGrade {
  const base = { node: node.id, name: outputName(node), target, expected: node.output }
  if (answer === undefined) return { ...base, answer: null, got: null, verdict: 'missing' }
  const parsed = parseAnswer(answer, { mode })
  if (!parsed.ok)
    return { ...base, answer, got: null, verdict: 'format', failure: parsed.reason, message: parsed.message }
  const comparison = compareAnswer(node.output, parsed.value)
  const read = { ...base, answer, got: parsed.value, form: parsed.form }
  return comparison.match
    ? { ...read, verdict: 'correct' }
    : { ...read, verdict: 'wrong', mismatch: comparison.mismatch }
}
