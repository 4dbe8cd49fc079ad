/**
 * Long runs of cut-off turns through the real loop, against a scripted loopback server: the
 * cutoff, answers and tool budgets are separate, so cut-offs beyond the cutoff budget continue
 * as answers repairs, every repair turn gets the repair token budget, and a cut-off is a turn
 * whose output reached its max_tokens (finish `length`, or usage at the budget without a stop).
 * Reference: docs/research/arbigraph-reference-harness.md §2.3–§2.4 (the KroneckerProduct
 * sample: cut-offs on the cutoff budget first, then on the answers budget).
 */
import { describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import type { HarnessProfileInput } from '../../src/agent/profile.ts'
import type { Transcript } from '../../src/contracts/transcript.ts'
import type { ScriptedTurn } from './scripted-server.ts'
import { calcCall, startScriptedServer } from './scripted-server.ts'

const PROMPT = 'Compute 6 * 7 and call the result task_1_out.'
const PROFILE: HarnessProfileInput = {
  maxTokens: 100,
  repairMaxTokens: 300,
  repairBudget: { toolRepair: 5, finalAnswerRepair: 3, cutoffRepair: 3 },
}

async function play(script: ScriptedTurn[], profile = PROFILE) {
  const server = await startScriptedServer(script)
  try {
    const transcript = await runToolAgent({ baseURL: server.url, model: 'scripted', prompt: PROMPT, profile })
    return { transcript, budgets: server.requests.map((r) => r.max_completion_tokens) }
  } finally {
    await server.close()
  }
}

const prompts = (t: Transcript) => t.turns.map((turn) => turn.repairPrompt ?? turn.kind)
/** A turn cut off at `budget` tokens: degenerate text, no call, no box. */
const cut = (budget: number, box = false): ScriptedTurn => ({
  content: `${box ? '\\boxed{' : ''}0, 0, 0, 0`,
  finishReason: 'length',
  usage: { prompt: 50, completion: budget },
})
const answer: ScriptedTurn = { content: '\\boxed{task_1_out = 42}' }

describe('agent/loop › long cut-off sequences', () => {
  it('seven cut-offs in a row: three on the cutoff budget, then three answers repairs, then the end', async () => {
    const { transcript, budgets } = await play([
      calcCall('6*7'),
      cut(100),
      ...Array.from({ length: 6 }, () => cut(300)),
    ])
    expect(prompts(transcript)).toEqual([
      'normal',
      'cutoff-continue',
      'cutoff-continue',
      'cutoff-continue',
      'final-answer',
      'final-answer',
      'final-answer',
      'repair:final',
    ])
    expect(transcript.counters).toMatchObject({
      toolCalls: 1,
      cutoffRepairs: 3,
      finalAnswerRepairs: 3,
      toolRepairs: 0,
    })
    expect(transcript.status).toBe('missing_requested_task_answers')
    expect(transcript.totals.turns).toBe(8)
    // The tool turn and the first cut-off get the normal budget; every turn after a repair, the repair budget.
    expect(budgets).toEqual([100, 100, 300, 300, 300, 300, 300, 300])
  })

  it('an answer after the cutoff budget is spent ends the sample as a success', async () => {
    const { transcript } = await play([calcCall('6*7'), cut(100, true), cut(300), cut(300), cut(300), answer])
    // A cut-off holding `\boxed` gets the answers prompt, still charged to the cutoff budget.
    expect(prompts(transcript)).toEqual([
      'normal',
      'final-answer',
      'cutoff-continue',
      'cutoff-continue',
      'final-answer',
      'repair:final',
    ])
    expect(transcript.counters).toMatchObject({ cutoffRepairs: 3, finalAnswerRepairs: 1 })
    expect(transcript).toMatchObject({
      status: 'success',
      answers: { task_1_out: { answer: '42', turn: 5 } },
    })
  })

  it('cut-offs before any calculator call spend the cutoff budget, then the tool budget', async () => {
    const { transcript } = await play([cut(100), cut(300), cut(300), calcCall('6*7'), answer], {
      ...PROFILE,
      repairBudget: { toolRepair: 1, finalAnswerRepair: 3, cutoffRepair: 2 },
    })
    expect(prompts(transcript)).toEqual([
      'cutoff-continue',
      'cutoff-continue',
      'tool-missing',
      'repair:tool',
      'tool',
    ])
    expect(transcript).toMatchObject({ status: 'success', counters: { cutoffRepairs: 2, toolRepairs: 1 } })
  })

  it('usage at max_tokens without a stop is a cut-off; a stop on the last token is not', async () => {
    // vLLM's per-model parser reports a call cut off mid-markup as `tool_calls` with no parsed call.
    const markup: ScriptedTurn = {
      content: 'Let me compute.\n<tool_call>\n<function=calculator>\n<parameter=expressions>\n["6*',
      finishReason: 'tool_calls',
      usage: { prompt: 50, completion: 100 },
    }
    const lastTokenStop: ScriptedTurn = { content: 'Nearly there', usage: { prompt: 50, completion: 300 } }
    const { transcript } = await play([calcCall('6*7'), markup, lastTokenStop, answer])
    expect(prompts(transcript)).toEqual(['normal', 'tool-malformed', 'final-answer', 'repair:final'])
    expect(transcript.counters).toMatchObject({ cutoffRepairs: 1, finalAnswerRepairs: 1 })
    expect(transcript.status).toBe('success')
  })
})
