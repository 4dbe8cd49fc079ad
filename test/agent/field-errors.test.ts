/**
 * Issue 11's acceptance: the harness, through the request pool, against a loopback stand-in that
 * answers the way vLLM's source says it does: each overflow wording, the flat error body of older
 * servers, an error event inside a started stream, a stream cut before `[DONE]`, a 400 of another
 * kind, and an overflow that the server's `/tokenize` count shows before sending. Each ends with
 * the right status; nothing failed is cached; a rerun asks the server again.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import type { ScriptedServerOptions, ScriptedTurn } from './scripted-server.ts'
import { startScriptedServer } from './scripted-server.ts'

const PROMPT = 'Define task_1_input = 20. Task 1: add 22 to task_1_input; call it task_1_out.'
const OLD =
  "This model's maximum context length is 8192 tokens. However, your request has 9000 input tokens. Please reduce the length of the input messages."
const NEW =
  "You passed 9000 input tokens and requested 16384 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 0 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=9000)"
const bad = (message: string): ScriptedTurn['error'] => ({ message, type: 'BadRequestError' })

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function harness(turn: (index: number) => ScriptedTurn, options: ScriptedServerOptions = {}) {
  const server = await startScriptedServer(turn, options)
  closers.push(() => server.close())
  const cachePath = join(mkdtempSync(join(tmpdir(), 'arbigraph-field-')), 'cache.jsonl')
  const pool = await startRequestPool({
    upstreams: [server.url],
    cachePath,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
  })
  closers.push(() => pool.close())
  const run = () => runToolAgent({ baseURL: pool.url, model: 'scripted', prompt: PROMPT })
  return { server, pool, run }
}

describe('agent through the pool against vLLM-shaped failures', () => {
  it.each([
    ['the older wording', { status: 400, error: bad(OLD) }],
    ['the newer wording', { status: 400, error: bad(NEW) }],
    ['the flat error body', { status: 400, error: bad(OLD), flatError: true }],
  ] as [string, ScriptedTurn][])(
    '%s ends as context_length_exceeded, decided by the server',
    async (_, turn) => {
      const { server, pool, run } = await harness(() => turn)
      const transcript = await run()
      expect(transcript.status).toBe('context_length_exceeded')
      expect(transcript.error).toBe(turn.error!.message)
      expect(transcript.overflow).toEqual({ decidedBy: 'server', maxTokens: 16384 })
      await run()
      expect(server.requests).toHaveLength(2)
      expect(pool.cache.size).toBe(0)
    },
  )

  it.each([
    [
      'an error event inside the stream',
      { content: 'partial', streamError: 'CUDA error: device-side assert' },
      'the stream carried an error event: "CUDA error: device-side assert"',
    ],
    ['a stream cut before [DONE]', { content: 'partial', cutStream: true }, 'the stream broke before [DONE]'],
    [
      'a 400 of another kind',
      { status: 400, error: bad('temperature must be non-negative') },
      'HTTP 400 (BadRequestError): "temperature must be non-negative"',
    ],
  ] as [string, ScriptedTurn, string][])(
    '%s is an infrastructure error with the cause, never cached',
    async (_, turn, fragment) => {
      const { server, pool, run } = await harness(() => turn)
      await expect(run()).rejects.toMatchObject({
        code: 'ARBIGRAPH_ENDPOINT',
        message: expect.stringContaining(fragment),
      })
      const asked = server.requests.length
      // A stream failure is retried within the budget (2 attempts); a 400 is not retried.
      expect(asked).toBe(turn.status ? 1 : 2)
      await expect(run()).rejects.toMatchObject({ code: 'ARBIGRAPH_ENDPOINT' })
      expect(server.requests).toHaveLength(2 * asked)
      expect(pool.cache.size).toBe(0)
    },
  )

  it('a stream that fails midway and succeeds on the retry gives only the retry’s turn', async () => {
    const script = (index: number): ScriptedTurn =>
      index === 0
        ? { content: 'garbage from a dying attempt', streamError: 'engine restarted' }
        : index === 1
          ? { toolCalls: [{ name: 'calculator', arguments: '{"expressions": ["20 + 22"]}' }] }
          : { content: 'So \\boxed{task_1_out = 42}.' }
    const { server, pool, run } = await harness(script)
    const transcript = await run()
    expect(transcript.status).toBe('success')
    expect(transcript.turns[0]!.text).toBe('')
    expect(transcript.turns[0]!.toolCalls).toEqual([
      { name: 'calculator', arguments: '{"expressions": ["20 + 22"]}', result: '{"results": ["42"]}' },
    ])
    expect(transcript.answers.task_1_out?.answer).toBe('42')
    expect(server.requests).toHaveLength(3)
    expect(pool.cache.size).toBe(2)
  })

  it("records an overflow without sending when the server's /tokenize count cannot fit", async () => {
    const { server, pool, run } = await harness(() => ({ content: 'never asked' }), {
      maxModelLen: 8192,
      tokenize: () => 9000,
    })
    const transcript = await run()
    expect(transcript.status).toBe('context_length_exceeded')
    expect(transcript.overflow).toEqual({
      decidedBy: 'tokenize',
      promptTokens: 9000,
      maxTokens: 16384,
      maxModelLen: 8192,
    })
    expect(transcript.error).toContain('not sent')
    expect(server.requests).toHaveLength(0)
    expect(server.tokenized[0]).toMatchObject({ model: 'scripted', add_generation_prompt: true })
    expect(server.tokenized[0]!.tools).toHaveLength(1)
    expect(pool.cache.size).toBe(1)
  })

  it('sends a turn that /tokenize says fits', async () => {
    const { server, run } = await harness(
      (index) =>
        index === 0
          ? { toolCalls: [{ name: 'calculator', arguments: '{"expressions": ["20 + 22"]}' }] }
          : { content: '\\boxed{task_1_out = 42}' },
      { maxModelLen: 20_000, tokenize: () => 3000 },
    )
    const transcript = await run()
    expect(transcript.status).toBe('success')
    expect(transcript.overflow).toBeUndefined()
    expect(server.tokenized).toHaveLength(2)
    expect(server.requests).toHaveLength(2)
  })
})
