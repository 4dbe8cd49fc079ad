/**
 * The HTTP agent protocol (`arbigraph.http-agent/1`): how arbigraph hands one case to an agent
 * written in any language and reads its answers back. arbigraph POSTs an `HttpAgentRequest` as
 * JSON; the agent answers the case by calling the OpenAI-compatible endpoint it is given (the
 * run's request pool, so caching, the concurrency limit, retries and the transcript log apply)
 * and replies `200` with an `HttpAgentReply`. Any other status means the agent failed: that case
 * becomes an infrastructure error (never a model failure), its reason the body's `error` field
 * when the body is `{"error": "…"}`, else the start of the body.
 * Everything in the reply past `answers` is optional, so the smallest agent replies
 * `{"answers": {"task_4_out": "17"}}`; turns and usage make the records' token and turn counts
 * (and the dashboard's case view) as rich as the built-in agent's.
 * JSON Schemas: schemas/http-agent-request.schema.json, schemas/http-agent-reply.schema.json.
 */
import { z } from 'zod'
import { agentStatusSchema, toolCallRecordSchema } from './transcript.ts'

export const HTTP_AGENT_PROTOCOL = 'arbigraph.http-agent/1'

const count = z.int().min(0)

/**
 * What arbigraph POSTs to the agent for one case.
 * @example httpAgentRequestSchema.parse({ protocol: 'arbigraph.http-agent/1', case: { id: 'c', epoch: 0, prompt: 'p', expected: ['task_1_out'] }, endpoint: { baseURL: 'http://127.0.0.1:4000/v1', model: 'm', apiKey: 'k', requestFields: {} } })
 */
export const httpAgentRequestSchema = z
  .strictObject({
    protocol: z.literal(HTTP_AGENT_PROTOCOL),
    case: z.strictObject({
      id: z.string().min(1).describe('Stable case id, the same across epochs.'),
      epoch: count.describe('0-based repetition index.'),
      prompt: z.string().describe('The task prompt: send it as the first user message.'),
      expected: z
        .array(z.string().min(1))
        .describe('The output names to answer (e.g. "task_3_out"), lower case, in prompt order.'),
      maxTokens: z
        .int()
        .positive()
        .optional()
        .describe('Completion budget of a one-request answer, when the benchmark sets one.'),
    }),
    endpoint: z.strictObject({
      baseURL: z
        .string()
        .describe(
          "OpenAI-compatible base URL ending in /v1 (the run's request pool): POST {baseURL}/chat/completions.",
        ),
      model: z.string().min(1).describe('Model id to send in every request.'),
      apiKey: z.string().describe('Send as "Authorization: Bearer <apiKey>".'),
      requestFields: z
        .record(z.string(), z.unknown())
        .describe('Fields to add to every request body (an epoch\'s sampling "seed"); usually empty.'),
    }),
  })
  .meta({ id: 'HttpAgentRequest', title: 'arbigraph HTTP agent request (arbigraph.http-agent/1)' })

const turnSchema = z.strictObject({
  text: z.string().describe('The generated text (message content).'),
  reasoning: z.string().nullable().optional().describe('Reasoning the endpoint returned separately.'),
  finishReason: z
    .string()
    .nullable()
    .optional()
    .describe('"stop", "length", "tool_calls", … as the endpoint said.'),
  promptTokens: count.optional().describe('usage.prompt_tokens of this request. @default 0'),
  completionTokens: count.optional().describe('usage.completion_tokens of this request. @default 0'),
  latencyMs: z.number().min(0).optional().describe('Time of this request, ms. @default 0'),
  cached: z
    .boolean()
    .optional()
    .describe('The pool answered from its cache (x-arbigraph-cache: hit). @default false'),
  toolCalls: z
    .array(toolCallRecordSchema)
    .optional()
    .describe('Tools the agent ran after this turn: name, arguments as JSON text, result text.'),
})

/**
 * What the agent replies (status 200) for one case.
 * @example httpAgentReplySchema.parse({ answers: { task_4_out: '17' } })
 */
export const httpAgentReplySchema = z
  .strictObject({
    answers: z
      .record(z.string(), z.string())
      .describe(
        'Output name → answer text as the model wrote it (graded exactly). A missing name is a missing answer.',
      ),
    status: agentStatusSchema
      .optional()
      .describe(
        'How the run ended; @default "success" when every expected output is answered, else "missing_requested_task_answers".',
      ),
    protocol: z
      .enum(['chat', 'text'])
      .optional()
      .describe(
        '"chat" (native tool calls) or "text" (tool calls in the text), for the records. @default "chat"',
      ),
    turns: z.array(turnSchema).optional().describe('One entry per model request, in order. @default []'),
    usage: z
      .strictObject({ promptTokens: count, completionTokens: count })
      .optional()
      .describe('Token totals of the case; @default the sums over turns.'),
    log: z.array(z.string()).optional().describe('Diagnostics shown under the test; never parsed.'),
  })
  .meta({ id: 'HttpAgentReply', title: 'arbigraph HTTP agent reply (arbigraph.http-agent/1)' })

export type HttpAgentRequest = z.infer<typeof httpAgentRequestSchema>
export type HttpAgentReply = z.infer<typeof httpAgentReplySchema>
export type HttpAgentTurn = z.infer<typeof turnSchema>
