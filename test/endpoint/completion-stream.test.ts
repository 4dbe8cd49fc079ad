import { describe, expect, it } from 'vitest'
import { RESTART_EVENT, readCompletionStream } from '../../src/endpoint/completion-stream.ts'

const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 7, model: 'm' }
const data = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`
const delta = (d: Record<string, unknown>, finish: string | null = null) =>
  data({ ...head, choices: [{ index: 0, delta: d, finish_reason: finish }] })
const usage = data({
  ...head,
  choices: [],
  usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
})
const DONE = 'data: [DONE]\n\n'

/** A tool-call turn as vLLM streams it: the id, type and name first, the arguments in pieces. */
const toolTurn = [
  delta({ role: 'assistant', content: '' }),
  delta({ reasoning: 'Let me ' }),
  delta({ reasoning: 'compute.' }),
  delta({ content: 'Calling.' }),
  delta({
    tool_calls: [
      { index: 0, id: 'call-a', type: 'function', function: { name: 'calculator', arguments: '' } },
    ],
  }),
  delta({ tool_calls: [{ index: 0, function: { arguments: '{"expressions": ' } }] }),
  delta({
    tool_calls: [
      { index: 1, id: 'call-b', type: 'function', function: { name: 'calculator', arguments: '{"exp' } },
    ],
  }),
  delta({ tool_calls: [{ index: 0, function: { arguments: '["1+2"]}' } }] }),
  delta({ tool_calls: [{ index: 1, function: { arguments: 'ressions": ["3*4"]}' } }] }),
  delta({}, 'tool_calls'),
  usage,
  DONE,
]

function read(events: string[], split = false) {
  const reader = readCompletionStream()
  const text = events.join('')
  if (split) for (const byte of Buffer.from(text, 'utf8')) reader.feed(Uint8Array.of(byte))
  else reader.feed(text)
  return reader.finish()
}

describe('endpoint/completion-stream', () => {
  it('assembles a streamed tool-call turn into the non-streamed message shape', () => {
    const verdict = read(toolTurn)
    expect(verdict.complete).toBe(true)
    if (!verdict.complete) return
    expect(verdict.completion).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 7,
      model: 'm',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Calling.',
            refusal: null,
            reasoning: 'Let me compute.',
            tool_calls: [
              {
                id: 'call-a',
                type: 'function',
                function: { name: 'calculator', arguments: '{"expressions": ["1+2"]}' },
              },
              {
                id: 'call-b',
                type: 'function',
                function: { name: 'calculator', arguments: '{"expressions": ["3*4"]}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
    })
  })

  it('gives the same answer fed one byte at a time (UTF-8 split across chunks)', () => {
    const events = [delta({ content: 'Größe → ' }), delta({ content: '😀' }, 'stop'), DONE]
    const whole = read(events)
    expect(read(events, true)).toEqual(whole)
    expect(whole.complete && whole.completion.choices[0]!.message.content).toBe('Größe → 😀')
  })

  it('keeps reasoning_content in its own field for older servers, and null content beside calls', () => {
    const verdict = read([
      delta({ reasoning_content: 'think' }),
      delta(
        { tool_calls: [{ index: 0, id: 'c', function: { name: 'calculator', arguments: '{}' } }] },
        'tool_calls',
      ),
      DONE,
    ])
    expect(verdict.complete && verdict.completion.choices[0]!.message).toMatchObject({
      content: null,
      reasoning_content: 'think',
    })
  })

  it.each([
    [
      'an error event then [DONE]',
      [delta({ content: 'a' }), data({ error: { message: 'engine died', code: 500 } }), DONE],
      'the stream carried an error event: "engine died"',
    ],
    ['a cut before [DONE]', [delta({ content: 'a' }, 'stop'), usage], 'the stream ended before [DONE]'],
    [
      '[DONE] with no finish reason',
      [delta({ content: 'a' }), DONE],
      'the stream reached [DONE] without a finish reason',
    ],
    [
      'an event that is not JSON',
      [delta({ content: 'a' }), 'data: {"choi\n\n', DONE],
      'the stream carried an event that is not JSON',
    ],
    ['a torn last event', [delta({ content: 'a' }, 'stop'), 'data: [DO'], 'the stream ended before [DONE]'],
  ])('is incomplete after %s', (_, events, reason) => {
    const verdict = read(events as string[])
    expect(verdict.complete).toBe(false)
    if (!verdict.complete) expect(verdict.reason).toContain(reason)
  })

  it('starts over after a restart event, and says when it waits for an attempt', () => {
    const reader = readCompletionStream()
    expect(reader.awaitingAttempt).toBe(true)
    reader.feed(delta({ content: 'lost' }))
    expect(reader.awaitingAttempt).toBe(false)
    reader.feed(`event: ${RESTART_EVENT}\ndata: {"attempt":2}\n\n`)
    expect(reader.awaitingAttempt).toBe(true)
    reader.feed(delta({ content: 'kept' }, 'stop') + DONE)
    const verdict = reader.finish()
    expect(reader.restarts).toBe(1)
    expect(verdict.complete && verdict.completion.choices[0]!.message.content).toBe('kept')
  })
})
