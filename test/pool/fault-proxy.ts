/**
 * A fault-injecting loopback proxy for the request pool's reliability tests: it stands between
 * the pool and a real endpoint (the simulator) and, for each chat-completions request, draws one
 * fault from a seeded hash of the request body and how many times that body was seen, so the
 * faults a case meets do not depend on timing or arrival order. The faults are the ways servers
 * and the proxies in front of them fail in the field: vLLM's empty-bodied 500, a 429 with
 * retry-after, a reset, a hang, a torn 200 body, a 200 without choices, a 200 with a proxy's
 * HTML page, an error event inside a started stream (then `[DONE]`, as vLLM sends it) and a
 * stream cut before `[DONE]`. Everything else (`GET /v1/models`, healthy draws) is forwarded.
 */
import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAULTS = [
  'status-500',
  'status-429',
  'reset',
  'hang',
  'torn-body',
  'no-choices',
  'html',
  'stream-error',
  'stream-cut',
] as const
/**
 * A fault a script can ask for besides the drawn ones: vLLM's 503 when its request queue is full
 * (`max_num_queued_reqs`; the body's wording is not in its source, so it is a plain error body).
 * Kept out of `FAULTS` so that the seeded draws of other tests do not move.
 */
export type Fault = (typeof FAULTS)[number] | 'status-503'

export interface FaultProxy {
  url: string
  /** Faults injected so far, by kind; `none` counts forwarded chat requests. */
  injected: Record<Fault | 'none', number>
  close(): Promise<void>
}

export interface FaultProxyOptions {
  /** Where healthy requests go: a base URL ending in `/v1`. */
  upstream: string
  seed: string
  /** Chance of a fault per chat request, in per mille, spread evenly over `FAULTS`. @default 0 */
  perMille?: number
  /** Decides the fault instead of the seeded draw: from the body and how often it was seen before. */
  script?: (body: string, seen: number) => Fault | 'none'
}

function faultOf(seed: string, body: string, seen: number, perMille: number): Fault | 'none' {
  const digest = createHash('sha256').update(`${seed}\n${seen}\n${body}`).digest()
  const draw = digest.readUInt32LE(0) % 1000
  if (draw >= perMille) return 'none'
  return FAULTS[digest.readUInt32LE(4) % FAULTS.length]!
}

async function forward(upstream: string, path: string, method: string, body: string) {
  const response = await fetch(`${upstream.replace(/\/v1$/, '')}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body }),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  }
}

function inject(
  fault: Fault,
  res: ServerResponse,
  answer: () => Promise<{ text: string }>,
): Promise<void> | void {
  const json = (
    status: number,
    body: string,
    type = 'application/json',
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': type, ...headers })
    res.end(body)
  }
  switch (fault) {
    case 'status-500':
      return json(500, '')
    case 'status-503':
      return json(
        503,
        JSON.stringify({
          error: { message: 'Service Unavailable', type: 'ServiceUnavailableError', code: 503 },
        }),
      )
    case 'status-429':
      return json(
        429,
        JSON.stringify({ error: { message: 'busy', type: 'RateLimitError', code: 429 } }),
        'application/json',
        {
          'retry-after': '0.001',
        },
      )
    case 'reset':
      return void res.socket?.destroy()
    case 'hang':
      return
    case 'torn-body':
      return json(
        200,
        '{"id":"chatcmpl-x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assis',
      )
    case 'no-choices':
      return json(
        200,
        JSON.stringify({ id: 'chatcmpl-x', object: 'chat.completion', created: 0, model: 'm', choices: [] }),
      )
    case 'html':
      return json(200, '<html><body>502 Bad Gateway</body></html>', 'text/html')
    case 'stream-error':
    case 'stream-cut':
      return answer().then(({ text }) => {
        const events = text.split('\n\n').filter((event) => event !== '')
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        for (const event of events.slice(0, 2)) res.write(`${event}\n\n`)
        if (fault === 'stream-cut') return void res.socket?.end()
        const error = { error: { message: 'engine died mid-stream', type: 'InternalServerError', code: 500 } }
        res.end(`data: ${JSON.stringify(error)}\n\ndata: [DONE]\n\n`)
      })
  }
}

/**
 * Starts the proxy.
 * @example const proxy = await startFaultProxy({ upstream: sim.url, seed: 'faults', perMille: 300 })
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const seen = new Map<string, number>()
  const injected = Object.fromEntries(
    [...FAULTS, 'status-503', 'none'].map((fault) => [fault, 0]),
  ) as FaultProxy['injected']
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const path = req.url ?? '/'
    const method = req.method ?? 'GET'
    const upstream = () => forward(options.upstream, path, method, body)
    try {
      if (method === 'POST' && path.endsWith('/chat/completions')) {
        const count = seen.get(body) ?? 0
        seen.set(body, count + 1)
        const fault = options.script
          ? options.script(body, count)
          : faultOf(options.seed, body, count, options.perMille ?? 0)
        injected[fault]++
        if (fault !== 'none') return await inject(fault, res, upstream)
      }
      const answer = await upstream()
      res.writeHead(answer.status, { 'content-type': answer.type })
      res.end(answer.text)
    } catch {
      res.socket?.destroy()
    }
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    injected,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}
