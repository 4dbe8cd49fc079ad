import { describe, expect, test } from 'vitest'
import { evaluateGate, parseGate } from '../../../src/metrics/gate.ts'
import { planSequentialGate } from '../../../src/metrics/sequential/cell-stream.ts'
import { splitPairedRules } from '../../../src/metrics/sequential/paired-rule.ts'
import {
  replaySequentialGate,
  type SequencedTrial,
  sequentialBroken,
} from '../../../src/metrics/sequential/replay-gate.ts'
import { summarize } from '../../../src/metrics/summarize.ts'
import { streamCells } from '../../../src/vitest/sequential-case.ts'
import { makeRecord } from '../make-record.ts'

/** A cell of `population` trials in order; `outcomes` the first ones run (true = right), the rest not sent. */
function cell(
  population: number,
  outcomes: boolean[],
  suite = 'suites/chain/math.eval.ts',
): SequencedTrial[] {
  return Array.from({ length: population }, (_, order) => {
    const record =
      order < outcomes.length ? makeRecord({ sample: order, correct: outcomes[order]! }) : undefined
    const identity = makeRecord({ sample: order })
    return { suite, order, cells: streamCells(identity), label: '', record, notRun: record === undefined }
  })
}

describe('replaying the sequential gate from a run', () => {
  test('a cell decided after 8 of 400 trials, 8 more in flight recorded, the rest not sent', () => {
    const plan = planSequentialGate(parseGate('chain/math.accuracy>=0.5'), 0.05)
    const trials = cell(400, [...Array(8).fill(true), false, false, false, false, true, true, true, true])
    const [d] = replaySequentialGate(plan, trials, { tasks: false })
    expect(d).toMatchObject({
      cell: 'chain/math',
      population: 400,
      recorded: 16,
      notRun: 384,
      decidedAfter: 8,
      fixedReason: null,
      rules: [{ rule: 'chain/math.accuracy>=0.5', pass: true, by: 'betting', decidedAfter: 8 }],
      // 3 turns and 1,100 tokens per trial sent (make-record.ts), times 384 not sent.
      saved: { calls: 1152, tokens: 422400 },
    })
    expect(d!.rules[0]!.interval!.low).toBeGreaterThan(0.5)
  })

  test('the sequential verdict replaces the fixed-n verdict of the trials recorded', () => {
    const plan = planSequentialGate(parseGate('chain/math.accuracy>=0.5'), 0.05)
    // Decided pass on the first 8; the 8 recorded in flight were wrong: fixed-n on 16 is 0.5, on 20 below.
    const outcomes = [...Array(8).fill(true), ...Array(12).fill(false)]
    const trials = cell(400, outcomes)
    const decisions = replaySequentialGate(plan, trials, { tasks: false })
    const records = trials.flatMap((t) => (t.record ? [t.record] : []))
    const { cells } = summarize(records)
    const fixed = evaluateGate(plan.rules, cells)
    expect(fixed).toHaveLength(1)
    expect(sequentialBroken(decisions, fixed, plan.rules, cells)).toEqual([])
  })

  test('a rule the sequential test failed is broken even when the fixed-n check missed it, with the cell’s value', () => {
    const plan = planSequentialGate(parseGate('chain/math.accuracy<=0.5'), 0.05)
    const trials = cell(400, Array(8).fill(true))
    const decisions = replaySequentialGate(plan, trials, { tasks: false })
    expect(decisions[0]!.rules[0]).toMatchObject({ pass: false })
    const records = trials.flatMap((t) => (t.record ? [t.record] : []))
    const { cells } = summarize(records)
    const broken = sequentialBroken(decisions, [], plan.rules, cells)
    expect(broken.map((b) => [b.rule.text, b.cell, b.actual])).toEqual([
      ['chain/math.accuracy<=0.5', 'chain/math', 1],
    ])
  })

  test('two suites in one cell, or a repeated place in the order, run fixed-n', () => {
    const plan = planSequentialGate(parseGate('*.accuracy>=0.5'), 0.05)
    const trials = [
      ...cell(20, Array(20).fill(true), 'a.eval.ts'),
      ...cell(20, Array(20).fill(true), 'b.eval.ts'),
    ]
    const [d] = replaySequentialGate(plan, trials, { tasks: false })
    expect(d!.fixedReason).toBe('fixed-n: its cases come from more than one suite')
    expect(d!.decidedAfter).toBeNull()
  })

  test('a baseline rule fails on a significant regression against the baseline’s trials', () => {
    const { paired } = splitPairedRules('chain/math.accuracy>=baseline')
    const plan = planSequentialGate([], 0.05, paired)
    const trials = cell(100, Array(40).fill(false))
    const baseline = new Map(
      trials.map((t) => [`${t.record?.caseId ?? 'x'}#0`, { correct: true, exact: true }]),
    )
    const [d] = replaySequentialGate(plan, trials, { tasks: false, baseline })
    expect(d!.rules).toEqual([
      { rule: 'chain/math.accuracy>=baseline', pass: false, by: 'betting', decidedAfter: 8, interval: null },
    ])
    // Without a baseline nothing is paired and nothing decided.
    const [none] = replaySequentialGate(plan, trials, { tasks: false })
    expect(none!.rules[0]!.pass).toBeNull()
  })
})
