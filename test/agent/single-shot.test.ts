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

describe('single-shot stream that breaks midway', () => {
  let url = ''
  const server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk('[1] a\n'))
    res.write(chunk('[2] b'))
    setTimeout(() => res.socket?.destroy(), 20)
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('keeps the partial content and reports "interrupted"', async () => {
    const outcome = await runSingleShot({
      endpoint: { baseURL: url },
      model: 'm',
      prompt: 'p',
      maxTokens: 10,
    })
    expect(outcome.status).toBe('interrupted')
    expect(outcome.content).toBe('[1] a\n[2] b')
    expect(outcome.error).toBeTruthy()
    expect(outcome.firstTokenMs).not.toBeNull()
  })
})
