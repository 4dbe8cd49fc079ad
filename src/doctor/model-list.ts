/**
 * The minimal `GET /v1/models` and `GET /version` reads the doctor needs: which models a server
 * serves, each one's `max_model_len` (a vLLM extension of the model card), and vLLM's version.
 * The model list itself is the endpoint client's (src/endpoint/server-info.ts).
 * Reference: vllm-field-facts.md §1 (`max_model_len` per model).
 */
import type { ModelCard } from '../endpoint/index.ts'
import { listModels as listServedModels, serverVersion as readServerVersion } from '../endpoint/index.ts'
import type { PlainReply } from '../endpoint/plain-request.ts'
import { requestText } from '../endpoint/plain-request.ts'
import type { RetryPolicy } from '../pool/retry.ts'
import { DEFAULT_RETRY_POLICY } from '../pool/retry.ts'

/** A served model as the doctor reads it (the endpoint client's model card). */
export type ServedModel = ModelCard

/** An answer read as JSON, or why it could not be. */
export type JsonReply =
  | { ok: true; status: number; json: unknown }
  | { ok: false; status: number | null; error: string }

/**
 * A request with a JSON answer, bounded by `timeoutMs`; never throws.
 * @example await requestJson('http://127.0.0.1:8000/v1/models', { method: 'GET' }, 'key', 10_000)
 */
export async function requestJson(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  apiKey: string | undefined,
  timeoutMs: number,
): Promise<JsonReply> {
  let reply: PlainReply
  try {
    reply = await requestText(url, {
      method: init.method,
      headers: {
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      timeoutMs,
    })
  } catch (error) {
    return { ok: false, status: null, error: (error as Error).message }
  }
  try {
    return { ok: true, status: reply.status, json: JSON.parse(reply.text) }
  } catch {
    return {
      ok: false,
      status: reply.status,
      error: `HTTP ${reply.status}, not JSON: ${reply.text.slice(0, 200)}`,
    }
  }
}

/**
 * The models of `GET <baseUrl>/models` (the endpoint client's reading), or why they could not be
 * read: the doctor reports a failure as a check instead of throwing. A transient fault (no
 * answer, a 503, a torn body) is asked again by the request pool's rules, so one blip does not
 * stop a run at its preflight; the failure then says how many attempts it took.
 * @example (await listModels('http://127.0.0.1:8000/v1', undefined, 10_000)).models?.[0]?.maxModelLen
 */
export async function listModels(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs: number,
  retry: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<{ models: ModelCard[] } | { error: string }> {
  try {
    return {
      models: await listServedModels({ baseURL: baseUrl, ...(apiKey ? { apiKey } : {}), timeoutMs, retry }),
    }
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).replace(/^endpoint: /, '') }
  }
}

/**
 * vLLM's `GET /version` (served at the root, beside `/v1`), or null when the server has none
 * (the endpoint client's reading).
 * @example await serverVersion('http://127.0.0.1:8000/v1', undefined, 10_000) // '0.11.0'
 */
export const serverVersion = (
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs: number,
): Promise<string | null> => readServerVersion({ baseURL: baseUrl, ...(apiKey ? { apiKey } : {}), timeoutMs })
