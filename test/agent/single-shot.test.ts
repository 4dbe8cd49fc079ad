import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSingleShot, singleShotBody, singleShotProfileSchema } from '../../src/agent/single-shot.ts'

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`

describe('single-shot request body', () => {
  it('is greedy, streamed, with thinking off by default', () => {
    const body = singleShotBody('m', 'p', 96_000, singleShotProfileSchema.parse({}))
    expect(body).toMatchObject({
      temperature: 0,
      max_tokens: 96_000,
      stream: true,
      stream_options: { include_usage: true },
      chat_template_kwargs: { enable_thinking: false },
    })
  })
})

const finish = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`
const usage = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [], usage: { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 } })}\n\n`

/** A stand-in that streams two pieces and then does what `ending` says (vLLM's shapes). */
type Ending = 'complete' | 'cut' | 'error-event' | 'new-overflow'
function standIn(ending: Ending) {
  return createServer((req, res) => {
    req.resume()
    if (ending === 'new-overflow') {
      res.writeHead(400, { 'content-type': 'application/json' })
      const message =
        "You passed 9000 input tokens and requested 10 output tokens. However, the model's context length is only 8192 tokens, resulting in a maximum input length of 8182 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=9000)"
      return void res.end(
        JSON.stringify({ error: { message, type: 'BadRequestError', param: 'input_tokens', code: 400 } }),
      )
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk('[1] a\n'))
    res.write(chunk('[2] b'))
    if (ending === 'cut') return void res.socket?.destroy()
    if (ending === 'error-event') {
      res.write(
        `data: ${JSON.stringify({ error: { message: 'engine died', type: 'InternalServerError', code: 500 } })}\n\n`,
      )
      return void res.end('data: [DONE]\n\n')
    }
    res.end(`${finish}${usage}data: [DONE]\n\n`)
  })
}

describe.each(['complete', 'cut', 'error-event', 'new-overflow'] as const)(
  'single-shot against a stream that ends %s',
  (ending) => {
    let url = ''
    const server = standIn(ending)
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    const run = () => runSingleShot({ endpoint: { baseURL: url }, model: 'm', prompt: 'p', maxTokens: 10 })

    if (ending === 'complete')
      it('assembles the content, finish reason and usage', async () => {
        const outcome = await run()
        expect(outcome).toMatchObject({ status: 'completed', content: '[1] a\n[2] b', finishReason: 'stop' })
        expect([outcome.promptTokens, outcome.completionTokens]).toEqual([7, 4])
        expect(outcome.firstTokenMs).not.toBeNull()
      })
    if (ending === 'cut')
      it('is an ARBIGRAPH_ENDPOINT error, not a partial document scored as it stands', async () => {
        await expect(run()).rejects.toMatchObject({ code: 'ARBIGRAPH_ENDPOINT' })
      })
    if (ending === 'error-event')
      it("is an ARBIGRAPH_ENDPOINT error carrying the server's message", async () => {
        await expect(run()).rejects.toMatchObject({
          code: 'ARBIGRAPH_ENDPOINT',
          message: expect.stringContaining('the stream carried an error event: "engine died"'),
        })
      })
    if (ending === 'new-overflow')
      it("is an overflow outcome in vLLM's newer wording", async () => {
        const outcome = await run()
        expect(outcome.status).toBe('overflow')
        expect(outcome.error).toContain('parameter=input_tokens')
      })
  },
)

describe('single-shot context check', () => {
  let url = ''
  let chatRequests = 0
  const server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' })
    if (req.url === '/v1/models')
      return void res.end(JSON.stringify({ data: [{ id: 'm', max_model_len: 4100 }] }))
    if (req.url === '/tokenize')
      return void res.end(JSON.stringify({ count: 4095, max_model_len: 4100, tokens: [] }))
    chatRequests++
    res.end('{}')
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("records an overflow without sending when the server's /tokenize count cannot fit", async () => {
    const outcome = await runSingleShot({
      endpoint: { baseURL: url },
      model: 'm',
      prompt: 'p',
      maxTokens: 10,
    })
    expect(outcome).toMatchObject({ status: 'overflow', overflowDecidedBy: 'tokenize' })
    expect(outcome.error).toContain('the prompt has 4095 tokens')
    expect(chatRequests).toBe(0)
  })
})
