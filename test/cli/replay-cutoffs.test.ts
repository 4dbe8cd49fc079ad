/**
 * `replay-reference` on hand-written reference results with long cut-off/repair sequences: the
 * replay must decide each turn's cut-off as the reference did (output tokens == that turn's
 * max_tokens) from what the file records — per-turn counts, per-turn finishes, or only the
 * sample's token_length — so that our loop spends the same budgets and ends on the same turn.
 * The budgets are small (max_tokens 200, repair 400; cutoff 2, answers 2) so that a run of
 * cut-offs longer than the cutoff budget has to continue with answers repairs.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { xmlCall } from '../agent/scripted-server.ts'
import { runCli, tempDir } from './run-cli.ts'

const MAX = 200
const REPAIR_MAX = 400
/** A text of about `tokens` cl100k tokens, with no tool syntax and no box. */
const words = (tokens: number) => `Working by hand:${' step'.repeat(tokens - 4)}`
const CALL = `I will use the calculator.\n${xmlCall('6*7')}`
const ANSWER = 'So \\boxed{task_1_out = 42}'

const summary = {
  generation_params: {
    temperature: 0,
    top_p: 0.95,
    max_tokens: MAX,
    repair_turn_max_tokens: REPAIR_MAX,
    max_agent_turns: 20,
    require_initial_calculator_call: true,
    initial_tool_repair_attempts: 5,
    final_answer_repair_attempts: 2,
    cutoff_repair_attempts: 2,
  },
  system_prompt: 'You are a careful assistant with a calculator tool.',
}

type Recorded = Record<string, unknown>

const sample = (name: string, turns: string[], recorded: Recorded) => ({
  task_name: name,
  sample_idx: 0,
  prompt: `Compute 6 * 7 and call it task_1_out. (${name})`,
  ground_truth: 42,
  expected_task_outputs: ['task_1_out'],
  turn_outputs: Object.fromEntries(turns.map((text, i) => [String(i), text])),
  ...recorded,
})

/**
 * Turn 0 calls the calculator; turns 1–4 are cut off (turn 1 at 200 tokens, the others at the
 * repair budget of 400): two cutoff repairs, then — the cutoff budget spent — two answers
 * repairs; turn 5 answers. The reference: success after 6 turns and 1 tool call.
 */
const CUT_TURNS = [CALL, words(MAX), words(REPAIR_MAX), words(REPAIR_MAX), words(REPAIR_MAX), ANSWER]
const cutOutcome = {
  agent_status: 'success',
  agent_turns: 6,
  agent_tool_calls: 1,
  correct: true,
  task_answers: { task_1_out: { answer: '42', turn: 5 } },
}

/**
 * The same long texts, but recorded below their budgets: they were not cut off, so each takes an
 * answers repair, and with that budget (2) spent the sample ends on turn 3.
 */
const LONG_TURNS = [CALL, words(MAX), words(REPAIR_MAX), words(REPAIR_MAX)]
const longOutcome = {
  agent_status: 'missing_requested_task_answers',
  agent_turns: 4,
  agent_tool_calls: 1,
  correct: false,
  task_answers: {},
}

async function replay(samples: object[]) {
  const dir = tempDir()
  const file = join(dir, 'results.json')
  writeFileSync(file, JSON.stringify({ summary, samples }))
  return runCli(['replay-reference', file], dir)
}

describe('arbigraph replay-reference › long cut-off and repair sequences', () => {
  it('per-turn token counts: a count equal to the turn’s max_tokens is a cut-off, anything else is not', async () => {
    const { code, out, err } = await replay([
      sample('counted-cut', CUT_TURNS, {
        ...cutOutcome,
        token_length: 12 + MAX + 3 * REPAIR_MAX + 9,
        turn_token_lengths: { 0: 12, 1: MAX, 2: REPAIR_MAX, 3: REPAIR_MAX, 4: REPAIR_MAX, 5: 9 },
      }),
      sample('counted-long', LONG_TURNS, {
        ...longOutcome,
        turn_token_lengths: { 0: 12, 1: MAX - 1, 2: REPAIR_MAX - 1, 3: REPAIR_MAX - 1 },
      }),
    ])
    expect(out).toContain('agree    counted-cut #0')
    expect(out).toContain('agree    counted-long #0')
    expect(out).toContain('replay-reference: 2/2 samples agree')
    // These hand-written files have no summary.mode, so the instances (and the accuracy) cannot
    // be imported: the agreement verdict stands and the missing accuracy is explained.
    expect(err).toContain('replay-reference: accuracy not recomputed: ')
    expect(err).toContain('summary.mode')
    expect(code).toBe(0)
  })

  it('per-turn finishes when no counts are recorded', async () => {
    const finishes = { 0: 'stop', 1: 'length', 2: 'length', 3: 'length', 4: 'length', 5: 'stop' }
    const { code, out } = await replay([
      sample('finished-cut', CUT_TURNS, { ...cutOutcome, turn_finish_reasons: finishes }),
      sample('finished-long', LONG_TURNS, {
        ...longOutcome,
        turn_finish_reasons: { 0: 'stop', 1: 'stop', 2: 'stop', 3: 'stop' },
      }),
    ])
    expect(out).toContain('replay-reference: 2/2 samples agree')
    expect(code).toBe(0)
  })

  it('only the sample’s token_length: cut-offs are estimated from each turn’s share', async () => {
    // The reference's tokenizer counts 15% more tokens than cl100k on ordinary turns here;
    // the cut-off turns hold exactly their budgets.
    const { code, out } = await replay([
      sample('estimated-cut', CUT_TURNS, { ...cutOutcome, token_length: 14 + MAX + 3 * REPAIR_MAX + 10 }),
      sample('estimated-long', [CALL, words(60), words(60), words(60)], {
        ...longOutcome,
        token_length: 14 + 3 * 69,
      }),
    ])
    expect(out).toContain('replay-reference: 2/2 samples agree')
    expect(code).toBe(0)
  })

  it('a cut-off sequence replayed as if nothing was cut off disagrees, naming the fields', async () => {
    // Recorded as success after 6 turns, but the counts say no turn reached its budget: the
    // answers budget runs out on turn 3, which is what our loop must then report.
    const { code, out } = await replay([
      sample('miscounted', CUT_TURNS, {
        ...cutOutcome,
        turn_token_lengths: { 0: 12, 1: MAX - 1, 2: REPAIR_MAX - 1, 3: REPAIR_MAX - 1, 4: 1, 5: 9 },
      }),
    ])
    expect(out).toContain(
      'DISAGREE miscounted #0: status: "success" → "missing_requested_task_answers"; turns: 6 → 4; answer: "42" → null; correct: true → false',
    )
    expect(code).toBe(1)
  })
})
