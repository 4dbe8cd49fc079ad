/**
 * What a model server says about itself, read with two small requests: `GET /v1/models` (the
 * served model ids and, on vLLM, each one's `max_model_len`) and vLLM's `POST /tokenize` (the
 * exact prompt token count of a chat request, rendered with the server's own chat template and
 * tokenizer). `/tokenize` sits at the server root, not under `/v1`; a server without it (the
 * OpenAI API, the simulator, other engines) answers 404 or 405, which is reported as `null`,
 * never guessed at. Used by the agent's context check and by `arbigraph doctor`.
 * Reference: vLLM `entrypoints/openai/protocol.py` (TokenizeChatRequest: model, messages,
 * add_generation_prompt = true, tools, chat_template_kwargs; TokenizeResponse: count,
 * max_model_len, tokens) and `api_server.py` (`@router.post("/tokenize")`).
 */
import { ArbigraphError } from '../errors.ts'

/** Where a server is and how to authenticate. */
export interface ServerAddress {
  /** The OpenAI base URL, ending in `/v1`. */
  baseURL: string
  /** @default 'arbigraph' */
  apiKey?: string
  /** @default 30000 */
  timeoutMs?: number
  signal?: AbortSignal
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

function endpointError(what: string, detail: string): ArbigraphError {
  return new ArbigraphError('ARBIGRAPH_ENDPOINT', `endpoint: ${what}: ${detail}`)
}

async function request(
  url: string,
  address: ServerAddress,
  init: { method: 'GET' } | { method: 'POST'; body: string },
): Promise<Response> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(address.timeoutMs ?? 30_000),
    ...(address.signal ? [address.signal] : []),
  ])
  try {
    return await fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${address.apiKey ?? 'arbigraph'}`,
        ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      signal,
    })
  } catch (error) {
    if (address.signal?.aborted) throw error
    throw endpointError(
      `${init.method} ${url} failed`,
      error instanceof Error ? error.message : String(error),
    )
  }
}

async function jsonOf(response: Response, what: string): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    throw endpointError(what, `the answer is not JSON: "${text.slice(0, 200)}"`)
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
export async function listModels(address: ServerAddress): Promise<ModelCard[]> {
  const url = `${address.baseURL.replace(/\/+$/, '')}/models`
  const response = await request(url, address, { method: 'GET' })
  const what = `GET ${url}`
  if (!response.ok)
    throw endpointError(what, `HTTP ${response.status}: "${(await response.text()).slice(0, 200)}"`)
  const json = (await jsonOf(response, what)) as { data?: unknown }
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
    const response = await request(`${serverRoot(address.baseURL)}/version`, address, { method: 'GET' })
    if (!response.ok) {
      await response.body?.cancel()
      return null
    }
    const json = (await jsonOf(response, 'GET /version')) as { version?: unknown }
    return nonEmptyText(json?.version)
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
  const response = await request(url, address, { method: 'POST', body: JSON.stringify(body) })
  const what = `POST ${url}`
  if (response.status === 404 || response.status === 405) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok)
    throw endpointError(what, `HTTP ${response.status}: "${(await response.text()).slice(0, 200)}"`)
  const json = (await jsonOf(response, what)) as { count?: unknown; max_model_len?: unknown }
  const count =
    typeof json?.count === 'number' && Number.isSafeInteger(json.count) && json.count >= 0 ? json.count : null
  const maxModelLen = positiveInt(json?.max_model_len)
  if (count === null || maxModelLen === null)
    throw endpointError(what, 'the answer lacks an integer "count" or "max_model_len"')
  return { count, maxModelLen }
}
