/**
 * A small `fetch` for plain-HTTP endpoints (the request pool's loopback gateway, the simulator,
 * a vLLM server on the local network), built on `node:http` with a keep-alive agent. The openai
 * client accepts any `fetch`; this one skips undici's request machinery, which measured at about
 * 0.3 ms of CPU per agent turn out of about 1 ms (scratch bench, 4000 turns against sim:oracle),
 * and the agent's throughput target is hundreds of turns per second on two cores. A keep-alive
 * socket the server closed while idle is retried once on a fresh socket (Node's documented
 * `reusedSocket` pattern): the request never reached the server, so resending is safe. Anything
 * this fetch does not handle (https, streamed bodies) goes to the global `fetch`.
 * Reference: Node.js docs, http `request.reusedSocket`.
 */
import type { IncomingMessage } from 'node:http'
import { Agent, request } from 'node:http'

const agent = new Agent({ keepAlive: true, maxSockets: 1024 })
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

function toResponse(res: IncomingMessage, chunks: Buffer[]): Response {
  const headers = new Headers()
  for (const [key, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value)
  }
  const status = res.statusCode ?? 500
  const body = NULL_BODY_STATUSES.has(status)
    ? null
    : chunks.length === 1
      ? chunks[0]!
      : Buffer.concat(chunks)
  return new Response(body, { status, statusText: res.statusMessage, headers })
}

function send(
  url: string,
  init: RequestInit,
  body: string | Buffer | undefined,
  retried: boolean,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value
    })
    const req = request(
      url,
      { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(toResponse(res, chunks)))
        res.on('error', reject)
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
      if (stale && !retried && !init.signal?.aborted) send(url, init, body, true).then(resolve, reject)
      else reject(error)
    })
    req.end(body)
  })
}

/**
 * `fetch` over `node:http` for `http:` URLs with string or buffer bodies; the global `fetch` otherwise.
 * @example new OpenAI({ baseURL: 'http://127.0.0.1:4000/v1', apiKey: 'x', fetch: httpFetch })
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined
  const body = init.body
  const plainBody = body === undefined || body === null || typeof body === 'string' || Buffer.isBuffer(body)
  if (url === undefined || !url.startsWith('http:') || !plainBody) return fetch(input, init)
  return send(url, init, body ?? undefined, false)
}
