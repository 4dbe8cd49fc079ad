/**
 * The required structure of the OpenAI chat-completions responses, written from the OpenAI spec
 * (openai/openai-openapi, `components.schemas`: CreateChatCompletionResponse,
 * ChatCompletionResponseMessage, ChatCompletionMessageToolCall, CompletionUsage,
 * CreateChatCompletionStreamResponse, ChatCompletionStreamResponseDelta,
 * ChatCompletionMessageToolCallChunk, ErrorResponse/Error) as zod schemas: every `required`
 * key, the types and enums of the fields the simulator sends; extra keys pass (vLLM adds its
 * own, e.g. `reasoning`, `stop_reason`). The one known deviation of vLLM, an integer error
 * `code` where the spec says string or null, is allowed explicitly.
 */
import { z } from 'zod'

const finishReason = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'function_call'])

const usage = z.looseObject({
  prompt_tokens: z.int(),
  completion_tokens: z.int(),
  total_tokens: z.int(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: z.int().optional() }).optional(),
})

const toolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
})

const logprobs = z.looseObject({
  content: z.array(z.unknown()).nullable(),
  refusal: z.array(z.unknown()).nullable(),
})

export const chatCompletionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.int(),
      finish_reason: finishReason,
      logprobs: logprobs.nullable(),
      message: z.looseObject({
        role: z.literal('assistant'),
        content: z.string().nullable(),
        refusal: z.string().nullable(),
        tool_calls: z.array(toolCall).optional(),
      }),
    }),
  ),
  usage: usage.optional(),
})

export const chatCompletionChunkSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.int(),
      finish_reason: finishReason.nullable(),
      logprobs: logprobs.nullable().optional(),
      delta: z.looseObject({
        role: z.enum(['developer', 'system', 'user', 'assistant', 'tool']).optional(),
        content: z.string().nullable().optional(),
        refusal: z.string().nullable().optional(),
        tool_calls: z
          .array(
            z.looseObject({
              index: z.int(),
              id: z.string().optional(),
              type: z.literal('function').optional(),
              function: z
                .looseObject({ name: z.string().optional(), arguments: z.string().optional() })
                .optional(),
            }),
          )
          .optional(),
      }),
    }),
  ),
  usage: usage.nullable().optional(),
})

export const errorResponseSchema = z.looseObject({
  error: z.looseObject({
    type: z.string(),
    message: z.string(),
    param: z.string().nullable(),
    // The spec: string or null. vLLM sends the HTTP status as an integer: allowed on purpose.
    code: z.union([z.string(), z.null(), z.int()]),
  }),
})
