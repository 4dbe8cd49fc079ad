/**
 * How an endpoint's error answer is read, and which ones say "the conversation does not fit the
 * context window". vLLM has used several wordings for that 400 in this period, so no single
 * phrase is enough: the older `_validate_input` wordings both contain "maximum context length";
 * the newer renderer (vLLM PR #36197) says "…the model's context length is only N tokens…" and
 * ends with "(parameter=input_tokens, value=M)"; the error's `param` names `input_tokens` or
 * `max_tokens`. Bodies come nested (`{error: {message, type, param, code}}`) or, from older
 * servers, flat (`{object: "error", message, type, param, code}`). A `max_tokens` 400 counts only
 * when its message talks about the context: "max_tokens must be at least 1" is a bad request,
 * not an overflow, and an overflow must never be declared on a guess.
 * Reference: docs/research/vllm-field-facts.md §1, §4.
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

const OVERFLOW_WORDINGS = [
  /maximum context length/i,
  /context length is only \d+ tokens/i,
  /resulting in a maximum input length/i,
  /\(parameter=input_tokens\b/i,
]
const TOKEN_PARAMS = new Set(['max_tokens', 'max_completion_tokens'])

/**
 * Whether an answer with `status` and `error` is a context overflow.
 * @example isContextOverflow(400, { message: 'You passed 9000 input tokens … (parameter=input_tokens, value=9000)' }) // true
 * @example isContextOverflow(400, { message: 'max_tokens must be at least 1, got 0.', param: 'max_tokens' }) // false
 */
export function isContextOverflow(status: number, error: EndpointError): boolean {
  if (status !== 400) return false
  if (OVERFLOW_WORDINGS.some((wording) => wording.test(error.message))) return true
  if (error.param === 'input_tokens') return true
  return error.param !== undefined && TOKEN_PARAMS.has(error.param) && /context/i.test(error.message)
}
