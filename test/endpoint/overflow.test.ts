import { describe, expect, it } from 'vitest'
import { isContextOverflow, readEndpointError } from '../../src/endpoint/overflow.ts'

// The wordings of vLLM's source (docs/research/vllm-field-facts.md §1).
const OLD_MAX_TOKENS =
  "'max_tokens' or 'max_completion_tokens' is too large: 4000. This model's maximum context length is 8192 tokens and your request has 5000 input tokens (4000 > 8192 - 5000)."
const OLD_INPUT =
  "This model's maximum context length is 8192 tokens. However, your request has 9000 input tokens. Please reduce the length of the input messages."
const NEW_INPUT =
  "You passed 9000 input tokens and requested 100 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 8092 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=9000)"

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
    ['an unknown model', nested('The model `x` does not exist.', 'model')],
    ['a body that is not JSON', 'Bad Request'],
  ])('a 400 with %s is not an overflow', (_, body) => {
    expect(isContextOverflow(400, readEndpointError(body))).toBe(false)
  })

  it('is only ever a 400', () => {
    expect(isContextOverflow(500, readEndpointError(nested(OLD_INPUT)))).toBe(false)
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
