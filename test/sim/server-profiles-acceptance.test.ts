/**
 * Issue 11 acceptance for the simulator's server profiles, in-process and over real HTTP: for
 * each vLLM profile and each protocol it allows, `sim:oracle` scores 100 % on the chain/math and
 * multichain/math suites' cases; the preflight refuses the combinations that cannot work, naming
 * the server flag; and `sim:noisy` gives case-by-case the same decisions through the chat
 * protocol as through the text protocol against `vllm-legacy` (the one profile that serves
 * both), for the same raw model turns. One sample per task keeps it unit-test fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { runToolAgent } from '../../src/agent/loop.ts'
import { profileFor } from '../../src/agent/profile.ts'
import type { Transcript } from '../../src/contracts/transcript.ts'
import { preflight } from '../../src/doctor/preflight.ts'
import { getTopology } from '../../src/registry.ts'
import type { PersonaName, ServerProfileName, SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import type { SuiteCase, SuiteOptions } from '../../src/vitest/arbigraph-suite.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'

const SUITES: SuiteOptions[] = [
  { topology: 'chain', options: { length: 4 }, category: 'math', samplesPerTask: 1 },
  { topology: 'multichain', category: 'math', samplesPerTask: 1 },
]
const ENV = { samples: undefined, epochs: 1, seed: undefined }

const cases = new Map<string, SuiteCase[]>()
beforeAll(async () => {
  for (const suite of SUITES) cases.set(suite.topology, await suiteCases(suite, ENV))
})

async function simFor(persona: PersonaName, server: ServerProfileName): Promise<SimServer> {
  const sim = await startSimServer({ persona, server, seed: 11 })
  for (const list of cases.values()) sim.register(list.map((c) => simCaseOf(c.instance)))
  return sim
}

const ALLOWED: [ServerProfileName, 'chat' | 'text'][] = [
  ['vllm-legacy', 'chat'],
  ['vllm-legacy', 'text'],
  ['vllm-renderer', 'chat'],
  ['vllm-engine', 'chat'],
  // Turns are streamed without tools, which the parser engine leaves unparsed (serving.py @006c49d4).
  ['vllm-engine', 'text'],
  ['raw', 'text'],
]

describe.each(ALLOWED)('sim:oracle on %s, %s protocol', (server, protocol) => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await simFor('sim:oracle', server)
  })
  afterAll(() => sim.close())

  it('passes the preflight for this protocol', async () => {
    const report = await preflight({ baseUrls: [sim.url], protocol, simServer: server, log: () => {} })
    expect(report.protocols[protocol].usable).toBe(true)
  })

  it.each(SUITES.map((suite) => suite.topology))('every case correct on %s/math', async (topology) => {
    const list = cases.get(topology)!
    expect(list.length).toBeGreaterThan(5)
    const records = await Promise.all(
      list.map((c) =>
        runCase(c.instance, {
          baseURL: sim.url,
          model: sim.model,
          profile: profileFor(getTopology(defaultRegistry(), topology), { protocol }),
          identity: c.identity,
        }),
      ),
    )
    const wrong = records.filter((record) => record.grade?.correct !== true)
    expect(wrong.map((record) => [record.caseId, record.status, record.infraError])).toEqual([])
    expect(records.every((record) => record.protocol === protocol && record.toolCalls > 0)).toBe(true)
  })
})

describe('combinations a server configuration makes impossible stop before the first case', () => {
  it.each([
    ['raw', 'chat', /start vLLM with --enable-auto-tool-choice --tool-call-parser qwen3_coder/],
  ] as const)('%s with the %s protocol names the flag', async (server, protocol, flag) => {
    const error = await preflight({ baseUrls: [], protocol, simServer: server, log: () => {} }).catch(
      (e) => e,
    )
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toMatch(`the ${protocol} protocol cannot run against`)
    expect(error.message).toMatch(flag)
  })
})

/** What the harness decided in one case, independent of the wire format. */
function decisions(transcript: Transcript) {
  return {
    status: transcript.status,
    counters: transcript.counters,
    answers: transcript.answers,
    calculatorRequirementFailed: transcript.calculatorRequirementFailed,
    turns: transcript.turns.map((turn) => ({
      kind: turn.kind,
      cutOff: turn.finishReason === 'length',
      repairPrompt: turn.repairPrompt ?? null,
      results: turn.toolCalls.map((call) => [call.name, call.result]),
    })),
  }
}

describe('sim:noisy on vllm-legacy: chat and text decide every case alike', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await simFor('sim:noisy', 'vllm-legacy')
  })
  afterAll(() => sim.close())

  it.each(SUITES.map((suite) => suite.topology))('%s/math, case by case', async (topology) => {
    const list = cases.get(topology)!
    const run = (protocol: 'chat' | 'text') =>
      Promise.all(
        list.map((c) =>
          runToolAgent({
            baseURL: sim.url,
            model: sim.model,
            prompt: c.instance.prompt,
            expected: c.instance.outputs,
            profile: profileFor(getTopology(defaultRegistry(), topology), { protocol }),
          }),
        ),
      )
    const [chat, text] = [await run('chat'), await run('text')]
    list.forEach((c, i) => {
      expect({ case: c.name, ...decisions(chat[i]!) }).toEqual({ case: c.name, ...decisions(text[i]!) })
    })
    // The comparison means something only if the noisy model did stumble somewhere.
    const repairs = chat.reduce(
      (sum, t) => sum + t.counters.toolRepairs + t.counters.finalAnswerRepairs + t.counters.cutoffRepairs,
      0,
    )
    expect(repairs).toBeGreaterThan(0)
  })
})
