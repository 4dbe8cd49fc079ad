/**
 * One JSON POST to a plain-HTTP endpoint (the request pool's loopback gateway, the simulator, a
 * vLLM server on the local network) over `node:http` with a keep-alive agent, read whole. This is
 * the agent's hot path, so it does only what a chat-completions exchange needs: no `fetch`, no
 * web streams, no per-request AbortController, one timer. The openai client over a fetch adapter
 * cost about 1.1 ms of CPU per agent turn here (bench:harness, two cores), most of it request
 * and response objects rather than I/O; this costs a fraction of that, and the agent sends
 * hundreds of turns per second through the pool.
 *
 * A keep-alive socket that the server closed while idle is retried once on a fresh socket
 * (Node's documented `reusedSocket` pattern): the request never reached the server, so resending
 * is safe. The timeout covers the whole exchange, from the request to the last byte of the answer.
 * Reference: Node.js docs, http `request.reusedSocket`; `agent.keepAlive`.
 */
import type { IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http'
import { Agent, request } from 'node:http'

const agent = new Agent({ keepAlive: true })

/** Where the requests of one endpoint go, parsed once. */
export interface PostTarget {
  hostname: string
  port: number
  path: string
  /** Sent with every request (content type, authorization, …). */
  headers: Record<string, string>
}

/** The answer, whatever its status. */
export interface PostReply {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/**
 * The target for `url` (an `http:` URL) with fixed `headers`.
 * @example postTarget('http://127.0.0.1:4000/v1/chat/completions', { authorization: 'Bearer x' }).port // 4000
 */
export function postTarget(url: string, headers: Record<string, string>): PostTarget {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:') throw new Error(`postTarget: not an http: URL: "${url}"`)
  return {
    hostname: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? 80 : Number(parsed.port),
    path: `${parsed.pathname}${parsed.search}`,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  }
}

const timeoutError = (ms: number) =>
  Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' })
const midResponse = () => Object.assign(new Error('connection closed mid-response'), { code: 'ECONNRESET' })
const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error
    ? signal.reason
    : Object.assign(new Error('the request was aborted'), { name: 'AbortError' })

function attempt(
  target: PostTarget,
  payload: Buffer,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  retried: boolean,
): Promise<PostReply> {
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (error: Error | null, reply?: PostReply) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve(reply!)
    }
    const options: RequestOptions = {
      hostname: target.hostname,
      port: target.port,
      path: target.path,
      method: 'POST',
      agent,
      headers: { ...target.headers, 'content-length': String(payload.length) },
    }
    let answered = false
    const req = request(options, (res: IncomingMessage) => {
      answered = true
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.once('end', () => {
        if (!res.complete) return finish(midResponse())
        const text =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, text })
      })
      res.once('error', (error) => finish(error))
      res.once('close', () => res.complete || finish(midResponse()))
    })
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (settled) return
      const stale = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
      if (stale && !retried && !signal?.aborted) {
        settled = true
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        attempt(target, payload, timeoutMs, signal, true).then(resolve, reject)
      } else finish(error)
    })
    const timer = setTimeout(() => {
      const error = timeoutError(timeoutMs)
      finish(error)
      req.destroy(error)
    }, timeoutMs)
    const onAbort = () => {
      const error = abortError(signal!)
      finish(error)
      req.destroy(error)
    }
    if (signal) {
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
    }
    req.end(payload)
  })
}

/**
 * POSTs `payload` (a JSON text) and reads the whole answer; rejects on a network failure, the
 * timeout (`code: 'ETIMEDOUT'`) or an abort (the signal's reason).
 * @example const reply = await postJson(target, JSON.stringify(body), 600_000)
 */
export function postJson(
  target: PostTarget,
  payload: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PostReply> {
  return attempt(target, Buffer.from(payload, 'utf8'), timeoutMs, signal, false)
}
