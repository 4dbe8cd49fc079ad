/**
 * `singleShot(options)`: the Long-Transduction harness as a value. One streamed request per case
 * (src/agent/single-shot.ts: greedy, thinking off unless asked), its whole content the answer to
 * the case's one expected output. The transcript has the one turn; a context overflow is the
 * status `context_length_exceeded` with no turn, a cut-off answer is a `success` whose turn
 * finished with `length` (`singleShotStatus` reads the single-shot outcome back).
 */
import { z } from 'zod'
import type { SingleShotOutcome, SingleShotProfileInput, SingleShotStatus } from '../agent/single-shot.ts'
import { runSingleShot, singleShotProfileSchema } from '../agent/single-shot.ts'
import type { Harness, HarnessCase } from '../contracts/harness.ts'
import type { Transcript } from '../contracts/transcript.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { answerTexts } from './answer-texts.ts'

export interface SingleShotOptions extends SingleShotProfileInput {
  /** Completion budget when the case sets none (`case.maxTokens` wins). @default none: the case must set it */
  maxTokens?: number
}

const optionsSchema = singleShotProfileSchema.extend({ maxTokens: z.int().positive().optional() }).strict()

/** The output a single-shot case answers when it names none. */
export const SINGLE_SHOT_OUTPUT = 'output'

/**
 * The transcript of one single-shot request.
 * @example singleShotTranscript(outcome, 'output').turns.length // 1
 */
export function singleShotTranscript(outcome: SingleShotOutcome, output: string): Transcript {
  const overflow = outcome.status === 'overflow'
  const turns: Transcript['turns'] = overflow
    ? []
    : [
        {
          index: 0,
          kind: 'normal',
          finishReason: outcome.finishReason,
          promptTokens: outcome.promptTokens,
          completionTokens: outcome.completionTokens,
          latencyMs: outcome.latencyMs,
          cached: outcome.cached ?? false,
          ...(outcome.replay ? { replay: outcome.replay } : {}),
          toolCalls: [],
          text: outcome.content,
          reasoning: null,
          ...(outcome.reasoningTokens > 0 ? { reasoningTokens: outcome.reasoningTokens } : {}),
        },
      ]
  return {
    status: overflow ? 'context_length_exceeded' : 'success',
    protocol: 'chat',
    expected: [output],
    turns,
    answers: overflow ? {} : { [output]: { answer: outcome.content, turn: 0 } },
    counters: { toolCalls: 0, toolRepairs: 0, finalAnswerRepairs: 0, cutoffRepairs: 0 },
    totals: {
      turns: turns.length,
      promptTokens: outcome.promptTokens,
      completionTokens: outcome.completionTokens,
      latencyMs: outcome.latencyMs,
    },
    calculatorRequirementFailed: false,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  }
}

/**
 * How a single-shot transcript ended, in the single-shot outcome's words.
 * @example singleShotStatus(transcript) // 'length' when the answer was cut off
 */
export function singleShotStatus(transcript: Pick<Transcript, 'status' | 'turns'>): SingleShotStatus {
  if (transcript.status === 'context_length_exceeded') return 'overflow'
  return transcript.turns[0]?.finishReason === 'length' ? 'length' : 'completed'
}

function maxTokensOf(testCase: HarnessCase, options: SingleShotOptions): number {
  const maxTokens = testCase.maxTokens ?? options.maxTokens
  if (maxTokens === undefined)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `single-shot: case "${testCase.id}" sets no completion budget: give "maxTokens" to singleShot({ maxTokens })`,
    )
  return maxTokens
}

/**
 * The single-shot harness; a bad option is an `ARBIGRAPH_BAD_CONFIG` naming it, at once.
 * @example singleShot({ maxTokens: 4096 }).run({ id: 'doc', epoch: 0, prompt, expected: ['output'] }, context)
 */
export function singleShot(options: SingleShotOptions = {}): Harness {
  const checked = optionsSchema.safeParse(options)
  if (!checked.success)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', describeZodError(checked.error, 'singleShot'))
  const { maxTokens: _maxTokens, ...fields } = options
  return {
    name: 'single-shot',
    args: options,
    protocol: 'chat',
    async run(testCase, context) {
      const { requestMs, idleMs } = context.timeouts ?? {}
      const outcome = await runSingleShot({
        endpoint: { baseURL: context.endpoint, apiKey: context.apiKey },
        model: context.model,
        prompt: testCase.prompt,
        maxTokens: maxTokensOf(testCase, options),
        profile: {
          ...(requestMs === undefined ? {} : { connectTimeoutMs: requestMs }),
          ...(idleMs === undefined ? {} : { idleTimeoutMs: idleMs }),
          ...fields,
        },
        signal: context.signal,
        ...(context.requestFields ? { requestFields: context.requestFields } : {}),
      })
      const output = testCase.expected[0] ?? SINGLE_SHOT_OUTPUT
      const transcript = singleShotTranscript(outcome, output)
      return { answers: answerTexts(transcript), transcript }
    },
  }
}
