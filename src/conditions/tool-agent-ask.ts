/**
 * The built-in tool agent as an `AskNode`: the conditions' node prompts go through the same
 * agent, endpoint (the request pool), budgets and epoch seed as the case's in-graph run. Any other
 * harness plugs into the conditions by providing its own `AskNode`.
 */
import { runToolAgent } from '../agent/loop.ts'
import type { HarnessProfile } from '../agent/profile.ts'
import type { AskNode } from './run-conditions.ts'

export interface ToolAgentAskOptions {
  baseURL: string
  model: string
  profile: HarnessProfile
  /** The trial's epoch: epochs after the first send their own sampling seed, as the case does. */
  epoch: number
  /** @default 'arbigraph' */
  apiKey?: string
}

/**
 * @example const ask = toolAgentAsk({ baseURL: pool.url, model, profile, epoch: 0 })
 */
export function toolAgentAsk(options: ToolAgentAskOptions): AskNode {
  return async (prompt, outputs, signal) => {
    const transcript = await runToolAgent({
      prompt,
      model: options.model,
      baseURL: options.baseURL,
      apiKey: options.apiKey ?? 'arbigraph',
      expected: outputs,
      profile: options.profile,
      ...(options.epoch > 0 ? { requestFields: { seed: options.epoch } } : {}),
      ...(signal ? { signal } : {}),
    })
    const answers = Object.fromEntries(
      Object.entries(transcript.answers).map(([name, a]) => [name, a.answer]),
    )
    return { answers, transcript }
  }
}
