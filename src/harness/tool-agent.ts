/**
 * `toolAgent(profile)`: the built-in harness, the calculator-tool agent loop of src/agent/loop.ts.
 * The profile fields given here win; what they leave open comes from the case (its topology's
 * turn cap and repair budgets) and from the run (how long the pool may take for one request),
 * then from the profile defaults. So `toolAgent({ protocol: 'text' })` on a multichain suite
 * still gets the multichain budgets, as the profile fields of `defineSuite({ harness })` always did.
 */
import { runToolAgent } from '../agent/loop.ts'
import type { HarnessProfile, HarnessProfileInput } from '../agent/profile.ts'
import { DEFAULT_TOPOLOGY_BUDGET, profileOver, resolveProfile } from '../agent/profile.ts'
import type { Harness, HarnessCase, HarnessContext } from '../contracts/harness.ts'
import { answerTexts } from './answer-texts.ts'

/**
 * The profile one case runs with: `fields` over the run's timeouts over the case's budget.
 * @example caseProfile({ protocol: 'text' }, testCase, context).maxTurns // the topology's turn cap
 */
export function caseProfile(
  fields: HarnessProfileInput,
  testCase: Pick<HarnessCase, 'budget'>,
  context: Pick<HarnessContext, 'timeouts'>,
): HarnessProfile {
  const { requestMs, idleMs } = context.timeouts ?? {}
  return profileOver(testCase.budget ?? DEFAULT_TOPOLOGY_BUDGET, {
    ...(requestMs === undefined ? {} : { requestTimeoutMs: requestMs }),
    ...(idleMs === undefined ? {} : { idleTimeoutMs: idleMs }),
    ...fields,
  })
}

/**
 * The tool agent as a harness; a bad profile field is an `ARBIGRAPH_BAD_CONFIG` naming it, at once.
 * @example defineSuite({ topology: 'chain', category: 'math', harness: toolAgent({ protocol: 'text' }) })
 */
export function toolAgent(profile: HarnessProfileInput = {}): Harness {
  const { protocol } = resolveProfile(profile) // fail where the suite is defined
  return {
    name: 'tool-agent',
    args: profile,
    protocol,
    async run(testCase, context) {
      const transcript = await runToolAgent({
        prompt: testCase.prompt,
        model: context.model,
        baseURL: context.endpoint,
        apiKey: context.apiKey,
        expected: testCase.expected,
        profile: caseProfile(profile, testCase, context),
        signal: context.signal,
        ...(context.requestFields ? { requestFields: context.requestFields } : {}),
      })
      return { answers: answerTexts(transcript), transcript }
    },
  }
}
