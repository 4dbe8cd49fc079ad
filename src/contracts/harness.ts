/**
 * The harness contract: what answers a case. A harness is a named value whose `run` takes one
 * case (its prompt and the output names the grader reads) and the endpoint to ask (the run's
 * request pool, so caching, the concurrency limit, retries and the transcript log apply to every
 * harness alike) and resolves with the answers plus a transcript in our Transcript contract, so
 * case records, case details and the dashboard work unchanged whatever produced them.
 *
 * A model that answers badly is data: the harness still resolves (with missing or wrong answers
 * and a status saying so). A harness rejects only when it cannot tell what the model did: an
 * endpoint or agent that failed is an `ARBIGRAPH_ENDPOINT` error (the case becomes an
 * infrastructure-error record naming the reason); any other rejection is a bug and fails the test.
 * Built-ins: `toolAgent`, `singleShot`, `httpAgent` (src/harness/).
 */
import { z } from 'zod'
import { ArbigraphError, describeZodError } from '../errors.ts'
import type { TopologyBudget } from './topology.ts'
import { type Transcript, transcriptSchema } from './transcript.ts'

/** One case as a harness sees it. */
export interface HarnessCase {
  /** Stable case id (the same across epochs), e.g. `chain/math/Convolution#0`. */
  id: string
  /** 0-based repetition index; epochs after the first send their own sampling seed (`requestFields`). */
  epoch: number
  /** The task prompt: the first user message. */
  prompt: string
  /** The output names the grader reads, lower case, in prompt order (e.g. `task_3_out`). */
  expected: readonly string[]
  /**
   * The agent budget the case's topology grants (turn cap and repair budgets); a harness with
   * budgets of its own may ignore it. @default none
   */
  budget?: TopologyBudget
  /** Completion budget of a one-request answer (Long-Transduction: 1.5 × the input budget). @default none */
  maxTokens?: number
}

/** Where and how a harness asks the model. */
export interface HarnessContext {
  /** Base URL of the OpenAI-compatible endpoint, ending in `/v1`: in a suite, the request pool. */
  endpoint: string
  /** Model id to send in every request. */
  model: string
  /** Sent as `Authorization: Bearer <apiKey>`; the pool and vLLM ignore it unless configured. */
  apiKey: string
  /** Aborted when the run is cancelled: stop and reject with its reason. */
  signal: AbortSignal
  /** Diagnostics for a human (Vitest shows them under the test); never parsed. */
  log: (message: string) => void
  /** Fields to add to every request body, e.g. an epoch's sampling `seed`. @default none */
  requestFields?: Readonly<Record<string, unknown>>
  /**
   * How long one model request may take through the pool (all its retries included) and the
   * silence allowed inside a stream; a harness should not give up before the pool does. @default none
   */
  timeouts?: { requestMs?: number; idleMs?: number }
}

/** What a harness hands back for one case. */
export interface HarnessResult {
  /** Output name → the answer text as the model wrote it (graded exactly, like a boxed answer). */
  answers: Readonly<Record<string, string>>
  /** The run, turn by turn (see src/contracts/transcript.ts); its `answers` agree with `answers`. */
  transcript: Transcript
}

/**
 * A harness: a name for records and reports, the options it was built from (so a run can be
 * re-created from its log), and the per-case function.
 * @example
 * const echo: Harness = { name: 'echo', run: async (c, ctx) => ({ answers: {}, transcript: … }) }
 */
export interface Harness {
  /** Kebab-case name stored in every case record (`tool-agent`, `http-agent`, `my-agent`). */
  name: string
  /** The options it was built from. @default none */
  args?: unknown
  /** The wire protocol it speaks, when fixed; records of cases that failed before a transcript say it. @default 'chat' */
  protocol?: 'chat' | 'text'
  run(testCase: HarnessCase, context: HarnessContext): Promise<HarnessResult>
}

const NAME = /^[a-z0-9][a-z0-9._-]*$/

/**
 * What `arbigraph.config.ts` and `defineSuite` accept as a harness; the message says what is expected.
 * @example harnessSchema.parse(toolAgent())
 */
export const harnessSchema = z.custom<Harness>(
  (h) =>
    typeof h === 'object' &&
    h !== null &&
    typeof (h as Harness).name === 'string' &&
    NAME.test((h as Harness).name) &&
    typeof (h as Harness).run === 'function',
  {
    message:
      'expected a harness: { name (kebab-case), run(case, context) → Promise<{ answers, transcript }> }',
  },
)

/**
 * Declares a harness, checking its shape where it is written rather than in the middle of a run.
 * @example export const myAgent = defineHarness({ name: 'my-agent', run: async (c, ctx) => … })
 */
export function defineHarness(harness: Harness): Harness {
  const parsed = harnessSchema.safeParse(harness)
  if (!parsed.success)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', describeZodError(parsed.error, 'harness'))
  return harness
}

const resultSchema = z.object({
  answers: z.record(z.string(), z.string()),
  transcript: transcriptSchema,
})

/**
 * Why an answer's name cannot be graded for a case expecting `expected`, or null when every name
 * is one of its outputs. A prototype key (`__proto__`) is named as such: a JSON parser keeps it
 * as a key, but an object built from it (e.g. by a schema) drops it, and the answer would be
 * graded as missing. `names` are the answers' own keys, read before anything rebuilds the object.
 * @example answerNameProblem(['Task_1_out'], ['task_1_out']) // 'answers.Task_1_out: not an output of this case (expected "task_1_out")'
 */
export function answerNameProblem(names: readonly string[], expected: readonly string[]): string | null {
  const wanted = new Set(expected)
  const bad = names.find((name) => !wanted.has(name))
  if (bad === undefined) return null
  const list = expected.map((n) => `"${n}"`).join(', ') || 'none'
  return bad === '__proto__' || bad === 'constructor' || bad === 'prototype'
    ? `answers.${bad}: a prototype key, not an output name (expected ${list})`
    : `answers.${bad}: not an output of this case (expected ${list})`
}

/**
 * A harness's result, checked: a user's harness is outside code, and a malformed result must not
 * be graded as if the model had said it. Every answer (and every answer its transcript collected)
 * must name an output of the case, as the HTTP agent's reply must: an answer to an output the
 * case does not have means the harness is broken, not that the model was right or wrong. A bad
 * result is an `ARBIGRAPH_ENDPOINT` error (an infrastructure error of that case) naming the
 * harness and the field.
 * @example checkHarnessResult(await harness.run(c, ctx), harness.name, c.expected)
 */
export function checkHarnessResult(
  result: unknown,
  harness: string,
  expected: readonly string[],
): HarnessResult {
  const where = `harness "${harness}" returned a bad result`
  const parsed = resultSchema.safeParse(result)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', describeZodError(parsed.error, where))
  const { answers, transcript } = result as HarnessResult
  const problem = answerNameProblem(Object.keys(answers), expected)
  if (problem !== null) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', `${where}: ${problem}`)
  const collected = answerNameProblem(Object.keys(transcript.answers), expected)
  if (collected !== null) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', `${where}: transcript.${collected}`)
  return result as HarnessResult
}
