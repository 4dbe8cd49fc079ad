/**
 * The sequential gate on Long-Transduction's cells, on real documents: a grid of the arithmetic
 * family generated as a suite generates it, answered by the noisy simulator's text (in-process)
 * and scored. Checked: the benchmark's stream hook places a document in the cell its record is
 * gated in, before it runs; a stream of document outcomes (record accuracy in [0, 1], exact
 * completion 0/1) is decided by the same betting tests; the desk, fed over loopback in a
 * scrambled finishing order, and the replay from the records reach the same decision, bit for
 * bit; the verdict replaces the fixed-n one on the cases recorded; and what stays fixed-n says why.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { transduction } from '../../../plugins/transduction/benchmark.ts'
import type { TransductionRecord } from '../../../plugins/transduction/record.ts'
import type { TransductionSuiteCase } from '../../../plugins/transduction/suite/cases.ts'
import { transductionSuiteCases } from '../../../plugins/transduction/suite/cases.ts'
import { transductionRecord } from '../../../plugins/transduction/suite/score-record.ts'
import { fixedRuleNotes } from '../../../reporters/sequential-decisions.ts'
import { sequentialGateReporter } from '../../../reporters/sequential-gate.ts'
import type { AnyBenchmark } from '../../../src/contracts/benchmark.ts'
import { benchmarkReadings } from '../../../src/metrics/benchmark-gate.ts'
import { evaluateGate, parseGate } from '../../../src/metrics/gate.ts'
import { observe, startBettingTest, verdictOf } from '../../../src/metrics/sequential/betting-test.ts'
import {
  isStreamDecided,
  openStream,
  planSequentialGate,
  recordTrial,
} from '../../../src/metrics/sequential/cell-stream.ts'
import {
  replaySequentialGate,
  type SequencedTrial,
  sequentialBroken,
} from '../../../src/metrics/sequential/replay-gate.ts'
import { createRng } from '../../../src/rng.ts'
import { noisyTransductionText } from '../../../src/sim/personas/transduction.ts'
import { type GateDesk, startGateDesk } from '../../../src/vitest/gate-desk.ts'
import {
  caseStreamCells,
  NOT_RUN_GATE_DECIDED,
  openStreams,
  reportOutcome,
  SWEEP_RUNS_IN_FULL,
  sequenceCases,
  shouldRun,
} from '../../../src/vitest/sequential-case.ts'

const bench = transduction as AnyBenchmark
const gate = transduction.gate!
const cases: TransductionSuiteCase[] = transductionSuiteCases(
  { family: 'arithmetic' },
  { budgets: ['4K'], samples: 3 },
  '0',
)
// Each document answered with the noisy simulator's text: most records right, some documents exact.
const recordOf = new Map<TransductionSuiteCase, TransductionRecord>(
  cases.map((c, i) => [
    c,
    transductionRecord(
      c.input,
      'sim:noisy',
      {
        status: 'completed',
        content: noisyTransductionText(c.input.expectedText, createRng(`stream/${i}`), 1),
        promptTokens: 100 + i,
        completionTokens: 10 * i,
        latencyMs: 1,
      },
      c.identity,
    ),
  ]),
)
const cell = { benchmark: 'transduction', cell: 'arithmetic/4K' }

/** The replay's trial of a sequenced case: scored by its record, or not run when it has none. */
const trialOf = (
  suite: string,
  o: { c: TransductionSuiteCase; order: number },
  record: TransductionRecord | undefined,
  fixed?: string,
): SequencedTrial => ({
  suite,
  order: o.order,
  cells: caseStreamCells(bench)(o.c.identity),
  label: '',
  record: undefined,
  ...(record ? { scored: { values: gate.values(record), cost: gate.stream!.cost(record) } } : {}),
  notRun: record === undefined,
  ...(fixed ? { fixed } : {}),
})

describe("Long-Transduction's gate stream hook", () => {
  it('names the cell a record is gated in from the identity alone, and what the record cost', () => {
    for (const c of cases) {
      const record = recordOf.get(c)!
      expect(gate.stream!.cells(c.identity)).toEqual([gate.cell(record)])
      expect(gate.stream!.cost(record)).toEqual({
        calls: 1,
        tokens: record.tokens.prompt + record.tokens.completion,
      })
    }
    expect(gate.stream!.cells({ documentId: 'x' })).toEqual([])
    expect(caseStreamCells(bench)(cases[0]!.identity)).toEqual([cell])
  })

  it('the documents mix partial and exact outcomes (the test data is not degenerate)', () => {
    const values = cases.map((c) => gate.values(recordOf.get(c)!)!)
    expect(values.some((v) => v.accuracy! < 1)).toBe(true)
    expect(values.some((v) => v.exact === 1)).toBe(true)
    expect(values.some((v) => v.exact === 0)).toBe(true)
  })
})

describe('a stream of Long-Transduction outcomes', () => {
  const rules = parseGate('transduction:*.accuracy>=0.5,transduction:arithmetic/4K.exact>=0.1')

  it('rules on a streaming benchmark are sequential, α split over them; on another they stay fixed-n and say so', () => {
    const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
    expect(plan.sequential).toEqual(rules)
    expect(plan.alphaPerRule).toBe(0.025)
    expect(fixedRuleNotes(rules, plan)).toEqual([])
    const fixed = planSequentialGate(rules, 0.05)
    expect(fixed.sequential).toEqual([])
    expect(fixedRuleNotes(rules, fixed)[0]).toBe(
      '"transduction:*.accuracy>=0.5" is checked fixed-n on the cases run (transduction declares no gate stream)',
    )
    // ArbiGraph's rules never read a benchmark's cell, nor its rules ArbiGraph's.
    const mixed = planSequentialGate(parseGate('*.accuracy>=0.5'), 0.05, [], ['transduction'])
    expect(openStream(mixed, cell, 36).fixedReason).toBe('fixed-n: no gate rule reads this cell')
    const lt = openStream(plan, { topology: 'chain', category: 'math', task: null, suite: '' }, 10)
    expect(lt.tests).toEqual([])
  })

  it('is fed the document values in the random order, decided early, and waits for a missing position', () => {
    const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
    const stream = openStream(plan, cell, cases.length)
    const values = cases.map((c) => gate.values(recordOf.get(c)!)!)
    // Position 0 arrives last: nothing is fed until it does.
    for (let i = 1; i < 12; i++) recordTrial(stream, i, { values: values[i]! })
    expect(stream.fed).toBe(0)
    recordTrial(stream, 0, { values: values[0]! })
    expect(stream.fed).toBe(12)
    for (let i = 12; i < cases.length && !isStreamDecided(stream); i++)
      recordTrial(stream, i, { values: values[i]! })
    expect(isStreamDecided(stream)).toBe(true)
    expect(stream.fed).toBeLessThan(cases.length)
    // The accuracy test summed the document accuracies in stream order, exactly.
    const accuracy = stream.tests.find((t) => t.metric === 'accuracy')!
    let sum = 0
    for (const v of values.slice(0, accuracy.test.n)) sum += v.accuracy!
    expect(accuracy.test.sum).toBe(sum)
    expect(accuracy.verdict).toMatchObject({ decided: true, pass: true })
  })

  it('a value outside [0, 1] makes the cell fixed-n, naming the case and the value', () => {
    const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
    const stream = openStream(plan, cell, 10)
    recordTrial(stream, 0, { values: { accuracy: 1.5, exact: 1 } })
    expect(stream.fixedReason).toBe('fixed-n: case 1 of 10 has accuracy 1.5, not a value in [0, 1]')
    const missing = openStream(plan, cell, 10)
    recordTrial(missing, 0, { values: { accuracy: 0.5 } })
    expect(missing.fixedReason).toBe('fixed-n: case 1 of 10 has exact NaN, not a value in [0, 1]')
  })

  it('counting decides a float mean only beyond its rounding; within it the fixed-n verdict stands', () => {
    // Three documents at 0.1: their float sum is 0.30000000000000004, the threshold's mean 0.1.
    const test = startBettingTest({ threshold: 0.1, op: '>=', population: 3, alpha: 0.05 })
    for (let i = 0; i < 3; i++) observe(test, 0.1)
    expect(verdictOf(test)).toEqual({ decided: false })
    const clear = startBettingTest({ threshold: 0.1, op: '>=', population: 3, alpha: 0.05 })
    for (let i = 0; i < 3; i++) observe(clear, 0.2)
    expect(verdictOf(clear)).toEqual({ decided: true, pass: true, by: 'count' })
    // 0/1 outcomes sum exactly: at the threshold itself, decided.
    const exact = startBettingTest({ threshold: 0.5, op: '>=', population: 2, alpha: 0.05 })
    observe(exact, 1)
    observe(exact, 0)
    expect(verdictOf(exact)).toEqual({ decided: true, pass: true, by: 'count' })
  })
})

describe('the desk and the replay on Long-Transduction cases', () => {
  const rules = parseGate('transduction:*.accuracy>=0.5,transduction:arithmetic/4K.exact>=0.1')
  const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
  const { ordered, openings } = sequenceCases(cases, 'transduction/arithmetic', caseStreamCells(bench))
  let desk: GateDesk
  const sent = new Set<number>()
  beforeAll(async () => {
    desk = await startGateDesk(plan, { tasks: false, baseline: new Map() })
    await openStreams(desk.url, 'suite', openings)
    // Four cases in flight at a time, finishing in reverse: the desk must still feed the random order.
    for (let start = 0; start < ordered.length; start += 4) {
      const wave = []
      for (const o of ordered.slice(start, start + 4)) if (await shouldRun(desk.url, o.entries)) wave.push(o)
      for (const o of wave.reverse()) {
        sent.add(o.order)
        await reportOutcome(desk.url, o.entries, recordOf.get(o.c), false, bench)
      }
    }
  })
  afterAll(() => desk.close())

  it('the cases of the cell run in the seeded random order, and fewer than all are sent', () => {
    expect(openings).toEqual([{ cell, population: cases.length }])
    expect(ordered.map((o) => o.c)).not.toEqual(cases)
    expect(sequenceCases(cases, 'transduction/arithmetic', caseStreamCells(bench)).ordered).toEqual(ordered)
    expect(sent.size).toBeLessThan(cases.length)
    expect(sent.size % 4).toBe(0)
  })

  it('the replay from the records reaches the desk’s decision exactly; unsent cases count as saved', () => {
    const live = desk.streams.get(JSON.stringify(['transduction', 'arithmetic/4K']))!
    const trials = ordered.map((o) => trialOf('suite', o, sent.has(o.order) ? recordOf.get(o.c)! : undefined))
    const [d] = replaySequentialGate(plan, trials, { tasks: false })
    expect(d).toMatchObject({
      cell: 'transduction:arithmetic/4K',
      population: cases.length,
      recorded: sent.size,
      notRun: cases.length - sent.size,
      fixedReason: null,
    })
    expect(d!.decidedAfter).toBe(Math.max(...live.tests.map((t) => t.decidedAfter!)))
    expect(d!.rules.map((r) => [r.rule, r.pass, r.decidedAfter])).toEqual(
      live.tests.map((t) => [t.rule.text, t.verdict.decided && t.verdict.pass, t.decidedAfter]),
    )
    // Saved: the unsent documents at the mean cost of those sent (one call each).
    const ran = trials.flatMap((t) => (t.scored ? [t.scored.cost] : []))
    const tokens = ran.reduce((sum, c) => sum + c.tokens, 0)
    expect(d!.saved).toEqual({
      calls: d!.notRun,
      tokens: Math.round((d!.notRun * tokens) / ran.length),
    })
    expect(d!.rules[0]!.interval!.low).toBeGreaterThan(0.5)

    // The sequential verdict replaces the fixed-n one of the documents recorded, and a rule it
    // failed is broken with the cell's fixed-n value.
    const recorded = trials.flatMap((t, i) => (t.scored ? [recordOf.get(ordered[i]!.c)!] : []))
    const sources = [{ bench, records: recorded }]
    const fixed = evaluateGate(rules, [], [], sources)
    expect(sequentialBroken([d!], fixed, rules, [], sources)).toEqual([])
    const failing = { ...d!, rules: d!.rules.map((r, i) => (i === 0 ? { ...r, pass: false } : r)) }
    const [reading] = benchmarkReadings(rules[0]!.benchmark!, 'accuracy', sources, rules[0]!.text)
    expect(sequentialBroken([failing], fixed, rules, [], sources)).toEqual([
      { rule: rules[0], cell: 'transduction:arithmetic/4K', actual: reading!.actual },
    ])
  })
})

describe('a benchmark sweep in a sequential run', () => {
  const rules = parseGate('transduction:*.accuracy>=0.5')
  const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
  const { ordered, openings } = sequenceCases(cases, 'sweep:transduction-budget', caseStreamCells(bench))

  it('keeps the cells its cases share fixed-n, at the desk and in the replay alike: every case is sent', async () => {
    const desk = await startGateDesk(plan, { tasks: false, baseline: new Map() })
    try {
      await openStreams(desk.url, 'sweep', openings, SWEEP_RUNS_IN_FULL)
      let sent = 0
      for (const o of ordered)
        if (await shouldRun(desk.url, o.entries)) {
          sent += 1
          await reportOutcome(desk.url, o.entries, recordOf.get(o.c), false, bench)
        }
      expect(sent).toBe(cases.length)
      const [live] = desk.streams.values()
      expect(live!.fixedReason).toBe(SWEEP_RUNS_IN_FULL)
    } finally {
      await desk.close()
    }
    const trials = ordered.map((o) => trialOf('sweep', o, recordOf.get(o.c)!, SWEEP_RUNS_IN_FULL))
    const [d] = replaySequentialGate(plan, trials, { tasks: false })
    expect(d).toMatchObject({ decidedAfter: null, fixedReason: SWEEP_RUNS_IN_FULL, notRun: 0 })
  })
})

describe('the sequential gate reporter on a Long-Transduction run', () => {
  // The run's tests as Vitest hands them to reporters: the first 12 of the order sent, the rest not.
  const { ordered } = sequenceCases(cases, 'transduction/arithmetic', caseStreamCells(bench))
  const tests = ordered.map(
    (o) =>
      ({
        options: { mode: 'run' },
        name: o.c.name,
        fullName: `transduction/arithmetic ${o.c.name}`,
        module: { moduleId: '/p/suites/transduction/arithmetic.eval.ts', relativeModuleId: 'x' },
        parent: { type: 'suite', fullName: 'transduction/arithmetic' },
        result: () => ({ state: o.order < 12 ? 'passed' : 'skipped', errors: [] }),
        meta: () => ({
          arbigraphBenchmark: 'transduction',
          arbigraphCase: o.c.identity,
          arbigraphOrder: o.order,
          ...(o.order < 12 ? { arbigraph: recordOf.get(o.c) } : { arbigraphGate: NOT_RUN_GATE_DECIDED }),
        }),
      }) as unknown as TestCase,
  )
  const modules = [
    { moduleId: '/p/suites/transduction/arithmetic.eval.ts', children: { allTests: () => tests } },
  ] as unknown as TestModule[]
  const gate = async (text: string) => {
    const rules = parseGate(text)
    const plan = planSequentialGate(rules, 0.05, [], ['transduction'])
    const reporter = sequentialGateReporter(rules, { plan, baseline: new Map(), benchmarks: [bench] })
    const lines: string[] = []
    const logger = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) }
    reporter.onInit?.({ config: {}, logger } as unknown as Vitest)
    const exitCode = process.exitCode
    try {
      await reporter.onTestRunEnd?.([...modules], [], 'passed')
      return { lines, failed: process.exitCode === 1 }
    } finally {
      process.exitCode = exitCode
    }
  }

  it('refuses to judge a simulated Long-Transduction run unless allowed', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '')
    try {
      const { lines, failed } = await gate('transduction:*.accuracy>=0.5')
      expect(lines[0]).toMatch(/^gate: refused — these results are SIMULATED/)
      expect(failed).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('prints the cell’s decision and the verdict; a rule it failed is broken with the cell’s value', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    try {
      const pass = await gate('transduction:*.accuracy>=0.5')
      expect(pass.lines[1]).toMatch(
        /^ {2}transduction:arithmetic\/4K: decided after \d+ of 36 cases; "transduction:\*\.accuracy>=0\.5" pass at α=0\.05, rate in \[[\d.]+%, [\d.]+%\]; 24 cases not run: gate decided/,
      )
      expect(pass.lines.at(-1)).toBe('gate: all 1 rule(s) hold')
      expect(pass.failed).toBe(false)
      const fail = await gate('transduction:*.accuracy<=0.5')
      expect(fail.lines.some((l) => /"transduction:\*\.accuracy<=0\.5" fail at α=0\.05/.test(l))).toBe(true)
      // The fixed-n value of the 12 documents recorded, recomputed here from their records.
      const sent = ordered.filter((o) => o.order < 12).map((o) => recordOf.get(o.c)!.score!.accuracy)
      const mean = sent.reduce((a, b) => a + b, 0) / sent.length
      expect(fail.lines).toContain(
        `gate: rule "transduction:*.accuracy<=0.5" is broken: transduction:arithmetic/4K has accuracy ${Number(mean.toFixed(4))}`,
      )
      expect(fail.failed).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
