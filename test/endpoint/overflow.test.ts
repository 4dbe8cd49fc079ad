import { describe, expect, it } from 'vitest'
import { isContextOverflow, readEndpointError, validationParameter } from '../../src/endpoint/overflow.ts'

// The wordings of vLLM's source, era by era (docs/research/vllm-field-facts.md §1, §7).
const OLD_MAX_TOKENS =
  "'max_tokens' or 'max_completion_tokens' is too large: 4000. This model's maximum context length is 8192 tokens and your request has 5000 input tokens (4000 > 8192 - 5000)."
const OLD_INPUT =
  "This model's maximum context length is 8192 tokens. However, your request has 9000 input tokens. Please reduce the length of the input messages."
const NEW_INPUT =
  "You passed 9000 input tokens and requested 100 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 8092 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=9000)"

// The renderer era (renderers/params.py @017638d7 and @1aa021e8, PR #36197): the output check
// comes first, and its source has no space before "cannot"; `max_completion_tokens=` when sent.
const RENDERER_MAX_TOKENS =
  'max_tokens=8193cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_tokens, value=8193)'
const RENDERER_MAX_COMPLETION_TOKENS =
  'max_completion_tokens=8193cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_completion_tokens, value=8193)'
const RENDERER_INPUT_TEXT =
  "You passed 40000 input characters and requested 100 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 8092 tokens (at most 32368 characters). Please reduce the length of the input prompt. (parameter=input_text, value=40000)"
// The newest params.py: a space before "cannot", and the input check in the older words.
const NEWEST_MAX_TOKENS =
  'max_tokens=8193 cannot be greater than max_model_len=max_total_tokens=8192. Please request fewer output tokens. (parameter=max_tokens, value=8193)'
const NEWEST_INPUT =
  "This model's maximum context length is 8192 tokens. However, you requested 100 output tokens and your prompt contains at least 8093 input tokens, for a total of at least 8193 tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=8093)"
// The v1 engine's own check of the prompt (a ValueError, answered as a 400).
const ENGINE_PROMPT =
  'The decoder prompt (length 8193) is longer than the maximum model length of 8192. Make sure that `max_model_len` is no smaller than the number of text tokens.'

const nested = (message: string, param: string | null = null) =>
  JSON.stringify({ error: { message, type: 'BadRequestError', param, code: 400 } })
const flat = (message: string) =>
  JSON.stringify({ object: 'error', message, type: 'BadRequestError', param: null, code: 400 })

describe('endpoint/overflow', () => {
  it.each([
    ['the older max_tokens wording', nested(OLD_MAX_TOKENS, 'max_tokens')],
    ['the older input wording', nested(OLD_INPUT)],
    ['the newer renderer wording', nested(NEW_INPUT, 'input_tokens')],
    ['the newer wording without a param field', nested(NEW_INPUT)],
    ['the flat body of older servers', flat(OLD_INPUT)],
    ['the renderer max_tokens wording', nested(RENDERER_MAX_TOKENS, 'max_tokens')],
    ['the renderer max_tokens wording without a param field', nested(RENDERER_MAX_TOKENS)],
    ['the renderer max_completion_tokens wording', nested(RENDERER_MAX_COMPLETION_TOKENS)],
    ['the renderer input-characters wording', nested(RENDERER_INPUT_TEXT)],
    ['the newest max_tokens wording', nested(NEWEST_MAX_TOKENS, 'max_tokens')],
    ['the newest input wording', nested(NEWEST_INPUT, 'input_tokens')],
    ['the v1 engine prompt wording', nested(ENGINE_PROMPT)],
    [
      'an unknown wording whose vLLM suffix names input_tokens',
      nested('Prompt too long for this deployment. (parameter=input_tokens, value=9000)'),
    ],
    [
      'an unknown wording with param input_tokens',
      nested('Prompt too long for this deployment.', 'input_tokens'),
    ],
    [
      'param max_tokens naming the context',
      nested('Requested output does not fit the context window.', 'max_tokens'),
    ],
  ])('a 400 with %s is an overflow', (_, body) => {
    expect(isContextOverflow(400, readEndpointError(body))).toBe(true)
  })

  it.each([
    ['a max_tokens value error', nested('max_tokens must be at least 1, got 0.', 'max_tokens')],
    [
      'a max_tokens value error in the renderer era',
      nested('max_tokens must be at least 1, got 0. (parameter=max_tokens, value=0)'),
    ],
    [
      'a truncation size larger than the context allows',
      nested(
        'truncate_prompt_tokens=9000 cannot be greater than max_model_len - max_tokens = 8092. Please request a smaller truncation size. (parameter=truncate_prompt_tokens, value=9000)',
      ),
    ],
    [
      'a suffix naming another parameter over a body param input_tokens',
      nested('temperature must be non-negative (parameter=temperature, value=-1)', 'input_tokens'),
    ],
    ['an unknown model', nested('The model `x` does not exist.', 'model')],
    ['a body that is not JSON', 'Bad Request'],
  ])('a 400 with %s is not an overflow', (_, body) => {
    expect(isContextOverflow(400, readEndpointError(body))).toBe(false)
  })

  it('is only ever a 400', () => {
    expect(isContextOverflow(500, readEndpointError(nested(OLD_INPUT)))).toBe(false)
    expect(isContextOverflow(413, readEndpointError(nested(RENDERER_MAX_TOKENS)))).toBe(false)
  })

  it('reads the parameter from the vLLM suffix first, then from the body', () => {
    expect(validationParameter({ message: RENDERER_MAX_COMPLETION_TOKENS })).toBe('max_completion_tokens')
    expect(validationParameter({ message: 'x (parameter=input_tokens)', param: 'max_tokens' })).toBe(
      'input_tokens',
    )
    expect(validationParameter({ message: OLD_INPUT, param: 'max_tokens' })).toBe('max_tokens')
    expect(validationParameter({ message: OLD_INPUT })).toBeUndefined()
  })

  it('reads message, type and param from nested and flat bodies, and raw text otherwise', () => {
    expect(readEndpointError(nested(NEW_INPUT, 'input_tokens'))).toEqual({
      message: NEW_INPUT,
      type: 'BadRequestError',
      param: 'input_tokens',
    })
    expect(readEndpointError(flat('boom'))).toEqual({ message: 'boom', type: 'BadRequestError' })
    expect(readEndpointError('<html>502</html>')).toEqual({ message: '<html>502</html>' })
  })
})
