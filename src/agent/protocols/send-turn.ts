/**
 * One streamed chat-completions request (an agent turn or a single-shot document), and how its
 * failures are classified. Requests stream (`stream: true` with usage in the last chunk), so a
 * generation of tens of thousands of tokens is timed by the silence between chunks
 * (`idleTimeoutMs`) instead of a cap on the whole turn; `requestTimeoutMs` bounds only the wait
 * for an attempt's first bytes. The deltas are assembled into the message a non-streamed answer
 * would carry (`completion-stream.ts`). A context overflow 400 (any of vLLM's wordings, see
 * `overflow.ts`) is a model outcome and comes back as `{ overflow }`; every other failure (a 5xx
 * such as the request pool's `arbigraph_pool_error` after its retries, another 400, an error
 * event inside the stream, a stream cut before `[DONE]`, a dropped connection, a timeout, a
 * reply that is not a completion) is an infrastructure error thrown as `ARBIGRAPH_ENDPOINT` with
 * the server's message. Nothing is retried here: retries and backoff belong to the request
 * pool, which this client asks for restart events (`RESTART_HEADER`) so that a retried stream
 * replaces the failed one instead of ending the turn.
 *
 * Two ways out, same classification: a plain-HTTP endpoint (the pool's loopback gateway, which
 * is where every suite's agent talks, the simulator, a vLLM server on the local network) gets a
 * direct POST (`http-post.ts`), because the agent's per-turn CPU is what limits a run's
 * concurrency on a small machine; an `https:` endpoint, or an OpenAI client the caller supplies
 * (a proxy, Azure, custom headers), goes through the openai SDK, whose raw body is read by the
 * same stream reader.
 * Reference: docs/research/vllm-field-facts.md §1, §4; ecosystem-anchors.md §C3 (openai client).
 */
import OpenAI from 'openai'
import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { TurnReplay } from '../../contracts/transcript.ts'
import type { CompletionStreamReader, StreamVerdict } from '../../endpoint/completion-stream.ts'
import { RESTART_HEADER, readCompletionStream } from '../../endpoint/completion-stream.ts'
import type { EndpointError } from '../../endpoint/overflow.ts'
import { errorOfJson, isContextOverflow, readEndpointError } from '../../endpoint/overflow.ts'
import { ArbigraphError } from '../../errors.ts'
import { isRetryableStatus, parseRetryAfter } from '../../pool/retry.ts'
import type { PostReply, PostTarget } from './http-post.ts'
import { postStream, postTarget } from './http-post.ts'

/** Where the agent sends its requests. */
export interface EndpointOptions {
  /** Base URL ending in `/v1` (the request pool's gateway, a vLLM server or the simulator). */
  baseURL: string
  /** @default 'arbigraph' (vLLM and the pool ignore it unless configured) */
  apiKey?: string
}

/** A resolved endpoint: spoken to directly over plain HTTP, or through an OpenAI client. */
export type TurnEndpoint =
  | { kind: 'http'; target: PostTarget; baseURL: string; apiKey: string }
  | { kind: 'client'; client: OpenAI }

/** How long a streamed request may wait. */
export interface TurnTimeouts {
  /** For an attempt's first bytes (the answer starting, or a retried attempt after a restart), ms. */
  requestTimeoutMs: number
  /** For the next chunk once the stream flows, ms. */
  idleTimeoutMs: number
}

/** Whether the request pool answered from its cache and, when it says, where that answer came from. */
export interface CacheMark {
  cached: boolean
  replay?: TurnReplay
}

export type SentTurn =
  | ({ overflow: false; completion: ChatCompletion; latencyMs: number } & CacheMark)
  | { overflow: true; message: string; latencyMs: number }

const decoded = (value: string | null | undefined): string | undefined => {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The pool's cache headers: `x-arbigraph-cache: hit`, and with it who gave the stored answer
 * and when (`x-arbigraph-cached-from`, `x-arbigraph-cached-at`, URI-encoded).
 * @example cacheMark((name) => headers.get(name)).cached
 */
export function cacheMark(header: (name: string) => string | null | undefined): CacheMark {
  if (header('x-arbigraph-cache') !== 'hit') return { cached: false }
  const at = decoded(header('x-arbigraph-cached-at'))
  if (at === undefined) return { cached: true }
  return { cached: true, replay: { server: decoded(header('x-arbigraph-cached-from')) ?? 'unknown', at } }
}

const headerOf = (headers: PostReply['headers']) => (name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Hooks into the stream as it arrives. */
export interface TurnHooks {
  /** The first content or reasoning token of the (last) attempt arrived. */
  onFirstToken?(): void
}

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
          target: postTarget(`${base}/chat/completions`, {
            authorization: `Bearer ${apiKey}`,
            accept: 'text/event-stream',
            [RESTART_HEADER]: '1',
          }),
          baseURL: base,
          apiKey,
        }
      : { kind: 'client', client: new OpenAI({ baseURL: base, apiKey, maxRetries: 0 }) }
    endpoints.set(key, endpoint)
  }
  return endpoint
}

/**
 * What went wrong with a request, for a caller that retries on its own (the doctor; the agent
 * leaves retries to the request pool): an HTTP status (with the wait the server asked for), no
 * answer at all (refused, reset, timed out), or a 2xx that is not a whole completion (a torn
 * body, an error event inside the stream, a stream cut before `[DONE]`).
 */
export type TurnFault =
  | { kind: 'status'; status: number; retryAfterMs: number | undefined }
  | { kind: 'request' }
  | { kind: 'incomplete' }

/** An infrastructure failure of one request: `ARBIGRAPH_ENDPOINT`, with what happened as data. */
export class TurnError extends ArbigraphError {
  constructor(
    message: string,
    /** What happened, in the server's words, without advice (`HTTP 503 (…): "…"`). */
    readonly what: string,
    readonly fault: TurnFault,
    options?: { cause?: unknown },
  ) {
    super('ARBIGRAPH_ENDPOINT', message, options)
  }
}

function statusError(status: number, error: EndpointError, retryAfterMs?: number, cause?: unknown) {
  const kind = error.type ? ` (${error.type})` : ''
  const what = `HTTP ${status}${kind}: "${error.message}"`
  // The request pool retries only what is worth retrying; any other status came straight back.
  const advice = isRetryableStatus(status)
    ? "the request pool's retries are used up, so check the endpoint and rerun (cached turns replay)"
    : 'the server refused the request, so check the endpoint and its settings and rerun (cached turns replay)'
  return new TurnError(
    `agent: the endpoint answered ${what}; ${advice}`,
    what,
    { kind: 'status', status, retryAfterMs },
    { cause },
  )
}

function failedRequest(error: unknown, fault: TurnFault = { kind: 'request' }): TurnError {
  const message = error instanceof Error ? error.message : String(error)
  return new TurnError(
    `agent: the request to the endpoint failed: "${message}"; check that the endpoint or request pool is running and rerun`,
    `the request failed: "${message}"`,
    fault,
    { cause: error },
  )
}

function failedStream(reason: string): TurnError {
  return new TurnError(
    `agent: the endpoint's stream failed: ${reason}; the request pool's retries are used up, so check the endpoint and rerun (cached turns replay)`,
    `the stream failed: ${reason}`,
    { kind: 'incomplete' },
  )
}

function hasMessage(completion: ChatCompletion | undefined): boolean {
  const message = completion?.choices?.[0]?.message
  return typeof message === 'object' && message !== null
}

function streamedAnswer(verdict: StreamVerdict, mark: CacheMark, latencyMs: number): SentTurn {
  if (!verdict.complete) throw failedStream(verdict.reason)
  return { overflow: false, completion: verdict.completion, ...mark, latencyMs }
}

/** A whole (non-stream) answer: a completion, an overflow, or an error. */
function wholeAnswer(reply: PostReply, latencyMs: number): SentTurn {
  const mark = cacheMark(headerOf(reply.headers))
  if (reply.status >= 200 && reply.status < 300) {
    let completion: ChatCompletion | undefined
    try {
      completion = JSON.parse(reply.text) as ChatCompletion
    } catch {
      throw failedRequest(
        new Error(`HTTP ${reply.status} with a body that is not JSON: ${reply.text.slice(0, 200)}`),
        { kind: 'incomplete' },
      )
    }
    if (!hasMessage(completion))
      throw failedRequest(new Error('the response has no choices[0].message'), { kind: 'incomplete' })
    return { overflow: false, completion: completion!, ...mark, latencyMs }
  }
  const error = readEndpointError(reply.text)
  if (isContextOverflow(reply.status, error)) return { overflow: true, message: error.message, latencyMs }
  throw statusError(reply.status, error, parseRetryAfter(reply.headers, Date.now()))
}

function streamReader(hooks: TurnHooks | undefined): CompletionStreamReader {
  return readCompletionStream(hooks?.onFirstToken ? { onFirstToken: hooks.onFirstToken } : {})
}

const streamedBody = (body: Record<string, unknown>) => ({
  ...body,
  stream: true,
  stream_options: { include_usage: true },
})

async function sendHttp(
  endpoint: Extract<TurnEndpoint, { kind: 'http' }>,
  body: Record<string, unknown>,
  timeouts: TurnTimeouts,
  signal: AbortSignal | undefined,
  hooks: TurnHooks | undefined,
): Promise<SentTurn> {
  const started = performance.now()
  const reader = streamReader(hooks)
  const sink = {
    write: (chunk: Buffer) => reader.feed(chunk),
    nextWaitMs: () => (reader.awaitingAttempt ? timeouts.requestTimeoutMs : timeouts.idleTimeoutMs),
  }
  let reply: PostReply
  try {
    reply = await postStream(
      endpoint.target,
      JSON.stringify(streamedBody(body)),
      timeouts.requestTimeoutMs,
      sink,
      signal,
    )
  } catch (error) {
    // The caller cancelled: not an endpoint failure, so it keeps its own error.
    if (signal?.aborted) throw error
    throw failedRequest(error)
  }
  const latencyMs = performance.now() - started
  if (!reply.streamed) return wholeAnswer(reply, latencyMs)
  return streamedAnswer(reader.finish(), cacheMark(headerOf(reply.headers)), latencyMs)
}

/** Reads a web body stream into `reader`, aborting `controller` after `idle` ms of silence. */
async function readBody(
  body: ReadableStream<Uint8Array>,
  reader: CompletionStreamReader,
  controller: AbortController,
  timeouts: TurnTimeouts,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    const ms = reader.awaitingAttempt ? timeouts.requestTimeoutMs : timeouts.idleTimeoutMs
    timer = setTimeout(() => controller.abort(new Error(`no stream chunk within ${ms} ms`)), ms)
  }
  arm()
  try {
    for await (const chunk of body) {
      reader.feed(chunk)
      arm()
    }
  } finally {
    clearTimeout(timer)
  }
}

function sdkError(error: InstanceType<typeof OpenAI.APIError>): EndpointError {
  const inner = errorOfJson({ error: error.error })
  const message = inner?.message ?? error.message
  const param = inner?.param ?? (typeof error.param === 'string' ? error.param : undefined)
  const type = inner?.type ?? error.type
  return { message, ...(type ? { type } : {}), ...(param ? { param } : {}) }
}

async function sendClient(
  client: OpenAI,
  body: Record<string, unknown>,
  timeouts: TurnTimeouts,
  signal: AbortSignal | undefined,
  hooks: TurnHooks | undefined,
): Promise<SentTurn> {
  const started = performance.now()
  const controller = new AbortController()
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  const reader = streamReader(hooks)
  try {
    const response = await client.chat.completions
      .create(streamedBody(body) as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
        timeout: timeouts.requestTimeoutMs,
        signal: controller.signal,
      })
      .asResponse()
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const text = await response.text()
      const headers = Object.fromEntries(response.headers.entries())
      return wholeAnswer(
        { status: response.status, headers, text, streamed: false },
        performance.now() - started,
      )
    }
    if (response.body) await readBody(response.body, reader, controller, timeouts)
    const mark = cacheMark((name) => response.headers.get(name))
    return streamedAnswer(reader.finish(), mark, performance.now() - started)
  } catch (error) {
    if (error instanceof ArbigraphError) throw error
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error
    if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const read = sdkError(error)
      if (isContextOverflow(error.status, read))
        return { overflow: true, message: read.message, latencyMs: performance.now() - started }
      throw statusError(
        error.status,
        read,
        parseRetryAfter(error.headers ?? new Headers(), Date.now()),
        error,
      )
    }
    throw failedRequest(controller.signal.aborted ? controller.signal.reason : error)
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * Sends one request body as a stream and assembles the answer; a context overflow is returned,
 * any other failure thrown.
 * @example const sent = await sendTurn(turnEndpoint({ baseURL: pool.url }), body, { requestTimeoutMs: 600_000, idleTimeoutMs: 120_000 })
 */
export function sendTurn(
  endpoint: TurnEndpoint,
  body: Record<string, unknown>,
  timeouts: TurnTimeouts,
  signal?: AbortSignal,
  hooks?: TurnHooks,
): Promise<SentTurn> {
  return endpoint.kind === 'http'
    ? sendHttp(endpoint, body, timeouts, signal, hooks)
    : sendClient(endpoint.client, body, timeouts, signal, hooks)
}
