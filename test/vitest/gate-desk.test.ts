/**
 * The sequential gate's desk over real loopback HTTP, as workers use it: suites open streams,
 * cases ask before sending and report their outcomes in whatever order they finish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseGate } from '../../src/metrics/gate.ts'
import { planSequentialGate, streamKey } from '../../src/metrics/sequential/cell-stream.ts'
import { type GateDesk, startGateDesk } from '../../src/vitest/gate-desk.ts'
import { openStreams, reportOutcome, sequenceCases, shouldRun } from '../../src/vitest/sequential-case.ts'

const identity = (task: string, sample: number) => ({
  caseId: `${task}#${sample}`,
  instanceId: `${task}#${sample}`,
  topology: 'chain',
  category: 'math',
  task,
  sample,
  epoch: 0,
})
const cases = Array.from({ length: 60 }, (_, i) => ({
  identity: identity(i % 2 ? 'MulMod' : 'DivisorSum', i),
}))
const record = (correct: boolean) => ({ caseId: 'x', epoch: 0, grade: { correct, exact: correct } })

describe('gate desk', () => {
  let desk: GateDesk
  beforeAll(async () => {
    desk = await startGateDesk(planSequentialGate(parseGate('chain/math.accuracy>=0.5'), 0.05), {
      tasks: false,
      baseline: new Map(),
    })
  })
  afterAll(() => desk.close())

  test('cases are placed in their cell and task streams, positions in the seeded order', () => {
    const { ordered, openings } = sequenceCases(cases, 'chain/math')
    expect(openings.map((o) => ['task' in o.cell ? o.cell.task : undefined, o.population])).toEqual([
      [null, 60],
      [ordered[0]!.c.identity.task, 30],
      [ordered.find((o) => o.c.identity.task !== ordered[0]!.c.identity.task)!.c.identity.task, 30],
    ])
    expect(ordered.map((o) => o.entries[0]!.position)).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect(ordered.map((o) => o.c)).not.toEqual(cases)
  })

  test('a decided cell holds its remaining cases back; outcomes may finish out of order', async () => {
    const { ordered, openings } = sequenceCases(cases, 'chain/math')
    await openStreams(desk.url, 'suite A', openings)
    expect(await shouldRun(desk.url, ordered[0]!.entries)).toBe(true)
    // Eight right answers, the first one finishing last.
    for (const o of ordered.slice(1, 8)) await reportOutcome(desk.url, o.entries, record(true), false)
    expect(await shouldRun(desk.url, ordered[9]!.entries)).toBe(true)
    await reportOutcome(desk.url, ordered[0]!.entries, record(true), false)
    expect(await shouldRun(desk.url, ordered[9]!.entries)).toBe(false)
    const stream = desk.streams.get(
      streamKey({ topology: 'chain', category: 'math', task: null, suite: '' }),
    )!
    // In a cell of 60, seven straight successes suffice: the cases left must make up the rest.
    expect(stream.tests[0]!.decidedAfter).toBe(7)
    expect(stream.fed).toBe(8)
  })

  test('a case of a benchmark without cells is never held back; an unreachable desk says run', async () => {
    expect(await shouldRun(desk.url, [])).toBe(true)
    expect(await shouldRun('http://127.0.0.1:9', [{ key: 'x', position: 0 }])).toBe(true)
  })

  test('a second suite opening the same cell makes it fixed-n', async () => {
    const other = await startGateDesk(planSequentialGate(parseGate('*.accuracy>=0.5'), 0.05), {
      tasks: false,
      baseline: new Map(),
    })
    const { openings } = sequenceCases(cases, 'chain/math')
    await openStreams(other.url, 'suite A', openings)
    await openStreams(other.url, 'suite B', openings)
    const stream = other.streams.get(
      streamKey({ topology: 'chain', category: 'math', task: null, suite: '' }),
    )!
    expect(stream.fixedReason).toBe('fixed-n: its cases come from more than one suite')
    await other.close()
  })
})
