/**
 * The request side of the simulated vLLM chat-completions endpoint, and vLLM's error bodies.
 *
 * Every request body is parsed with zod (unknown fields pass through, as vLLM logs and ignores
 * them); a rejection is an HTTP 400 whose message names the field. Errors use vLLM's current
 * shape `{error: {message, type, param, code}}`. Token counts are a cheap deterministic
 * approximation, `ceil(chars / 4)`, over the text a chat template would render (message
 * contents, assistant tool-call arguments, the tool schemas): close enough to exercise budget
 * logic and context overflows, and independent of any tokenizer.
 * Reference: docs/research/ecosystem-anchors.md §C1–C2 (vLLM `protocol.py`, error wording).
 */
import { z } from 'zod'
import { formatPath } from '../errors.ts'

const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() })

const toolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
})

const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
  tool_calls: z.array(toolCallSchema).nullish(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
})

const toolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({ name: z.string().min(1) }),
})

/** The fields of a chat-completions request the simulator reads; all others pass through. */
export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  tools: z.array(toolSchema).nullish(),
  tool_choice: z.unknown().optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  chat_template_kwargs: z.record(z.string(), z.unknown()).nullish(),
  /** The sampling seed (an epoch's): personas that draw make other draws for another seed. */
  seed: z.number().int().nullish(),
})

export type ChatRequest = z.infer<typeof chatRequestSchema>
export type ChatMessage = ChatRequest['messages'][number]

/** An HTTP error the simulator answers with, in vLLM's body shape. */
export class SimHttpError extends Error {
  readonly status: number
  readonly type: string
  readonly param: string | null

  constructor(status: number, type: string, message: string, param: string | null = null) {
    super(message)
    this.name = 'SimHttpError'
    this.status = status
    this.type = type
    this.param = param
  }
}

/**
 * vLLM's error body for a status and message.
 * @example vllmErrorBody(400, 'BadRequestError', 'bad') // {error: {message: 'bad', type: 'BadRequestError', param: null, code: 400}}
 */
export const vllmErrorBody = (
  status: number,
  type: string,
  message: string,
  param: string | null = null,
) => ({
  error: { message, type, param, code: status },
})

/**
 * Parses a JSON request body, or throws a 400 naming the offending field.
 * @example parseChatRequest('{"model":"m","messages":[]}') // throws 'messages: …'
 */
export function parseChatRequest(body: string): ChatRequest {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    throw new SimHttpError(400, 'BadRequestError', `Invalid JSON body: ${(error as Error).message}`)
  }
  const parsed = chatRequestSchema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path) || 'body'
  throw new SimHttpError(400, 'BadRequestError', `Invalid request: ${path}: ${issue.message}`, path)
}

/**
 * The approximate token count of a text: `ceil(chars / 4)`.
 * @example approxTokens('abcde') // 2
 */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4)

/** The plain text of a message's content (string, null, or an array of text parts). */
export function contentText(message: ChatMessage): string {
  const content = message.content
  if (typeof content === 'string') return content
  if (!content) return ''
  return content.map((part) => part.text ?? '').join('')
}

/**
 * The approximate prompt token count: message contents, assistant tool-call arguments and the
 * tool schemas, all under `ceil(chars / 4)`.
 * @example promptTokens({model: 'm', messages: [{role: 'user', content: 'abcd'}]}) // 1
 */
export function promptTokens(request: ChatRequest): number {
  let chars = 0
  for (const message of request.messages) {
    chars += contentText(message).length
    for (const call of message.tool_calls ?? [])
      chars += call.function.name.length + call.function.arguments.length
  }
  if (request.tools?.length) chars += JSON.stringify(request.tools).length
  return Math.ceil(chars / 4)
}

/**
 * The completion budget of a request: `max_completion_tokens`, else the deprecated `max_tokens`,
 * else (as vLLM does) whatever the context leaves after the prompt.
 * @example maxCompletionTokens({max_tokens: 5} as ChatRequest, 100, 10) // 5
 */
export function maxCompletionTokens(request: ChatRequest, maxModelLen: number, prompt: number): number {
  return request.max_completion_tokens ?? request.max_tokens ?? Math.max(1, maxModelLen - prompt)
}

/** How a simulated server words a context overflow: the era of vLLM it plays. */
export type OverflowEra = 'legacy' | 'renderer' | 'newest'

function overflowError(message: string, parameter?: string): SimHttpError {
  return new SimHttpError(400, 'BadRequestError', message, parameter)
}

/**
 * Throws vLLM's 400 when the prompt, or the prompt plus the requested completion, does not fit,
 * in the wording of the server's era (vllm-field-facts.md §1, §7):
 * - `legacy` (`_validate_input` in serving.py): "This model's maximum context length is N
 *   tokens…", the whole prompt counted, `param: null`;
 * - `renderer` (`renderers/params.py` @017638d7, @1aa021e8, PR #36197): the output budget is
 *   checked first ("max_tokens=Ncannot be greater than max_model_len=max_total_tokens=M. Please
 *   request fewer output tokens.", no space before "cannot" as in its source), then the prompt
 *   ("You passed M input tokens and requested X output tokens. However, the model's context
 *   length is only N tokens…");
 * - `newest` (params.py later): the output check with the space, and the prompt check as "This
 *   model's maximum context length is N tokens. However, you requested X output tokens and your
 *   prompt contains at least M input tokens…".
 * From the renderer on, every message ends ` (parameter=P, value=V)` (`VLLMValidationError`),
 * `param` names P, and the prompt is tokenized with truncation at one token past the input room,
 * so the count it reports is at most that ("at least M" in the newest words).
 * `outputParam` is the field the request sent its budget in.
 * @example assertFitsContext(10, 5, 12) // throws "'max_tokens' or 'max_completion_tokens' is too large: 5. …"
 */
export function assertFitsContext(
  prompt: number,
  maxTokens: number,
  maxModelLen: number,
  era: OverflowEra = 'legacy',
  outputParam: 'max_tokens' | 'max_completion_tokens' = 'max_tokens',
): void {
  if (era === 'legacy') {
    assertFitsLegacy(prompt, maxTokens, maxModelLen)
    return
  }
  const suffix = (parameter: string, value: number) => ` (parameter=${parameter}, value=${value})`
  if (maxTokens > maxModelLen) {
    const gap = era === 'renderer' ? '' : ' '
    throw overflowError(
      `${outputParam}=${maxTokens}${gap}cannot be greater than max_model_len=max_total_tokens=${maxModelLen}. Please request fewer output tokens.${suffix(outputParam, maxTokens)}`,
      outputParam,
    )
  }
  const maxInput = maxModelLen - maxTokens
  if (prompt <= maxInput) return
  const counted = Math.min(prompt, maxInput + 1)
  const atLeast = counted === maxInput + 1 ? 'at least ' : ''
  throw overflowError(
    era === 'renderer'
      ? `You passed ${counted} input tokens and requested ${maxTokens} output tokens. However, the model's context length is only ${maxModelLen} tokens, resulting in a maximum input length of ${maxInput} tokens. Please reduce the length of the input prompt.${suffix('input_tokens', counted)}`
      : `This model's maximum context length is ${maxModelLen} tokens. However, you requested ${maxTokens} output tokens and your prompt contains ${atLeast}${counted} input tokens, for a total of ${atLeast}${counted + maxTokens} tokens. Please reduce the length of the input prompt or the number of requested output tokens.${suffix('input_tokens', counted)}`,
    'input_tokens',
  )
}

function assertFitsLegacy(prompt: number, maxTokens: number, maxModelLen: number): void {
  if (prompt + maxTokens <= maxModelLen) return
  if (prompt > maxModelLen)
    throw overflowError(
      `This model's maximum context length is ${maxModelLen} tokens. However, your request has ${prompt} input tokens. Please reduce the length of the input messages.`,
    )
  throw overflowError(
    `'max_tokens' or 'max_completion_tokens' is too large: ${maxTokens}. This model's maximum context length is ${maxModelLen} tokens and your request has ${prompt} input tokens (${maxTokens} > ${maxModelLen} - ${prompt}).`,
  )
}

/**
 * Whether the request lets the server parse tool calls: `tools` sent and `tool_choice` not
 * `"none"` (vLLM defaults `tool_choice` to `"none"` without tools and to `"auto"` with them).
 * @example toolsActive({ tools: [] }) // false
 */
export const toolsActive = (request: Pick<ChatRequest, 'tools' | 'tool_choice'>): boolean =>
  (request.tools?.length ?? 0) > 0 && request.tool_choice !== 'none'
