/**
 * Hand-made case records with a conditions block, for the metric, report and dashboard tests:
 * each node trial is written as its outcome under in-graph, isolated and chained.
 */
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { Evidence } from '../../src/contracts/conditions.ts'
import { makeRecord } from '../metrics/make-record.ts'

/** One node: right (true) or wrong under in-graph, isolated, chained; its depth; its label. */
export interface NodeOutcome {
  inGraph: boolean
  isolated: boolean
  chained: boolean
  depth: number
  evidence?: Evidence
}

/**
 * A graded chain record whose node `t{i+1}` has outcome `nodes[i]`.
 * @example conditionsRecord(0, [{ inGraph: false, isolated: true, chained: true, depth: 0 }])
 */
export function conditionsRecord(
  sample: number,
  nodes: readonly NodeOutcome[],
  topology = 'chain',
): CaseRecord {
  const record = makeRecord({ sample, topology, caseId: `${topology}/math/MulMod#${sample}` })
  const verdict = (right: boolean) => (right ? 'correct' : 'wrong')
  const names = nodes.map((_, i) => ({ node: `t${i + 1}`, name: `task_${i + 1}_out` }))
  return {
    ...record,
    grade: {
      ...record.grade!,
      correct: nodes.at(-1)!.inGraph,
      exact: nodes.every((n) => n.inGraph),
      attribution: nodes.at(-1)!.inGraph ? null : { kind: 'local', target: names.at(-1)!.node },
      nodes: nodes.map((n, i) => ({
        ...names[i]!,
        target: i === nodes.length - 1,
        expected: '7',
        answer: n.inGraph ? '7' : '8',
        got: n.inGraph ? '7' : '8',
        verdict: verdict(n.inGraph),
      })),
    },
    conditions: {
      ran: ['in-graph', 'isolated', 'chained'],
      nodes: nodes.map((n, i) => ({
        ...names[i]!,
        depth: n.depth,
        isolated: { verdict: verdict(n.isolated), answer: n.isolated ? '7' : '8' },
        chained: {
          verdict: verdict(n.chained),
          givenInputs: verdict(n.chained),
          input: '3',
          expected: '7',
          answer: n.chained ? '7' : '8',
        },
        evidence: n.inGraph ? null : (n.evidence ?? null),
      })),
      usage: {
        isolated: { prompts: nodes.length, turns: 2 * nodes.length, tokens: { prompt: 300, completion: 40 } },
        chained: { prompts: 1, turns: 2, tokens: { prompt: 150, completion: 20 } },
      },
    },
  }
}
