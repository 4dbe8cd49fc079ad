/**
 * runCase with a harness other than the tool agent: what the harness answers is graded and
 * recorded under its name; a result that breaks the contract or a failed endpoint becomes an
 * infrastructure-error record, never a model failure. Registration: a harness name registered
 * twice, or a config entry that is not a harness, is refused naming the culprit.
 */
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config.ts'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import { defineHarness, type Harness } from '../../src/contracts/harness.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { reportedTranscript } from '../../src/harness/reported-transcript.ts'
import { createRegistry } from '../../src/registry.ts'
import { pyRepr } from '../../src/values.ts'
import { suiteCases } from '../../src/vitest/define-suite.ts'
import { runCase } from '../../src/vitest/run-case.ts'

const [suiteCase] = await suiteCases(
  { topology: 'chain', options: { length: 2 }, category: 'math', targets: ['DivisorSum'], samplesPerTask: 1 },
  { samples: undefined, epochs: 1, seed: undefined },
)
const { instance, identity } = suiteCase!
const truth = Object.fromEntries(
  instance.nodes.map((node) => [`task_${node.number}_out`, pyRepr(node.output)]),
)

const answering = (answers: Record<string, string>): Harness =>
  defineHarness({
    name: 'fixed-answers',
    run: async (testCase) => ({ answers, transcript: reportedTranscript({ answers }, testCase.expected) }),
  })

const options = (harness: Harness) => ({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', harness, identity })

describe('runCase with a harness value', () => {
  it('grades its answers and names it in the record', async () => {
    const right = await runCase(instance, options(answering(truth)))
    expect(checkCaseRecord(right)).toEqual(right)
    expect(right).toMatchObject({
      harness: 'fixed-answers',
      protocol: 'chat',
      infraError: null,
      status: 'success',
    })
    expect(right.grade?.correct).toBe(true)
    const target = instance.outputs.at(-1)!
    const wrong = await runCase(instance, options(answering({ ...truth, [target]: '-1' })))
    expect(wrong.grade?.correct).toBe(false)
    expect(wrong.infraError).toBeNull()
  })

  it('hands the harness the case and the run context', async () => {
    const seen: unknown[] = []
    const spy = defineHarness({
      name: 'spy',
      run: async (testCase, context) => {
        seen.push({ testCase, endpoint: context.endpoint, fields: context.requestFields })
        return { answers: {}, transcript: reportedTranscript({ answers: {} }, testCase.expected) }
      },
    })
    const budget = { maxTurns: 3, repairBudget: { toolRepair: 1, finalAnswerRepair: 1, cutoffRepair: 1 } }
    await runCase(instance, { ...options(spy), budget, identity: { ...identity, epoch: 2 } })
    expect(seen).toEqual([
      {
        testCase: {
          id: identity.caseId,
          epoch: 2,
          prompt: instance.prompt,
          expected: instance.outputs,
          budget,
        },
        endpoint: 'http://127.0.0.1:9/v1',
        fields: { seed: 2 },
      },
    ])
  })

  it('records a result that breaks the contract as an infrastructure error naming the harness', async () => {
    const broken = defineHarness({
      name: 'broken',
      run: async () => ({ answers: { task_1_out: 3 } }) as never,
    })
    const record = await runCase(instance, options(broken))
    expect(record).toMatchObject({ harness: 'broken', grade: null })
    expect(record.infraError?.reason).toMatch(/^harness "broken" returned a bad result: /)
  })

  it('records an answer to an output the case does not have as an infrastructure error, as httpAgent does', async () => {
    // Right answers plus one more: the harness is broken, so the case is neither right nor wrong.
    const extra = await runCase(instance, options(answering({ ...truth, task_99_out: '1' })))
    expect(extra.grade).toBeNull()
    expect(extra.infraError?.reason).toBe(
      `harness "fixed-answers" returned a bad result: answers.task_99_out: not an output of this case (expected ${instance.outputs.map((n) => `"${n}"`).join(', ')})`,
    )
    const proto = await runCase(
      instance,
      options(answering({ ...truth, ...(JSON.parse('{"__proto__": "1"}') as Record<string, string>) })),
    )
    expect(proto.grade).toBeNull()
    expect(proto.infraError?.reason).toContain('answers.__proto__: a prototype key, not an output name')
  })

  it('records an endpoint failure as an infrastructure error; any other rejection propagates', async () => {
    const failing = defineHarness({
      name: 'failing',
      run: async () => {
        throw new ArbigraphError('ARBIGRAPH_ENDPOINT', 'failing: HTTP 503 after retries')
      },
    })
    const record = await runCase(instance, options(failing))
    expect(record).toMatchObject({
      harness: 'failing',
      grade: null,
      infraError: { reason: 'failing: HTTP 503 after retries' },
    })
    const buggy = defineHarness({
      name: 'buggy',
      run: async () => {
        throw new TypeError('x is undefined')
      },
    })
    await expect(runCase(instance, options(buggy))).rejects.toThrow('x is undefined')
  })
})

describe('registering harnesses', () => {
  const mine = answering({})

  it('refuses one name from two plugins, naming both', () => {
    expect(() =>
      createRegistry([
        { name: 'a', harnesses: [mine] },
        { name: 'b', harnesses: [mine] },
      ]),
    ).toThrow('plugin "b" registers harness "fixed-answers", already registered by plugin "a"')
  })

  it('refuses a config entry that is not a harness, naming its path', () => {
    expect(() =>
      resolveConfig({ plugins: [{ name: 'p', harnesses: [{ name: 'x' }] }] }, 'arbigraph.config.ts'),
    ).toThrow(
      'arbigraph.config.ts: plugins[0].harnesses[0]: expected a harness: { name (kebab-case), run(case, context)',
    )
  })
})
