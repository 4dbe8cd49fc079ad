import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { httpFetch } from '../../src/agent/protocols/http-fetch.ts'

const servers: { close(): void; closeAllConnections(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A server whose n-th request is handled by `handler(n)`; returns its base URL. */
async function serve(
  handler: (
    n: number,
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void,
) {
  let n = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => handler(n++, req, res))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('agent/protocols/http-fetch', () => {
  it('sends method, headers and body, and returns status, headers and body', async () => {
    let seen: { method?: string; type?: string } = {}
    const url = await serve((_n, req, res) => {
      seen = { method: req.method, type: req.headers['content-type'] }
      res.writeHead(201, { 'content-type': 'application/json', 'x-arbigraph-cache': 'hit' })
      res.end('{"ok":true}')
    })
    const response = await httpFetch(`${url}/v1/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(seen).toEqual({ method: 'POST', type: 'application/json' })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-arbigraph-cache')).toBe('hit')
    expect(await response.json()).toEqual({ ok: true })
  })

  it('resends once when a reused keep-alive socket turns out to be closed', async () => {
    const url = await serve((n, req, res) => {
      // The second request arrives on the kept-alive socket of the first: drop it unanswered.
      if (n === 1) return req.socket.destroy()
      res.end(`answer ${n}`)
    })
    expect(await (await httpFetch(url, { method: 'POST', body: 'a' })).text()).toBe('answer 0')
    expect(await (await httpFetch(url, { method: 'POST', body: 'b' })).text()).toBe('answer 2')
  })

  it('gives up after one resend, and honours an abort signal', async () => {
    const url = await serve((n, req, res) => {
      if (n >= 1) req.socket.destroy()
      else res.end('first')
    })
    expect(await (await httpFetch(url, { method: 'POST', body: 'a' })).text()).toBe('first')
    await expect(httpFetch(url, { method: 'POST', body: 'b' })).rejects.toMatchObject({ code: 'ECONNRESET' })
    const hung = await serve(() => undefined)
    const controller = new AbortController()
    const pending = httpFetch(hung, { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
