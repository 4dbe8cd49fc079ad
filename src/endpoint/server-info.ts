/**
 * What a model server says about itself, read with two small requests: `GET /v1/models` (the
 * served model ids and, on vLLM, each one's `max_model_len`) and vLLM's `POST /tokenize` (the
 * exact prompt token count of a chat request, rendered with the server's own chat template and
 * tokenizer). `/tokenize` sits at the server root, not under `/v1`; a server without it (the
 * OpenAI API, the simulator unless asked for it, other engines) answers 404 or 405, which is reported as `null`,
 * never guessed at. Used by the agent's context check and by `arbigraph doctor`; sent through
 * `plain-request.ts`, which reaches a server on any port.
 * Reference: vLLM `entrypoints/openai/protocol.py` (TokenizeChatRequest: model, messages,
 * add_generation_prompt = true, tools, chat_template_kwargs; TokenizeResponse: count,
 * max_model_len, tokens) and `api_server.py` (`@router.post("/tokenize")`).
 */
import { ArbigraphError } from '../errors.ts'
import type { RetryPolicy } from '../pool/retry.ts'
import { backoffDelay, isRetryableStatus } from '../pool/retry.ts'
import type { PlainReply } from './plain-request.ts'
import { requestText } from './plain-request.ts'

/** Where a server is and how to authenticate. */
export interface ServerAddress {
  /** The OpenAI base URL, ending in `/v1`. */
  baseURL: string
  /** @default 'arbigraph' */
  apiKey?: string
  /** @default 30000 */
  timeoutMs?: number
  signal?: AbortSignal
  /**
   * How a read that meets a transient fault (see `ServerReadError`) is asked again; none when
   * unset. The doctor and the run's identity read with the request pool's policy.
   */
  retry?: RetryPolicy
}

/** One entry of `GET /v1/models`. */
export interface ModelCard {
  id: string
  /** vLLM's context window in tokens; null when the server does not say. */
  maxModelLen: number | null
  /**
   * What vLLM serves under the id: the checkpoint (`--model`, a path or a hub name) for a base
   * model, the adapter's path for a LoRA; null when the server does not say.
   */
  root: string | null
  /** A LoRA adapter's base model id (vLLM); null otherwise. */
  parent: string | null
}

/** What `POST /tokenize` counted. */
export interface PromptCount {
  /** Prompt tokens of the chat request, generation prompt included. */
  count: number
  /** The server's context window, as `/tokenize` reports it. */
  maxModelLen: number
}

/** The fields of a chat request that decide its prompt tokens. */
export interface TokenizeChatRequest {
  model: string
  messages: readonly unknown[]
  tools?: readonly unknown[]
  chat_template_kwargs?: Record<string, unknown>
}

/**
 * The server root of an OpenAI base URL (a trailing `/v1` removed).
 * @example serverRoot('http://gpu:8000/v1/') // 'http://gpu:8000'
 */
export const serverRoot = (baseURL: string): string => baseURL.replace(/\/+$/, '').replace(/\/v1$/, '')

/**
 * A server's self-description could not be read. `transient` says whether asking again may help,
 * by the request pool's rules: no answer (refused, reset, timed out), a retryable status (408,
 * 409, 429, 5xx) or a torn body; never for a wrong answer that is whole.
 */
export class ServerReadError extends ArbigraphError {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super('ARBIGRAPH_ENDPOINT', message)
  }
}

function endpointError(what: string, detail: string, transient = false): ServerReadError {
  return new ServerReadError(`endpoint: ${what}: ${detail}`, transient)
}

const statusError = (what: string, reply: PlainReply) =>
  endpointError(what, `HTTP ${reply.status}: "${reply.text.slice(0, 200)}"`, isRetryableStatus(reply.status))

async function send(
  url: string,
  address: ServerAddress,
  init: { method: 'GET' } | { method: 'POST'; body: string },
): Promise<PlainReply> {
  try {
    return await requestText(url, {
      ...init,
      headers: {
        authorization: `Bearer ${address.apiKey ?? 'arbigraph'}`,
        ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      timeoutMs: address.timeoutMs ?? 30_000,
      signal: address.signal,
    })
  } catch (error) {
    if (address.signal?.aborted) throw error
    throw endpointError(
      `${init.method} ${url} failed`,
      error instanceof Error ? error.message : String(error),
      true,
    )
  }
}

function jsonOf(reply: PlainReply, what: string): unknown {
  try {
    return JSON.parse(reply.text)
  } catch {
    // A 2xx whose JSON does not parse was cut short (or is not JSON at all): asking again tells.
    throw endpointError(what, `the answer is not JSON: "${reply.text.slice(0, 200)}"`, !failed(reply))
  }
}

const failed = (reply: PlainReply) => reply.status < 200 || reply.status >= 300

/**
 * `read`, asked again on a transient fault by `address.retry` (once when unset); a fault that
 * lasts is thrown with the attempts it took (`… (4 attempts)`).
 */
async function withRetry<T>(address: ServerAddress, read: () => Promise<T>): Promise<T> {
  const policy = address.retry
  for (let attempt = 1; ; attempt++) {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof ServerReadError && error.transient) || address.signal?.aborted) throw error
      if (policy === undefined || attempt >= policy.maxAttempts)
        throw attempt === 1 ? error : new ServerReadError(`${error.message} (${attempt} attempts)`, true)
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt - 1, policy, Math.random)))
    }
  }
}

const nonEmptyText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null

/**
 * The models a server serves (`GET {baseURL}/models`).
 * @example (await listModels({ baseURL: 'http://gpu:8000/v1' }))[0] // { id: 'Qwen/Qwen3-8B', maxModelLen: 40960, root: '/ckpt/qwen3-8b', parent: null }
 */
export const listModels = (address: ServerAddress): Promise<ModelCard[]> =>
  withRetry(address, () => readModels(address))

async function readModels(address: ServerAddress): Promise<ModelCard[]> {
  const url = `${address.baseURL.replace(/\/+$/, '')}/models`
  const reply = await send(url, address, { method: 'GET' })
  const what = `GET ${url}`
  if (failed(reply)) throw statusError(what, reply)
  const json = jsonOf(reply, what) as { data?: unknown }
  if (!Array.isArray(json?.data)) throw endpointError(what, 'the answer has no "data" list')
  return json.data
    .filter(
      (card): card is { id: string; max_model_len?: unknown; root?: unknown; parent?: unknown } =>
        typeof card?.id === 'string',
    )
    .map((card) => ({
      id: card.id,
      maxModelLen: positiveInt(card.max_model_len),
      root: nonEmptyText(card.root),
      parent: nonEmptyText(card.parent),
    }))
}

/**
 * vLLM's `GET {root}/version` (`{"version": "0.11.0"}`), or null when the server has no such
 * route or does not answer it with a version; never throws (a version is a fact to record, not a
 * condition to run).
 * @example await serverVersion({ baseURL: 'http://gpu:8000/v1' }) // '0.11.0'
 */
export async function serverVersion(address: ServerAddress): Promise<string | null> {
  try {
    return await withRetry(address, async () => {
      const reply = await send(`${serverRoot(address.baseURL)}/version`, address, { method: 'GET' })
      // A route the server lacks is an answer (no version); a 503 or a torn body is asked again.
      if (failed(reply)) {
        if (isRetryableStatus(reply.status)) throw statusError('GET /version', reply)
        return null
      }
      return nonEmptyText((jsonOf(reply, 'GET /version') as { version?: unknown })?.version)
    })
  } catch (error) {
    if (address.signal?.aborted) throw error
    return null
  }
}

/**
 * The exact prompt token count of a chat request (`POST {root}/tokenize`), or `null` when the
 * server has no such route (404, 405).
 * @example await tokenizeChat({ baseURL: 'http://gpu:8000/v1' }, { model, messages }) // { count: 812, maxModelLen: 40960 }
 */
export async function tokenizeChat(
  address: ServerAddress,
  chat: TokenizeChatRequest,
): Promise<PromptCount | null> {
  const url = `${serverRoot(address.baseURL)}/tokenize`
  const body: Record<string, unknown> = {
    model: chat.model,
    messages: chat.messages,
    add_generation_prompt: true,
  }
  if (chat.tools) body.tools = chat.tools
  if (chat.chat_template_kwargs) body.chat_template_kwargs = chat.chat_template_kwargs
  const reply = await send(url, address, { method: 'POST', body: JSON.stringify(body) })
  const what = `POST ${url}`
  if (reply.status === 404 || reply.status === 405) return null
  if (failed(reply)) throw statusError(what, reply)
  const json = jsonOf(reply, what) as { count?: unknown; max_model_len?: unknown }
  const count =
    typeof json?.count === 'number' && Number.isSafeInteger(json.count) && json.count >= 0 ? json.count : null
  const maxModelLen = positiveInt(json?.max_model_len)
  if (count === null || maxModelLen === null)
    throw endpointError(what, 'the answer lacks an integer "count" or "max_model_len"')
  return { count, maxModelLen }
}
