/**
 * Real runs with the context conditions: suites' cases generated as defineSuite does, answered by
 * the built-in simulator through the real tool agent, in-graph then isolated and chained, each
 * node prompt registered with the simulator as defineSuite registers it.
 */
import { profileFor } from '../../src/agent/profile.ts'
import { harnessAsk } from '../../src/conditions/harness-ask.ts'
import { withConditions } from '../../src/conditions/with-conditions.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { Condition } from '../../src/contracts/conditions.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { toolAgent } from '../../src/harness/tool-agent.ts'
import { getTopology } from '../../src/registry.ts'
import type { PersonaName } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import type { SuiteCase, SuiteOptions } from '../../src/vitest/define-suite.ts'
import { suiteCases } from '../../src/vitest/define-suite.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'

export interface ConditionsRunOptions {
  persona: Extract<PersonaName, 'sim:oracle' | 'sim:noisy'>
  suites: SuiteOptions[]
  /** @default 1 */
  samplesPerTask?: number
  /** @default 1 */
  noise?: number
  /** @default ['in-graph', 'isolated', 'chained'] */
  conditions?: Condition[]
}

export interface ConditionsRun {
  records: CaseRecord[]
  instances: Map<string, Instance>
  /** Requests the simulator answered. */
  requests: number
}

/** Runs the suites' cases under every condition against a fresh simulator. */
export async function conditionsRun(options: ConditionsRunOptions): Promise<ConditionsRun> {
  const env = { samples: options.samplesPerTask ?? 1, epochs: 1, seed: undefined }
  const cases = (await Promise.all(options.suites.map((s) => suiteCases(s, env)))).flat()
  return casesRunWithConditions(cases, options)
}

/** Runs already generated cases (a suite's or a sweep's) under the conditions, as conditionsRun. */
export async function casesRunWithConditions(
  cases: readonly SuiteCase[],
  options: Omit<ConditionsRunOptions, 'suites' | 'samplesPerTask'>,
): Promise<ConditionsRun> {
  const sim = await startSimServer({ persona: options.persona, noise: options.noise ?? 1, seed: 0 })
  sim.register(cases.map((c) => simCaseOf(c.instance)))
  const registry = await threadRegistry(process.cwd())
  const conditions = options.conditions ?? ['in-graph', 'isolated', 'chained']
  let requests = 0
  try {
    const records = await Promise.all(
      cases.map(async (c) => {
        const profile = profileFor(getTopology(registry, c.identity.topology))
        const record = await runCase(c.instance, {
          baseURL: sim.url,
          model: sim.model,
          profile,
          identity: c.identity,
        })
        const ask = harnessAsk(
          toolAgent(profile),
          { id: c.identity.caseId, epoch: 0 },
          {
            endpoint: sim.url,
            model: sim.model,
            apiKey: 'arbigraph',
            signal: new AbortController().signal,
            log: () => {},
          },
        )
        return withConditions(record, c.instance, {
          conditions,
          registry,
          ask: async (prompt, outputs, signal) => {
            const reply = await ask(prompt, outputs, signal)
            requests += reply.transcript.totals.turns
            return reply
          },
          announce: async (simCases) => void sim.register(simCases),
        })
      }),
    )
    return { records, instances: new Map(cases.map((c) => [c.instance.id, c.instance])), requests }
  } finally {
    await sim.close()
  }
}
