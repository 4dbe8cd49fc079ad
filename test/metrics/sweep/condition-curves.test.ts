/**
 * One sweep curve per context condition: records that ran isolated and chained give three curves
 * per sweep and category, in-graph read from the grade and the others case by case (correct when
 * every target node is), each with its own points and fit.
 */
import { describe, expect, test } from 'vitest'
import type { CaseRecord } from '../../../src/contracts/case-record.ts'
import { evaluateGate, parseGate } from '../../../src/metrics/gate.ts'
import { summarizeSweeps } from '../../../src/metrics/sweep/summarize-sweeps.ts'
import { formatSweepMarkdown, formatSweepTable } from '../../../src/report/format-sweep.ts'
import { conditionsRecord, type NodeOutcome } from '../../conditions/make-conditions-record.ts'
import { makeRecord } from '../make-record.ts'

const SIZES = [1, 2, 4, 8, 16]

/**
 * A two-node chain trial at `size`: in-graph right while size ≤ 2, isolated always right, chained
 * right while size ≤ 8 — except that the non-target first node is wrong in isolated at size 16,
 * which must not change the isolated case verdict (only targets count).
 */
function trial(size: number, i: number): CaseRecord {
  const nodes: NodeOutcome[] = [
    { inGraph: true, isolated: size < 16, chained: true, depth: 0 },
    { inGraph: size <= 2, isolated: true, chained: size <= 8, depth: 1 },
  ]
  const record = conditionsRecord(i, nodes)
  return {
    ...record,
    caseId: `chain-length@${size}/chain/math/MulMod#${i}`,
    sweep: { name: 'chain-length', axis: 'length', value: size, size },
  }
}

const records = SIZES.flatMap((size) => Array.from({ length: 6 }, (_, i) => trial(size, i)))

describe('sweep curves under the context conditions', () => {
  test('three curves per sweep and category, in condition order, with case-level accuracy', () => {
    const curves = summarizeSweeps(records, { replicates: 50 })
    expect(curves.map((c) => [c.key, c.condition])).toEqual([
      ['chain-length/math', 'in-graph'],
      ['chain-length/math:isolated', 'isolated'],
      ['chain-length/math:chained', 'chained'],
    ])
    const accuracy = (key: string) => curves.find((c) => c.key === key)!.points.map((p) => p.accuracy)
    expect(accuracy('chain-length/math')).toEqual([1, 1, 0, 0, 0])
    expect(accuracy('chain-length/math:isolated')).toEqual([1, 1, 1, 1, 1])
    expect(accuracy('chain-length/math:chained')).toEqual([1, 1, 1, 1, 0])
    // The in-graph trial's prompt tokens in every condition (not the conditions' own 300 and 150).
    expect(curves.map((c) => c.points[0]!.promptTokensMean)).toEqual([1000, 1000, 1000])
    const [inGraph, isolated, chained] = curves.map((c) => c.fit!.breakingPoint)
    expect(inGraph).toMatchObject({ status: 'inside' })
    expect(isolated).toEqual({ status: 'beyond' })
    expect(chained).toMatchObject({ status: 'inside' })
    expect((chained as { size: number }).size).toBeGreaterThan((inGraph as { size: number }).size)
  })

  test('an infrastructure error counts in every condition’s trials, never in n', () => {
    const broken = makeRecord({
      caseId: 'broken',
      infra: 'HTTP 503',
      sweep: { name: 'chain-length', axis: 'length', value: 1, size: 1 },
    })
    const curves = summarizeSweeps([...records, broken], { replicates: 0 })
    expect(curves.map((c) => [c.points[0]!.trials, c.points[0]!.n, c.points[0]!.infraErrors])).toEqual([
      [7, 6, 1],
      [7, 6, 1],
      [7, 6, 1],
    ])
  })

  test('records without conditions give the in-graph curve alone, as before', () => {
    const plain = records.map(({ conditions: _, ...r }) => r as CaseRecord)
    expect(summarizeSweeps(plain, { replicates: 0 }).map((c) => c.key)).toEqual(['chain-length/math'])
  })

  test('a record that ran a condition without a verdict for a target is rejected, naming it', () => {
    const bad = trial(1, 99)
    bad.conditions!.nodes[1] = { ...bad.conditions!.nodes[1]!, isolated: undefined }
    expect(() => summarizeSweeps([...records, bad], { replicates: 0 })).toThrow(
      'case "chain-length@1/chain/math/MulMod#99" ran the isolated condition but has no isolated verdict for its target "t2"',
    )
  })

  test('terminal and Markdown show every curve; gates read in-graph unless they name a condition', () => {
    const curves = summarizeSweeps(records, { replicates: 50 })
    const text = formatSweepTable(curves)
    expect(text).toContain('sweep chain-length/math · chain length')
    expect(text).toContain('sweep chain-length/math:isolated · chain length')
    expect(formatSweepMarkdown(curves)).toContain('### sweep chain-length/math:chained · chain length')
    expect(evaluateGate(parseGate('sweep:chain-length@16.accuracy>=0.5'), [], curves)).toHaveLength(1)
    expect(evaluateGate(parseGate('sweep:chain-length:isolated@16.accuracy>=0.5'), [], curves)).toEqual([])
    expect(evaluateGate(parseGate('sweep:chain-length/math:chained@8.accuracy>=1'), [], curves)).toEqual([])
    expect(() => parseGate('sweep:chain-length:alone.breaking_point>=2')).toThrow(
      'unknown condition "alone" in "sweep:chain-length:alone" (expected one of in-graph, isolated, chained)',
    )
  })
})
