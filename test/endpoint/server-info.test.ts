import type { ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { listModels, serverRoot, serverVersion, tokenizeChat } from '../../src/endpoint/server-info.ts'

const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

/** A stand-in answering each path with `answer(path, body)`; records the bodies. */
async function standIn(answer: (path: string, res: ServerResponse) => void) {
  const bodies: unknown[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (raw) bodies.push(JSON.parse(raw))
    answer(req.url ?? '/', res)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  closers.push(() => {
    server.close()
    server.closeAllConnections()
  })
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies }
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

describe('endpoint/server-info', () => {
  it('lists models with max_model_len, root and parent, null where the server does not say', async () => {
    // As vLLM's show_available_models writes them: a base model's root is its --model, a LoRA's its path.
    const { baseURL } = await standIn((_, res) =>
      json(res, 200, {
        data: [
          { id: 'a', max_model_len: 40960, root: '/ckpt/a', parent: null, created: 1, owned_by: 'vllm' },
          { id: 'b', root: '/loras/b', parent: 'a' },
          { id: 'c', max_model_len: 1.5, root: 7 },
        ],
      }),
    )
    expect(await listModels({ baseURL })).toEqual([
      { id: 'a', maxModelLen: 40960, root: '/ckpt/a', parent: null },
      { id: 'b', maxModelLen: null, root: '/loras/b', parent: 'a' },
      { id: 'c', maxModelLen: null, root: null, parent: null },
    ])
  })

  it.each([
    ["vLLM's answer", 200, '{"version":"0.11.0"}', '0.11.0'],
    ['no route', 404, '{"detail":"Not Found"}', null],
    ['a body that is not JSON', 200, '<html>', null],
    ['no version field', 200, '{"v":"1"}', null],
  ])('reads GET /version at the server root: %s', async (_, status, body, version) => {
    let path = ''
    const { baseURL } = await standIn((p, res) => {
      path = p
      json(res, status, body)
    })
    expect(await serverVersion({ baseURL })).toBe(version)
    expect(path).toBe('/version')
  })

  it.each([
    [
      'a body that is not JSON',
      (res: ServerResponse) => json(res, 200, '<html>'),
      'the answer is not JSON: "<html>"',
    ],
    [
      'no data list',
      (res: ServerResponse) => json(res, 200, { models: [] }),
      'the answer has no "data" list',
    ],
    ['an error status', (res: ServerResponse) => json(res, 401, { error: 'no key' }), 'HTTP 401'],
  ])('names the problem of a models answer with %s', async (_, answer, fragment) => {
    const { baseURL } = await standIn((_, res) => answer(res))
    await expect(listModels({ baseURL })).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining(fragment),
    })
  })

  it('counts a chat request at the server root /tokenize, with tools and template switches', async () => {
    let path = ''
    const { baseURL, bodies } = await standIn((p, res) => {
      path = p
      json(res, 200, { count: 812, max_model_len: 40960, tokens: [1, 2] })
    })
    const chat = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function' }],
      chat_template_kwargs: { enable_thinking: false },
    }
    expect(await tokenizeChat({ baseURL }, chat)).toEqual({ count: 812, maxModelLen: 40960 })
    expect(path).toBe('/tokenize')
    expect(bodies[0]).toEqual({ ...chat, add_generation_prompt: true })
  })

  it('reports a server without /tokenize as null, and names a malformed count', async () => {
    const missing = await standIn((_, res) => json(res, 404, { detail: 'Not Found' }))
    expect(await tokenizeChat({ baseURL: missing.baseURL }, { model: 'm', messages: [] })).toBeNull()
    const broken = await standIn((_, res) => json(res, 200, { count: '12', max_model_len: 100 }))
    await expect(
      tokenizeChat({ baseURL: broken.baseURL }, { model: 'm', messages: [] }),
    ).rejects.toMatchObject({
      code: 'ARBIGRAPH_ENDPOINT',
      message: expect.stringContaining('lacks an integer "count" or "max_model_len"'),
    })
  })

  it('finds the server root of a base URL', () => {
    expect(serverRoot('http://gpu:8000/v1/')).toBe('http://gpu:8000')
    expect(serverRoot('http://gpu:8000/proxy/v1')).toBe('http://gpu:8000/proxy')
  })
})
