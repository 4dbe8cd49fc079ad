import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { postJson, postTarget } from '../../src/agent/protocols/http-post.ts'

const servers: { close(): void; closeAllConnections(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A server whose n-th request is handled by `handler(n, req, res, body)`; returns its base URL. */
async function serve(handler: (n: number, req: IncomingMessage, res: ServerResponse, body: string) => void) {
  let n = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handler(n++, req, res, Buffer.concat(chunks).toString('utf8')))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const post = (url: string, payload: string, timeoutMs = 5_000, signal?: AbortSignal) =>
  postJson(
    postTarget(`${url}/v1/chat/completions`, { authorization: 'Bearer k' }),
    payload,
    timeoutMs,
    signal,
  )

describe('agent/protocols/http-post', () => {
  it('posts the payload with its headers and returns status, headers and body', async () => {
    let seen: Record<string, unknown> = {}
    const url = await serve((_n, req, res, body) => {
      seen = {
        method: req.method,
        path: req.url,
        type: req.headers['content-type'],
        auth: req.headers.authorization,
        length: req.headers['content-length'],
        body,
      }
      res.writeHead(201, { 'content-type': 'application/json', 'x-arbigraph-cache': 'hit' })
      res.end('{"ok":"é"}')
    })
    const reply = await post(url, '{"q":"é"}')
    expect(seen).toEqual({
      method: 'POST',
      path: '/v1/chat/completions',
      type: 'application/json',
      auth: 'Bearer k',
      length: String(Buffer.byteLength('{"q":"é"}')),
      body: '{"q":"é"}',
    })
    expect(reply).toMatchObject({ status: 201, text: '{"ok":"é"}' })
    expect(reply.headers['x-arbigraph-cache']).toBe('hit')
  })

  it('reads an answer that arrives in several chunks', async () => {
    const url = await serve((_n, _req, res) => {
      res.write('a'.repeat(70_000))
      setImmediate(() => res.end('b'))
    })
    const reply = await post(url, '{}')
    expect(reply.text).toBe(`${'a'.repeat(70_000)}b`)
  })

  it('resends once when a reused keep-alive socket turns out to be closed', async () => {
    const url = await serve((n, req, res) => {
      // The second request arrives on the kept-alive socket of the first: drop it unanswered.
      if (n === 1) return req.socket.destroy()
      res.end(`answer ${n}`)
    })
    expect((await post(url, 'a')).text).toBe('answer 0')
    expect((await post(url, 'b')).text).toBe('answer 2')
  })

  it('gives up after one resend', async () => {
    const url = await serve((n, req, res) => {
      if (n >= 1) req.socket.destroy()
      else res.end('first')
    })
    expect((await post(url, 'a')).text).toBe('first')
    await expect(post(url, 'b')).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' })
  })

  it('fails a connection cut mid-answer instead of returning half of it', async () => {
    const url = await serve((_n, req, res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write('{"partial":')
      // Flushes the partial body, then closes 89 bytes short.
      req.socket.end()
    })
    await expect(post(url, '{}')).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' })
  })

  it('times out a hung request, and honours an abort signal', async () => {
    let arrivals = 0
    const hung = await serve(() => void arrivals++)
    await expect(post(hung, '{}', 100)).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: 'no answer within 100 ms',
    })
    const controller = new AbortController()
    const pending = post(hung, '{}', 600_000, controller.signal)
    while (arrivals < 2) await new Promise((ok) => setImmediate(ok))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await expect(post(hung, '{}', 5_000, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('refuses a URL that is not plain http', () => {
    expect(() => postTarget('https://example.org/v1/chat/completions', {})).toThrow('not an http: URL')
  })
})
