/**
 * The transcript contract: what the tool-agent harness hands on for one sample. It is the
 * complete, serializable record of a run: the terminal status, one entry per generated turn
 * (why the turn was requested, how it finished, its token counts, latency, whether the request
 * pool answered it from cache, the tool calls executed after it, its text and reasoning, and
 * which repair prompt it provoked), the latest answer per requested output, and the counters
 * the reference loop keeps but never persisted (repairs by kind).
 * Reference: docs/research/arbigraph-reference-harness.md §1.7–§1.8, §5 (per-sample metrics).
 */
import { z } from 'zod'

/**
 * How a sample ended. `context_length_exceeded` is a model outcome (the conversation outgrew
 * the context window), not an infrastructure error; `success` says nothing about correctness.
 * @example agentStatusSchema.parse('timeout') // 'timeout'
 */
export const agentStatusSchema = z.enum([
  'success',
  'missing_initial_calculator_call',
  'missing_requested_task_answers',
  'missing_initial_calculator_call_and_missing_requested_task_answers',
  'context_length_exceeded',
  'timeout',
])

/**
 * Why a turn was requested: `normal` answers the task prompt, `tool` answers tool results, and
 * `repair:*` answers a repair prompt of that kind (these turns use the repair token budget). A
 * malformed-call prompt sent for a cut-off turn is a `repair:cutoff`, because the cutoff budget
 * pays for it.
 * @example turnKindSchema.parse('repair:final') // 'repair:final'
 */
export const turnKindSchema = z.enum(['normal', 'tool', 'repair:tool', 'repair:final', 'repair:cutoff'])

/**
 * The repair prompt a turn provoked (absent when the turn ran tools or ended the sample).
 * @example repairPromptSchema.parse('cutoff-continue') // 'cutoff-continue'
 */
export const repairPromptSchema = z.enum([
  'tool-missing',
  'tool-malformed',
  'final-answer',
  'cutoff-continue',
])

/**
 * One executed tool call: arguments as JSON text (as the model sent them) and the result text.
 * @example toolCallRecordSchema.parse({ name: 'calculator', arguments: '{"expressions":["1+2"]}', result: '{"results": ["3"]}' })
 */
export const toolCallRecordSchema = z.object({
  name: z.string(),
  arguments: z.string(),
  result: z.string(),
})

/**
 * Where a turn's cached answer came from: the identity of the server that gave it (its label,
 * src/endpoint/model-identity.ts) and when (ISO 8601).
 * @example turnReplaySchema.parse({ server: '/ckpt/b · version 0.11.0', at: '2026-12-06T10:00:00.000Z' })
 */
export const turnReplaySchema = z.object({ server: z.string(), at: z.string() }).strict()

export type TurnReplay = z.infer<typeof turnReplaySchema>

/**
 * One generated turn of the loop.
 * @example turnRecordSchema.shape.kind.options // ['normal', 'tool', 'repair:tool', 'repair:final', 'repair:cutoff']
 */
export const turnRecordSchema = z.object({
  index: z.number().int().min(0),
  kind: turnKindSchema,
  /**
   * `stop`, `length`, `tool_calls`, … as the endpoint reported it; `length` means cut off (also
   * when the server said `tool_calls` for a turn that used its whole budget, vLLM's legacy parser).
   */
  finishReason: z.string().nullable(),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  latencyMs: z.number().min(0),
  /** The request pool answered from its response cache (`x-arbigraph-cache: hit`). */
  cached: z.boolean(),
  /** With `cached`: who gave the stored answer and when, as the pool says (absent when it does not). */
  replay: turnReplaySchema.optional(),
  toolCalls: z.array(toolCallRecordSchema),
  /** The generated text: `content` (chat protocol) or the raw output, reasoning inline (text). */
  text: z.string(),
  /** Reasoning the endpoint returned separately (`reasoning` / `reasoning_content`), else null. */
  reasoning: z.string().nullable(),
  /** `usage.completion_tokens_details.reasoning_tokens`, when the server counted it (newest vLLM). */
  reasoningTokens: z.number().int().min(0).optional(),
  repairPrompt: repairPromptSchema.optional(),
})

/**
 * The latest accepted answer to one output.
 * @example collectedAnswerSchema.parse({ answer: '42', turn: 3 })
 */
export const collectedAnswerSchema = z.object({
  answer: z.string(),
  /** Index of the turn whose box supplied the answer (the latest box wins). */
  turn: z.number().int().min(0),
})

/**
 * What the loop counted; repair counters only grow.
 * @example transcriptCountersSchema.parse({ toolCalls: 2, toolRepairs: 0, finalAnswerRepairs: 1, cutoffRepairs: 0 })
 */
export const transcriptCountersSchema = z.object({
  /** Executed tool calls, unknown tools included (the reference's `agent_tool_calls`). */
  toolCalls: z.number().int().min(0),
  toolRepairs: z.number().int().min(0),
  finalAnswerRepairs: z.number().int().min(0),
  cutoffRepairs: z.number().int().min(0),
})

/**
 * Sums over the turns.
 * @example transcriptTotalsSchema.parse({ turns: 2, promptTokens: 300, completionTokens: 40, latencyMs: 12.5 })
 */
export const transcriptTotalsSchema = z.object({
  /** Generated turns (the reference's `agent_turns`). */
  turns: z.number().int().min(0),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  latencyMs: z.number().min(0),
})

/**
 * The record of one sample's run through the tool-agent loop.
 * @example transcriptSchema.parse(await runToolAgent({ baseURL, model, prompt })).status // 'success'
 */
export const transcriptSchema = z.object({
  status: agentStatusSchema,
  protocol: z.enum(['chat', 'text']),
  /** The outputs the harness waited for, in prompt order; the last is the reference's target. */
  expected: z.array(z.string()),
  turns: z.array(turnRecordSchema),
  answers: z.record(z.string(), collectedAnswerSchema),
  counters: transcriptCountersSchema,
  totals: transcriptTotalsSchema,
  /** The budget for the first calculator call ran out before one happened. */
  calculatorRequirementFailed: z.boolean(),
  /** The endpoint's message when the sample ended with `context_length_exceeded`. */
  error: z.string().optional(),
  /**
   * How a `context_length_exceeded` was decided: by the server's 400 to the sent turn, or before
   * sending from the server's exact `/tokenize` count against `max_model_len`.
   */
  overflow: z
    .object({
      decidedBy: z.enum(['server', 'tokenize']),
      promptTokens: z.number().int().min(0).optional(),
      maxTokens: z.number().int().min(0),
      maxModelLen: z.number().int().min(1).optional(),
    })
    .optional(),
})

export type AgentStatus = z.infer<typeof agentStatusSchema>
export type TurnKind = z.infer<typeof turnKindSchema>
export type RepairPrompt = z.infer<typeof repairPromptSchema>
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>
export type TurnRecord = z.infer<typeof turnRecordSchema>
export type TranscriptCounters = z.infer<typeof transcriptCountersSchema>
export type Transcript = z.infer<typeof transcriptSchema>
