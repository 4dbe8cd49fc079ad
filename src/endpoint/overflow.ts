/**
 * How an endpoint's error answer is read, and which ones say "the conversation does not fit the
 * context window". vLLM's wording of that 400 changed with each era, so the answer is read by
 * the structure vLLM guarantees, not by one phrase:
 * - it is an HTTP 400;
 * - every validation error of the renderer era and later ends ` (parameter=P, value=V)`
 *   (`VLLMValidationError.__str__`), and vLLM names `input_tokens` or `input_text` only from its
 *   prompt-length checks, so either parameter is an overflow whatever the words around it;
 * - the output budget (`max_tokens`, `max_completion_tokens`, named by the suffix or the body's
 *   `param`) is an overflow only in a known wording or when the message talks about the context
 *   ("max_tokens must be at least 1" is a bad request, and an overflow is never declared on a guess);
 * - the known wordings, era by era: legacy `_validate_input` ("…This model's maximum context
 *   length is N tokens and your request has M input tokens…", "This model's maximum context
 *   length is N tokens. However, your request has M input tokens…") and the v1 engine's "…is
 *   longer than the maximum model length of N"; the renderer (`renderers/params.py`, PR #36197,
 *   2026-03) "max_tokens=Ncannot be greater than max_model_len=max_total_tokens=M. Please request
 *   fewer output tokens." (no space before "cannot" in its source; `max_completion_tokens=` when
 *   that field was sent) and "You passed M input tokens and requested X output tokens. However, the
 *   model's context length is only N tokens, resulting in a maximum input length of K tokens…";
 *   the newest `params.py` "max_tokens=N cannot be greater than max_model_len=…" and "This
 *   model's maximum context length is N tokens. However, you requested X output tokens and your
 *   prompt contains at least M input tokens…".
 * Bodies come nested (`{error: {message, type, param, code}}`) or, from older servers, flat
 * (`{object: "error", message, type, param, code}`); any other 400 stays an infrastructure error
 * carrying its message.
 * Reference: docs/research/vllm-field-facts.md §1, §4, §7.
 */

/** The readable parts of an error answer. */
export interface EndpointError {
  message: string
  type?: string
  param?: string
}

/**
 * The message, type and param of an error body, nested or flat; the raw text (cut to 500
 * characters) as the message when it is not JSON.
 * @example readEndpointError('{"object":"error","message":"boom","type":"BadRequestError"}').message // 'boom'
 */
export function readEndpointError(text: string): EndpointError {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { message: text.slice(0, 500) }
  }
  return errorOfJson(json) ?? { message: text.slice(0, 500) }
}

/**
 * The error an already-parsed JSON value carries (`{error: {...}}` or the flat shape), else undefined.
 * @example errorOfJson({ error: { message: 'x', param: 'input_tokens' } })?.param // 'input_tokens'
 */
export function errorOfJson(json: unknown): EndpointError | undefined {
  if (json === null || typeof json !== 'object') return undefined
  const outer = json as Record<string, unknown>
  const inner = (typeof outer.error === 'object' && outer.error !== null ? outer.error : outer) as Record<
    string,
    unknown
  >
  if (typeof inner.message !== 'string') return undefined
  const error: EndpointError = { message: inner.message }
  if (typeof inner.type === 'string') error.type = inner.type
  if (typeof inner.param === 'string') error.param = inner.param
  return error
}

/** The sentences only a context overflow produces, in every era's wording. */
const OVERFLOW_WORDINGS = [
  // legacy `_validate_input` (both messages) and the newest input check
  /maximum context length is \d+ tokens/i,
  // the v1 engine's check of the decoder prompt
  /is longer than the maximum model length of \d+/i,
  // the renderer's and the newest output check; the renderer's source has no space before "cannot"
  /\bmax_(?:completion_)?tokens=\d+ ?cannot be greater than max_model_len=/i,
  // the renderer's input checks (tokens, and characters before tokenizing)
  /the model's context length is only \d+ tokens, resulting in a maximum input length/i,
]
/** Parameters vLLM names only from its prompt-length checks. */
const INPUT_PARAMS = new Set(['input_tokens', 'input_text'])
/** The output budget's parameters: an overflow only when the message is about the context. */
const TOKEN_PARAMS = new Set(['max_tokens', 'max_completion_tokens'])
/** `VLLMValidationError.__str__`'s suffix: ` (parameter=P, value=V)`, or ` (parameter=P)`. */
const VALIDATION_SUFFIX = / \(parameter=([A-Za-z_][\w.]*)(?:, value=[^()]*)?\)\s*$/

/**
 * The parameter a vLLM validation error names: its message's ` (parameter=P, …)` suffix, else
 * the body's `param` field (legacy servers send `param: null`).
 * @example validationParameter({ message: 'max_tokens=9cannot be greater than max_model_len=max_total_tokens=8. Please request fewer output tokens. (parameter=max_tokens, value=9)' }) // 'max_tokens'
 */
export function validationParameter(error: EndpointError): string | undefined {
  return VALIDATION_SUFFIX.exec(error.message)?.[1] ?? error.param
}

/**
 * Whether an answer with `status` and `error` is a context overflow.
 * @example isContextOverflow(400, { message: 'You passed 9000 input tokens … (parameter=input_tokens, value=9000)' }) // true
 * @example isContextOverflow(400, { message: 'max_tokens=8193 cannot be greater than max_model_len=8192. Please request fewer output tokens. (parameter=max_tokens, value=8193)' }) // true
 * @example isContextOverflow(400, { message: 'max_tokens must be at least 1, got 0. (parameter=max_tokens, value=0)' }) // false
 */
export function isContextOverflow(status: number, error: EndpointError): boolean {
  if (status !== 400) return false
  const parameter = validationParameter(error)
  if (parameter !== undefined && INPUT_PARAMS.has(parameter)) return true
  if (OVERFLOW_WORDINGS.some((wording) => wording.test(error.message))) return true
  return parameter !== undefined && TOKEN_PARAMS.has(parameter) && /context/i.test(error.message)
}
