/**
 * Issue 30's acceptance for real turns: against the simulator playing each era of vLLM (its 400s
 * worded as that era's source words them), with `/tokenize` present and absent, a turn that
 * cannot fit ends as `context_length_exceeded` — decided by the server's own count before
 * sending when `/tokenize` is there, by the server's 400 otherwise — and never as an
 * infrastructure error. Both ways a turn fails to fit are played: a `max_tokens` larger than
 * the whole context (the renderer's "max_completion_tokens=N cannot be greater than max_model_len" line, the
 * field the agent sends) and a prompt
 * too long for what `max_tokens` leaves. The same runs go through the request pool once, as
 * every suite's agent does.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runToolAgent } from '../../src/agent/loop.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import type { ServerProfileName, SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const ERAS: [ServerProfileName, RegExp, RegExp][] = [
  ['vllm-legacy', /^'max_tokens' or 'max_completion_tokens' is too large: 16384\./, /^'max_tokens' or/],
  [
    'vllm-renderer',
    /^max_completion_tokens=16384cannot be greater than max_model_len=max_total_tokens=8192\. .* \(parameter=max_completion_tokens, value=16384\)$/,
    /^You passed \d+ input tokens .* \(parameter=input_tokens, value=\d+\)$/,
  ],
  [
    'vllm-engine',
    /^max_completion_tokens=16384 cannot be greater than max_model_len=max_total_tokens=8192\. .* \(parameter=max_completion_tokens, value=16384\)$/,
    /^This model's maximum context length is 20000 tokens\. However, you requested 16384 output tokens .* \(parameter=input_tokens, value=\d+\)$/,
  ],
]

/** A prompt of about 4,000 simulated tokens: 16,384 output tokens leave 3,616 of 20,000. */
const LONG_PROMPT = `Define task_1_input = 20. Task 1: add 22 to task_1_input; call it task_1_out. ${'Note. '.repeat(2700)}`
const SHORT_PROMPT = 'Define task_1_input = 20. Task 1: add 22 to task_1_input; call it task_1_out.'

async function simAs(server: ServerProfileName, maxModelLen: number, tokenize: boolean): Promise<SimServer> {
  const sim = await startSimServer({ persona: 'sim:oracle', server, maxModelLen, tokenize })
  closers.push(() => sim.close())
  return sim
}

describe.each(ERAS)('a turn that cannot fit, against %s', (server, tooManyOutput, tooLongPrompt) => {
  it.each([
    ['max_tokens beyond the context', 8192, SHORT_PROMPT, tooManyOutput],
    ['a prompt too long for what max_tokens leaves', 20_000, LONG_PROMPT, tooLongPrompt],
  ] as const)('%s, without /tokenize: the server 400 decides', async (_, maxModelLen, prompt, wording) => {
    const sim = await simAs(server, maxModelLen, false)
    const transcript = await runToolAgent({
      baseURL: sim.url,
      model: sim.model,
      prompt,
    })
    expect(transcript.status).toBe('context_length_exceeded')
    expect(transcript.error).toMatch(wording)
    expect(transcript.overflow).toEqual({ decidedBy: 'server', maxTokens: 16384 })
    expect(sim.stats.byStatus['400']).toBe(1)
  })

  it.each([
    ['max_tokens beyond the context', 8192, SHORT_PROMPT],
    ['a prompt too long for what max_tokens leaves', 20_000, LONG_PROMPT],
  ] as const)('%s, with /tokenize: counted and not sent', async (_, maxModelLen, prompt) => {
    const sim = await simAs(server, maxModelLen, true)
    const transcript = await runToolAgent({
      baseURL: sim.url,
      model: sim.model,
      prompt,
    })
    expect(transcript.status).toBe('context_length_exceeded')
    expect(transcript.overflow).toMatchObject({ decidedBy: 'tokenize', maxTokens: 16384, maxModelLen })
    expect(sim.stats.byStatus['400']).toBeUndefined()
  })
})

describe('through the request pool, as every suite sends', () => {
  it.each(ERAS.map(([server]) => server))(
    '%s: the renderer-era refusal of max_tokens stays an outcome',
    async (server) => {
      const sim = await simAs(server, 8192, false)
      const pool = await startRequestPool({
        upstreams: [sim.url],
        cachePath: join(mkdtempSync(join(tmpdir(), 'arbigraph-eras-')), 'cache.jsonl'),
      })
      closers.push(() => pool.close())
      const transcript = await runToolAgent({
        baseURL: pool.url,
        model: sim.model,
        prompt: SHORT_PROMPT,
      })
      expect(transcript.status).toBe('context_length_exceeded')
      expect(transcript.overflow).toEqual({ decidedBy: 'server', maxTokens: 16384 })
      expect(pool.cache.size).toBe(0)
    },
  )
})
