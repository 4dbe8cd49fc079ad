/**
 * One small request to a model server (its model list, `/version`, `/tokenize`), read whole.
 * It goes through undici's own `request`, not `fetch`: WHATWG fetch refuses the ports on its
 * "bad port" list (6000, 6665–6669, 10080, …) with a bare "bad port" network error, and users
 * run vLLM on any port; the agent's turns already go through undici's dispatcher
 * (`agent/protocols/http-post.ts`), which applies no such list. The connection is not kept: these
 * requests are few, and an idle kept socket would hold a finished command open.
 * Reference: undici docs, `undici.request`; WHATWG Fetch §2.9 "port blocking".
 */
import { request } from 'undici'

/** An answer, whatever its status. */
export interface PlainReply {
  status: number
  text: string
}

export interface PlainRequest {
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  timeoutMs: number
  signal?: AbortSignal | undefined
}

/**
 * Sends the request and reads the answer as text; rejects when no answer arrives (refused,
 * reset, timed out, aborted), with the socket's code in the message when there is one.
 * @example (await requestText('http://127.0.0.1:6000/v1/models', { method: 'GET', timeoutMs: 10_000 })).status // 200
 */
export async function requestText(url: string, init: PlainRequest): Promise<PlainReply> {
  const signal = AbortSignal.any([AbortSignal.timeout(init.timeoutMs), ...(init.signal ? [init.signal] : [])])
  try {
    const response = await request(url, {
      method: init.method,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
      signal,
      reset: true,
    })
    return { status: response.statusCode, text: await response.body.text() }
  } catch (error) {
    if (init.signal?.aborted) throw error
    const code = (error as { code?: unknown }).code
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message, {
      cause: error,
    })
  }
}
