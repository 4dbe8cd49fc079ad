/**
 * The built-in harnesses against the simulator over loopback: the tool agent as a value answers
 * like runToolAgent (and takes its budgets from the case unless told otherwise), the single-shot
 * harness turns one streamed request into a one-turn transcript, and a suite's harness option,
 * ARBIGRAPH_HARNESS and ARBIGRAPH_PROTOCOL select what they say.
 */
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multichain } from '../../plugins/topologies/multichain.ts'
import { topologyBudget } from '../../src/agent/profile.ts'
import type { HarnessCase, HarnessContext } from '../../src/contracts/harness.ts'
import { checkHarnessResult, defineHarness } from '../../src/contracts/harness.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import { checkHarnessEnv } from '../../src/harness/harness-env.ts'
import { reportedTranscript } from '../../src/harness/reported-transcript.ts'
import { singleShot, singleShotStatus, singleShotTranscript } from '../../src/harness/single-shot.ts'
import { suiteHarness } from '../../src/harness/suite-harness.ts'
import { caseProfile, toolAgent } from '../../src/harness/tool-agent.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { pyRepr } from '../../src/values.ts'
import { suiteCases } from '../../src/vitest/define-suite.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'

let sim: SimServer
let instance: Instance
beforeAll(async () => {
  const [c] = await suiteCases(
    {
      topology: 'chain',
      options: { length: 3 },
      category: 'math',
      targets: ['DivisorSum'],
      samplesPerTask: 1,
    },
    { samples: undefined, epochs: 1, seed: undefined },
  )
  instance = c!.instance
  sim = await startSimServer({ persona: 'sim:oracle' })
  sim.register([simCaseOf(instance)])
})
afterAll(() => sim.close())

const contextOf = (extra: Partial<HarnessContext> = {}): HarnessContext => ({
  endpoint: sim.url,
  model: sim.model,
  apiKey: 'arbigraph',
  signal: new AbortController().signal,
  log: () => {},
  ...extra,
})
const caseOf = (extra: Partial<HarnessCase> = {}): HarnessCase => ({
  id: instance.id,
  epoch: 0,
  prompt: instance.prompt,
  expected: instance.outputs,
  ...extra,
})

describe('toolAgent', () => {
  it('answers every output right against the oracle, its answers those of the transcript', async () => {
    const harness = toolAgent()
    expect([harness.name, harness.protocol]).toEqual(['tool-agent', 'chat'])
    const result = checkHarnessResult(
      await harness.run(caseOf(), contextOf()),
      harness.name,
      instance.outputs,
    )
    expect(result.transcript.status).toBe('success')
    const truth = Object.fromEntries(
      instance.nodes.map((node) => [`task_${node.number}_out`, pyRepr(node.output)]),
    )
    expect(result.answers).toEqual(Object.fromEntries(instance.outputs.map((name) => [name, truth[name]])))
    expect(gradeInstance(instance, new Map(Object.entries(result.answers))).correct).toBe(true)
  })

  it('lets its own fields win over the run timeouts, and those over the case budget', () => {
    const budget = topologyBudget(multichain)
    const fromCase = caseProfile({}, { budget }, { timeouts: { requestMs: 1234, idleMs: 99 } })
    expect(fromCase).toMatchObject({ maxTurns: 2000, requestTimeoutMs: 1234, idleTimeoutMs: 99 })
    expect(fromCase.repairBudget).toEqual({ toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 })
    const own = caseProfile(
      { maxTurns: 9, requestTimeoutMs: 5, repairBudget: { toolRepair: 1 } },
      { budget },
      { timeouts: { requestMs: 1234 } },
    )
    expect(own).toMatchObject({ maxTurns: 9, requestTimeoutMs: 5 })
    expect(own.repairBudget).toEqual({ toolRepair: 1, finalAnswerRepair: 24, cutoffRepair: 24 })
  })

  it('rejects a bad profile field where it is written', () => {
    expect(() => toolAgent({ maxTurns: 0 })).toThrow(/harness profile: maxTurns: /)
  })
})

describe('singleShot', () => {
  it('makes one streamed request whose content answers the one output', async () => {
    const harness = singleShot({ maxTokens: 4096 })
    const result = await harness.run(caseOf({ expected: ['output'] }), contextOf())
    checkHarnessResult(result, harness.name, ['output'])
    expect(result.transcript.turns).toHaveLength(1)
    expect(result.answers.output).toBe(result.transcript.turns[0]!.text)
    expect(result.answers.output!.length).toBeGreaterThan(0)
    expect(singleShotStatus(result.transcript)).toBe(
      result.transcript.turns[0]!.finishReason === 'length' ? 'length' : 'completed',
    )
  })

  it("sends the run's request fields (an epoch's seed), so epochs are not replays of one another", async () => {
    const bodies: Record<string, unknown>[] = []
    const standIn = createServer((req, res) => {
      let text = ''
      req.on('data', (chunk) => (text += chunk))
      req.on('end', () => {
        if (req.url === '/v1/chat/completions') bodies.push(JSON.parse(text))
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end('{"error": {"message": "stand-in", "type": "NotFoundError", "code": 404}}')
      })
    })
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
    const endpoint = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`
    try {
      const run = singleShot({ maxTokens: 64 }).run(
        caseOf({ epoch: 2 }),
        contextOf({ endpoint, requestFields: { seed: 2 } }),
      )
      await expect(run).rejects.toMatchObject({ code: 'ARBIGRAPH_ENDPOINT' })
      expect(bodies).toHaveLength(1)
      expect(bodies[0]).toMatchObject({ seed: 2, max_tokens: 64, stream: true })
    } finally {
      await new Promise((resolve) => standIn.close(resolve))
    }
  })

  it('reads overflow and cut-off back from the transcript', () => {
    const outcome = {
      status: 'length' as const,
      content: 'partial',
      finishReason: 'length',
      promptTokens: 3,
      completionTokens: 10,
      reasoningTokens: 0,
      latencyMs: 1,
      firstTokenMs: 0.5,
    }
    expect(singleShotStatus(singleShotTranscript(outcome, 'output'))).toBe('length')
    const overflow = singleShotTranscript(
      { ...outcome, status: 'overflow', content: '', error: 'too long' },
      'output',
    )
    expect([overflow.status, overflow.answers, overflow.error]).toEqual([
      'context_length_exceeded',
      {},
      'too long',
    ])
    expect(singleShotStatus(overflow)).toBe('overflow')
  })

  it('needs a completion budget from the case or its options, and names a bad option', async () => {
    await expect(singleShot().run(caseOf(), contextOf())).rejects.toThrow(
      `single-shot: case "${instance.id}" sets no completion budget: give "maxTokens" to singleShot({ maxTokens })`,
    )
    expect(() => singleShot({ temperature: -1 })).toThrow(/singleShot: temperature: /)
    expect(() => singleShot({ maxTokens: 1.5 })).toThrow(/singleShot: maxTokens: /)
  })
})

describe('a harness result', () => {
  it('that breaks the contract is an infrastructure error naming the harness and the field', () => {
    const check = () =>
      checkHarnessResult({ answers: { task_1_out: 7 }, transcript: {} }, 'my-agent', ['task_1_out'])
    expect(check).toThrow(ArbigraphError)
    expect(check).toThrow(/harness "my-agent" returned a bad result: answers\.task_1_out: /)
  })

  it('answers only the outputs of its case: another name or a prototype key is refused, naming it', () => {
    const expected = ['task_1_out']
    const result = (answers: Record<string, string>) => ({
      answers,
      transcript: reportedTranscript({ answers }, expected),
    })
    const refusal = (answers: Record<string, string>) => {
      try {
        checkHarnessResult(result(answers), 'my-agent', expected)
      } catch (error) {
        return error as ArbigraphError
      }
      throw new Error('accepted')
    }
    const other = refusal({ task_1_out: '7', task_9_out: '7' })
    expect([other.code, other.message]).toEqual([
      'ARBIGRAPH_ENDPOINT',
      'harness "my-agent" returned a bad result: answers.task_9_out: not an output of this case (expected "task_1_out")',
    ])
    // JSON.parse keeps "__proto__" as an own key; a rebuilt object would drop it (graded as missing).
    const proto = refusal(JSON.parse('{"__proto__": "7"}') as Record<string, string>)
    expect(proto.message).toBe(
      'harness "my-agent" returned a bad result: answers.__proto__: a prototype key, not an output name (expected "task_1_out")',
    )
    const collected = {
      answers: { task_1_out: '7' },
      transcript: reportedTranscript({ answers: { task_1_out: '7', extra_out: '1' } }, expected),
    }
    expect(() => checkHarnessResult(collected, 'my-agent', expected)).toThrow(
      'harness "my-agent" returned a bad result: transcript.answers.extra_out: not an output of this case',
    )
    expect(checkHarnessResult(result({ task_1_out: '7' }), 'my-agent', expected).answers).toEqual({
      task_1_out: '7',
    })
  })

  it('comes from a declared harness; a bad declaration names what is expected', () => {
    expect(() => defineHarness({ name: 'My Agent', run: async () => ({}) } as never)).toThrow(
      /harness: expected a harness: \{ name \(kebab-case\), run\(case, context\)/,
    )
  })
})

describe('suiteHarness', () => {
  const mine = defineHarness({ name: 'mine', run: async () => ({}) as never })
  const registry = { harnesses: new Map([['mine', mine]]) }

  it('takes a value, a registered name, profile fields or nothing (the tool agent)', () => {
    expect(suiteHarness(mine, registry, {})).toBe(mine)
    expect(suiteHarness('mine', registry, {})).toBe(mine)
    expect(suiteHarness(undefined, registry, {}).name).toBe('tool-agent')
    const text = suiteHarness({ protocol: 'text' }, registry, {})
    expect([text.name, text.protocol]).toEqual(['tool-agent', 'text'])
  })

  it('lets ARBIGRAPH_HARNESS override the suite (a name or an agent URL)', () => {
    expect(suiteHarness(undefined, registry, { ARBIGRAPH_HARNESS: 'mine' })).toBe(mine)
    const http = suiteHarness(mine, registry, { ARBIGRAPH_HARNESS: 'http://127.0.0.1:8700/case' })
    expect(http.name).toBe('http-agent')
  })

  it('lets ARBIGRAPH_PROTOCOL set a tool agent protocol, keeping its other fields', () => {
    const harness = suiteHarness(toolAgent({ maxTurns: 3 }), registry, { ARBIGRAPH_PROTOCOL: 'text' })
    expect(harness.protocol).toBe('text')
    expect(harness.args).toEqual({ maxTurns: 3, protocol: 'text' })
    expect(suiteHarness(mine, registry, { ARBIGRAPH_PROTOCOL: 'text' })).toBe(mine)
  })

  it('names an unknown harness, with where it was asked for and what is known', () => {
    const unknown = () => suiteHarness('nope', registry, {})
    expect(unknown).toThrow(/defineSuite: harness: unknown harness "nope" \(known: "tool-agent", "mine"; /)
    expect(() => suiteHarness(undefined, registry, { ARBIGRAPH_HARNESS: 'nope' })).toThrow(
      /ARBIGRAPH_HARNESS: unknown harness "nope"/,
    )
    expect(() => suiteHarness('tool-agnet', registry, {})).toThrow(
      'defineSuite: harness: unknown harness "tool-agnet": did you mean "tool-agent"? (known: "tool-agent", "mine"; or an http:// URL',
    )
    const clash = { harnesses: new Map([['tool-agent', toolAgent({ protocol: 'text' })]]) }
    expect(() => suiteHarness('tool-agent', clash, {})).toThrow(
      'defineSuite: harness: "tool-agent" is both the built-in tool agent and a harness registered in arbigraph.config.ts; give yours another name',
    )
  })

  it('checks ARBIGRAPH_HARNESS before the run: a kebab-case name or an http URL', () => {
    expect(() => checkHarnessEnv({ ARBIGRAPH_HARNESS: 'my-agent' })).not.toThrow()
    expect(() => checkHarnessEnv({ ARBIGRAPH_HARNESS: 'http://127.0.0.1:8700/case' })).not.toThrow()
    expect(() => checkHarnessEnv({ ARBIGRAPH_HARNESS: 'My Agent' })).toThrow(
      'ARBIGRAPH_HARNESS: expected a harness name ("tool-agent" or one registered in arbigraph.config.ts) or the http:// URL of an agent, got "My Agent"',
    )
    // …as one of the run's settings, so a bad value stops the run before it starts.
    const root = mkdtempSync(join(tmpdir(), 'arbigraph-harness-env-'))
    const env = { ARBIGRAPH_CACHE_DIR: join(root, 'cache'), ARBIGRAPH_RESULTS: join(root, 'r.json') }
    expect(() => checkRunSettings({ ...env, ARBIGRAPH_HARNESS: 'http://' }, root)).toThrow(
      /ARBIGRAPH_HARNESS: expected a harness name .* got "http:\/\/"/,
    )
  })
})
