/**
 * One chat-completions request of the agent loop, and how its failures are classified. A 400
 * whose message mentions the maximum context length is a model outcome (the conversation no
 * longer fits) and comes back as `{ overflow }`; every other failure (5xx such as the request
 * pool's `arbigraph_pool_error` after its retries, a dropped connection, a timeout, a reply with
 * no choice) is an infrastructure error thrown as `ARBIGRAPH_ENDPOINT`, so the test of that
 * sample fails instead of recording a wrong answer. Nothing is retried here: retries and backoff
 * belong to the request pool.
 *
 * Two ways out, same classification: a plain-HTTP endpoint (the pool's loopback gateway, which
 * is where every suite's agent talks, the simulator, a vLLM server on the local network) gets a
 * direct JSON POST (`http-post.ts`), because the agent's per-turn CPU is what limits a run's
 * concurrency on a small machine; an `https:` endpoint, or an OpenAI client the caller supplies
 * (a proxy, Azure, custom headers), goes through the openai SDK.
 * Reference: docs/research/ecosystem-anchors.md §C2 (error shapes), §C3 (openai client).
 */
import OpenAI from 'openai'
import type { ChatCompletion } from 'openai/resources/chat/completions'
import { ArbigraphError } from '../../errors.ts'
import type { PostReply, PostTarget } from './http-post.ts'
import { postJson, postTarget } from './http-post.ts'

/** Where the agent sends its requests. */
export interface EndpointOptions {
  /** Base URL ending in `/v1` (the request pool's gateway, a vLLM server or the simulator). */
  baseURL: string
  /** @default 'arbigraph' (vLLM and the pool ignore it unless configured) */
  apiKey?: string
}

/** A resolved endpoint: spoken to directly over plain HTTP, or through an OpenAI client. */
export type TurnEndpoint = { kind: 'http'; target: PostTarget } | { kind: 'client'; client: OpenAI }

export type SentTurn =
  | { overflow: false; completion: ChatCompletion; cached: boolean; latencyMs: number }
  | { overflow: true; message: string; latencyMs: number }

const endpoints = new Map<string, TurnEndpoint>()

/**
 * The shared endpoint for `baseURL` + key: direct HTTP for `http:`, an SDK client (no retries:
 * the request pool owns them) otherwise.
 * @example turnEndpoint({ baseURL: 'http://127.0.0.1:4000/v1' }).kind // 'http'
 */
export function turnEndpoint(options: EndpointOptions): TurnEndpoint {
  const apiKey = options.apiKey ?? 'arbigraph'
  const key = `${options.baseURL}\n${apiKey}`
  let endpoint = endpoints.get(key)
  if (!endpoint) {
    const base = options.baseURL.replace(/\/+$/, '')
    endpoint = base.startsWith('http:')
      ? {
          kind: 'http',
          target: postTarget(`${base}/chat/completions`, { authorization: `Bearer ${apiKey}` }),
        }
      : { kind: 'client', client: new OpenAI({ baseURL: base, apiKey, maxRetries: 0 }) }
    endpoints.set(key, endpoint)
  }
  return endpoint
}

const CONTEXT_OVERFLOW = /maximum context length/i

function statusError(status: number, type: string | undefined, message: string, cause?: unknown) {
  const kind = type ? ` (${type})` : ''
  return new ArbigraphError(
    'ARBIGRAPH_ENDPOINT',
    `agent: the endpoint answered HTTP ${status}${kind}: "${message}"; the request pool's retries are used up, so check the endpoint and rerun (cached turns replay)`,
    { cause },
  )
}

function failedRequest(error: unknown): ArbigraphError {
  const message = error instanceof Error ? error.message : String(error)
  return new ArbigraphError(
    'ARBIGRAPH_ENDPOINT',
    `agent: the request to the endpoint failed: "${message}"; check that the endpoint or request pool is running and rerun`,
    { cause: error },
  )
}

/** The message and type of an error body: OpenAI's `{ error: {…} }` or older vLLM's flat shape. */
function errorOf(text: string): { message: string; type?: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { message: text.slice(0, 500) }
  }
  const outer = (json ?? {}) as { error?: unknown; message?: unknown; type?: unknown }
  const inner = (typeof outer.error === 'object' && outer.error !== null ? outer.error : outer) as {
    message?: unknown
    type?: unknown
  }
  const message = typeof inner.message === 'string' ? inner.message : text.slice(0, 500)
  return typeof inner.type === 'string' ? { message, type: inner.type } : { message }
}

function answered(reply: PostReply, latencyMs: number): SentTurn {
  if (reply.status >= 200 && reply.status < 300) {
    let completion: ChatCompletion
    try {
      completion = JSON.parse(reply.text) as ChatCompletion
    } catch {
      throw failedRequest(
        new Error(`HTTP ${reply.status} with a body that is not JSON: ${reply.text.slice(0, 200)}`),
      )
    }
    if (!completion?.choices?.[0]) throw failedRequest(new Error('the response has no choices'))
    return { overflow: false, completion, cached: reply.headers['x-arbigraph-cache'] === 'hit', latencyMs }
  }
  const { message, type } = errorOf(reply.text)
  if (reply.status === 400 && CONTEXT_OVERFLOW.test(message)) return { overflow: true, message, latencyMs }
  throw statusError(reply.status, type, message)
}

async function sendHttp(
  target: PostTarget,
  body: Record<string, unknown>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<SentTurn> {
  const started = performance.now()
  let reply: PostReply
  try {
    reply = await postJson(target, JSON.stringify(body), timeoutMs, signal)
  } catch (error) {
    // The caller cancelled: not an endpoint failure, so it keeps its own error.
    if (signal?.aborted) throw error
    throw failedRequest(error)
  }
  return answered(reply, performance.now() - started)
}

async function sendClient(
  client: OpenAI,
  body: Record<string, unknown>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<SentTurn> {
  const started = performance.now()
  try {
    const { data, response } = await client.chat.completions
      .create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, {
        timeout: timeoutMs,
        signal,
      })
      .withResponse()
    const latencyMs = performance.now() - started
    if (!data.choices?.[0]) throw failedRequest(new Error('the response has no choices'))
    return {
      overflow: false,
      completion: data,
      cached: response.headers.get('x-arbigraph-cache') === 'hit',
      latencyMs,
    }
  } catch (error) {
    if (error instanceof ArbigraphError) throw error
    if (error instanceof OpenAI.APIUserAbortError) throw error
    if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const inner = error.error as { message?: unknown; type?: unknown } | undefined
      const message = typeof inner?.message === 'string' ? inner.message : error.message
      if (error.status === 400 && CONTEXT_OVERFLOW.test(message))
        return { overflow: true, message, latencyMs: performance.now() - started }
      throw statusError(
        error.status,
        typeof inner?.type === 'string' ? inner.type : undefined,
        message,
        error,
      )
    }
    throw failedRequest(error)
  }
}

/**
 * Sends one turn's request body; a context overflow is returned, any other failure thrown.
 * @example const sent = await sendTurn(turnEndpoint({ baseURL: pool.url }), body, 600_000)
 */
export function sendTurn(
  endpoint: TurnEndpoint,
  body: Record<string, unknown>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SentTurn> {
  return endpoint.kind === 'http'
    ? sendHttp(endpoint.target, body, timeoutMs, signal)
    : sendClient(endpoint.client, body, timeoutMs, signal)
}
