/**
 * One chat-completions request of the agent loop, and how its failures are classified. A 400
 * whose message mentions the maximum context length is a model outcome (the conversation no
 * longer fits) and comes back as `{ overflow }`; every other failure (5xx such as the request
 * pool's `arbigraph_pool_error` after its retries, a dropped connection, a timeout, a reply with
 * no choice) is an infrastructure error thrown as `ARBIGRAPH_ENDPOINT`, so the test of that
 * sample fails instead of recording a wrong answer. The OpenAI client never retries here
 * (`maxRetries: 0`): retries and backoff belong to the request pool. Clients are cached per
 * endpoint, and plain-HTTP endpoints use `httpFetch`, so a turn costs one HTTP request and
 * little else.
 * Reference: docs/research/ecosystem-anchors.md §C2 (error shapes), §C3 (openai client).
 */
import OpenAI from 'openai'
import type { ChatCompletion } from 'openai/resources/chat/completions'
import { ArbigraphError } from '../../errors.ts'
import { httpFetch } from './http-fetch.ts'

/** Where the agent sends its requests. */
export interface EndpointOptions {
  /** Base URL ending in `/v1` (the request pool's gateway, a vLLM server or the simulator). */
  baseURL: string
  /** @default 'arbigraph' (vLLM and the pool ignore it unless configured) */
  apiKey?: string
}

export type SentTurn =
  | { overflow: false; completion: ChatCompletion; cached: boolean; latencyMs: number }
  | { overflow: true; message: string; latencyMs: number }

const clients = new Map<string, OpenAI>()

/**
 * A shared client for an endpoint (no retries: the request pool owns them).
 * @example const client = clientFor({ baseURL: 'http://127.0.0.1:4000/v1' })
 */
export function clientFor(endpoint: EndpointOptions): OpenAI {
  const apiKey = endpoint.apiKey ?? 'arbigraph'
  const key = `${endpoint.baseURL}\n${apiKey}`
  let client = clients.get(key)
  if (!client) {
    client = new OpenAI({ baseURL: endpoint.baseURL, apiKey, maxRetries: 0, fetch: httpFetch })
    clients.set(key, client)
  }
  return client
}

const CONTEXT_OVERFLOW = /maximum context length/i

function endpointError(error: unknown): ArbigraphError {
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const inner = error.error as { type?: unknown } | undefined
    const type = typeof inner?.type === 'string' ? ` (${inner.type})` : ''
    return new ArbigraphError(
      'ARBIGRAPH_ENDPOINT',
      `agent: the endpoint answered HTTP ${error.status}${type}: "${error.message}"; the request pool's retries are used up, so check the endpoint and rerun (cached turns replay)`,
      { cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ArbigraphError(
    'ARBIGRAPH_ENDPOINT',
    `agent: the request to the endpoint failed: "${message}"; check that the endpoint or request pool is running and rerun`,
    { cause: error },
  )
}

/**
 * Sends one turn's request body; a context overflow is returned, any other failure thrown.
 * @example const sent = await sendTurn(client, body, 600_000)
 */
export async function sendTurn(
  client: OpenAI,
  body: Record<string, unknown>,
  timeoutMs: number,
  signal?: AbortSignal,
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
    if (!data.choices?.[0]) throw new Error('the response has no choices')
    return {
      overflow: false,
      completion: data,
      cached: response.headers.get('x-arbigraph-cache') === 'hit',
      latencyMs,
    }
  } catch (error) {
    const latencyMs = performance.now() - started
    if (error instanceof OpenAI.APIError && error.status === 400 && CONTEXT_OVERFLOW.test(error.message)) {
      return { overflow: true, message: error.message, latencyMs }
    }
    // The caller cancelled: not an endpoint failure, so it keeps the client's own error.
    if (error instanceof OpenAI.APIUserAbortError) throw error
    throw endpointError(error)
  }
}
