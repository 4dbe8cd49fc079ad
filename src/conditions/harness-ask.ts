/**
 * A harness as the conditions' `AskNode`: each node prompt is one case for the suite's own harness
 * (the tool agent, an HTTP agent, yours), with the case's id, epoch, budget and context — the same
 * endpoint (the request pool), model, timeouts and epoch seed — so the conditions differ from the
 * in-graph run only in the prompt.
 */
import {
  checkHarnessResult,
  type Harness,
  type HarnessCase,
  type HarnessContext,
} from '../contracts/harness.ts'
import type { AskNode } from './run-conditions.ts'

/**
 * @example const ask = harnessAsk(toolAgent(), { id: caseId, epoch: 0, budget }, { endpoint, model, apiKey, signal, log })
 */
export function harnessAsk(
  harness: Harness,
  base: Omit<HarnessCase, 'prompt' | 'expected'>,
  context: HarnessContext,
): AskNode {
  // Its replies are checked as the case's own are (src/contracts/harness.ts).
  return async (prompt, outputs, signal) =>
    checkHarnessResult(
      await harness.run({ ...base, prompt, expected: outputs }, signal ? { ...context, signal } : context),
      harness.name,
      outputs,
    )
}
