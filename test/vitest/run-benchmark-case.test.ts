/**
 * The one case runner, as ArbiGraph's suites and sweeps use it: the follow-up step (the context
 * conditions) asks through the suite's harness with the case's own context — its id, epoch and
 * the epoch's sampling seed — and runs only for a scored record and only when the run gives its
 * tools; a record without a transcript names the harness's declared protocol. A harness a suite
 * passes as a setting still yields to the run's ARBIGRAPH_HARNESS and ARBIGRAPH_PROTOCOL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { arbigraphBenchmark } from '../../src/arbigraph-benchmark.ts'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import { defineHarness, type Harness } from '../../src/contracts/harness.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { reportedTranscript } from '../../src/harness/reported-transcript.ts'
import { toolAgent } from '../../src/harness/tool-agent.ts'
import { pyRepr } from '../../src/values.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { offlineContext } from '../fixtures/harness/offline-context.ts'

const [suiteCase] = await suiteCases(
  { topology: 'chain', options: { length: 3 }, category: 'math', targets: ['DivisorSum'], samplesPerTask: 1 },
  { samples: undefined, epochs: 1, seed: undefined },
)
const { instance } = suiteCase!
const identity = { ...suiteCase!.identity, epoch: 2 }
const truth = Object.fromEntries(
  instance.nodes.map((node) => [`task_${node.number}_out`, pyRepr(node.output)]),
)
const budget = { maxTurns: 3, repairBudget: { toolRepair: 1, finalAnswerRepair: 1, cutoffRepair: 1 } }
const benchCase = (conditions: readonly ('in-graph' | 'isolated' | 'chained')[]) => ({
  name: suiteCase!.name,
  identity,
  input: { instance, epoch: 2, budget, conditions },
})

/** A harness that answers every asked output rightly, noting what each call was given. */
function truthful(
  calls: { id: string; epoch: number; fields: unknown; expected: readonly string[] }[],
): Harness {
  return defineHarness({
    name: 'truthful',
    run: async (testCase, context) => {
      calls.push({
        id: testCase.id,
        epoch: testCase.epoch,
        fields: context.requestFields,
        expected: testCase.expected,
      })
      const answers = Object.fromEntries(testCase.expected.map((name) => [name, truth[name]!]))
      return { answers, transcript: reportedTranscript({ answers }, testCase.expected) }
    },
  })
}

const context = offlineContext
const registry = await threadRegistry(process.cwd())
const announced: number[] = []
const tools = {
  registry,
  registerSim: async (cases: readonly unknown[], who: string) => {
    expect(who).toBe('context conditions')
    announced.push(cases.length)
  },
}

describe('runBenchmarkCase', () => {
  it('runs the follow-up step through the same harness, case id, epoch and seed', async () => {
    const calls: Parameters<typeof truthful>[0] = []
    const record = await runBenchmarkCase(
      arbigraphBenchmark,
      benchCase(['in-graph', 'isolated']),
      truthful(calls),
      context,
      tools,
    )
    expect(checkCaseRecord(record)).toEqual(record)
    expect(record.grade?.correct).toBe(true)
    expect(record.conditions?.ran).toEqual(['in-graph', 'isolated'])
    expect(record.conditions?.nodes).toHaveLength(instance.outputs.length)
    // The in-graph case, then one isolated prompt per node.
    expect(calls).toHaveLength(1 + instance.nodes.length)
    expect(calls[0]!.expected).toEqual(instance.outputs)
    for (const call of calls)
      expect(call).toMatchObject({ id: identity.caseId, epoch: 2, fields: { seed: 2 } })
    expect(announced.length).toBeGreaterThan(0)
  })

  it('skips the follow-up step without the run tools, and for an infrastructure record', async () => {
    const calls: Parameters<typeof truthful>[0] = []
    const alone = await runBenchmarkCase(
      arbigraphBenchmark,
      benchCase(['in-graph', 'isolated']),
      truthful(calls),
      context,
    )
    expect(alone.conditions).toBeUndefined()
    expect(calls).toHaveLength(1)
    let asked = 0
    const down = defineHarness({
      name: 'down',
      protocol: 'text',
      run: async () => {
        asked++
        throw new ArbigraphError('ARBIGRAPH_ENDPOINT', 'down: HTTP 503 after retries')
      },
    })
    const record = await runBenchmarkCase(
      arbigraphBenchmark,
      benchCase(['in-graph', 'isolated']),
      down,
      context,
      tools,
    )
    expect(asked).toBe(1)
    expect(record).toMatchObject({
      harness: 'down',
      protocol: 'text',
      grade: null,
      infraError: { reason: 'down: HTTP 503 after retries' },
    })
    expect(record.conditions).toBeUndefined()
  })
})

describe("ArbiGraph's suiteHarness", () => {
  afterEach(() => vi.unstubAllEnvs())

  it("keeps the suite's harness unless the run chooses one for every suite", () => {
    const mine = truthful([])
    vi.stubEnv('ARBIGRAPH_HARNESS', '')
    vi.stubEnv('ARBIGRAPH_PROTOCOL', '')
    expect(arbigraphBenchmark.suiteHarness!(mine, registry)).toBe(mine)
    vi.stubEnv('ARBIGRAPH_HARNESS', 'http://127.0.0.1:9/case')
    expect(arbigraphBenchmark.suiteHarness!(mine, registry).name).toBe('http-agent')
    vi.stubEnv('ARBIGRAPH_HARNESS', '')
    vi.stubEnv('ARBIGRAPH_PROTOCOL', 'text')
    expect(arbigraphBenchmark.suiteHarness!(toolAgent(), registry).protocol).toBe('text')
  })
})
