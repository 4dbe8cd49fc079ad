/**
 * Synthetic case records at scale, for the dashboard and results benches and the large-file
 * tests: 6 topologies × 3 categories × 40 tasks, four graded outputs per trial, a realistic mix of
 * wrong answers, statuses and repairs, drawn from a seeded generator (the same records every run).
 */
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { CASE_RECORD_SCHEMA } from '../../src/contracts/case-record.ts'

const TOPOLOGIES = ['baseline', 'forgetting', 'chain', 'multichain', 'dag', 'random']
const CATEGORIES = ['math', 'gsm', 'python']
const STATUSES = ['success', 'success', 'success', 'success', 'missing_requested_task_answers', 'timeout']
const ATTRIBUTION = ['local', 'propagated', 'stale', 'missing', 'limit', 'format'] as const

/**
 * Trial `i` of a synthetic run; `draw` gives uniform floats in [0, 1).
 * @example syntheticRecord(0, () => rng.float()).topology // 'baseline'
 */
export function syntheticRecord(i: number, draw: () => number): CaseRecord {
  const topology = TOPOLOGIES[i % TOPOLOGIES.length]!
  const category = CATEGORIES[Math.floor(i / TOPOLOGIES.length) % CATEGORIES.length]!
  const task = `Task${Math.floor(i / 18) % 40}`
  const caseId = `${topology}/${category}/${task}#${i}`
  const correct = draw() < 0.7 - 0.05 * TOPOLOGIES.indexOf(topology)
  const nodes = Array.from({ length: 4 }, (_, k) => {
    const right = correct || k < 2 || draw() < 0.5
    return {
      node: `t${k + 1}`,
      name: `task_${k + 1}_out`,
      target: k === 3,
      expected: String(1000 + k),
      answer: right ? String(1000 + k) : String(999 + k),
      got: right ? String(1000 + k) : String(999 + k),
      verdict: right ? ('correct' as const) : ('wrong' as const),
      ...(right ? {} : { mismatch: 'value' as const }),
    }
  })
  return {
    schema: CASE_RECORD_SCHEMA,
    caseId,
    instanceId: caseId,
    topology,
    category,
    task,
    sample: i,
    epoch: 0,
    model: 'synthetic-model',
    protocol: 'chat',
    grade: {
      schema: 'arbigraph.grade/1',
      instance: caseId,
      mode: 'arbigraph',
      correct,
      exact: correct && nodes.every((n) => n.verdict === 'correct'),
      nodes,
      attribution: correct ? null : { kind: ATTRIBUTION[Math.floor(draw() * 6)]!, target: 't4' },
    },
    status: STATUSES[Math.floor(draw() * STATUSES.length)] as CaseRecord['status'],
    infraError: null,
    turns: 2 + Math.floor(draw() * 6),
    toolCalls: 1 + Math.floor(draw() * 5),
    repairs: { tool: Math.floor(draw() * 2), final: Math.floor(draw() * 2), cutoff: 0 },
    tokens: { prompt: 1000 + Math.floor(draw() * 5000), completion: 100 + Math.floor(draw() * 2000) },
    latencyMs: 100 + draw() * 1000,
    cachedTurns: 0,
    transcriptRef: null,
  }
}
