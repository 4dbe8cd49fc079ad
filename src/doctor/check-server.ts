/**
 * `checkServer`: every doctor check against one server, in order, and what they mean for each
 * harness protocol. A failed check of the models or the overflow probe makes both protocols
 * unusable (no model to ask; overflows would be dropped from n); a failed native-tool-call check
 * makes `chat` unusable; a failed text-tool-call check makes `text` unusable. Warnings never
 * block: they are inconclusive probes (a real model that did not follow the instruction) or
 * facts worth knowing (no `max_model_len`, thinking that cannot be switched off).
 */
import type { ServerCheck, ServerReport } from '../contracts/server-report.ts'
import type { RetryPolicy } from '../pool/retry.ts'
import { listModels, serverVersion } from './model-list.ts'
import type { ProbeTarget } from './probes.ts'
import { nativeToolCalls, overflowCheck, reasoningCheck, textToolCalls } from './probes.ts'

export interface CheckServerOptions {
  /** Base URL ending in `/v1`. */
  baseUrl: string
  /** @default the server's first model */
  model?: string
  apiKey?: string
  /** Per request. @default 120000 */
  timeoutMs?: number
  /** The simulated vLLM profile behind `baseUrl`, when it is the built-in simulator. */
  simulated?: string
  /** How probes retry a transient fault. @default the request pool's DEFAULT_RETRY_POLICY */
  retry?: RetryPolicy
}

const withoutCredentials = (url: string) => url.replace(/:\/\/[^/@\s]*@/, '://***@')

function verdict(checks: readonly ServerCheck[], own: ServerCheck['id']): ServerReport['protocols']['chat'] {
  const blocking = checks.filter(
    (check) =>
      check.status === 'fail' && (check.id === own || check.id === 'models' || check.id === 'overflow'),
  )
  if (blocking.length === 0) return { usable: true }
  return {
    usable: false,
    reason: blocking.map((check) => `${check.detail}${check.fix ? ` → ${check.fix}` : ''}`).join('; '),
  }
}

function report(
  options: CheckServerOptions,
  found: Partial<ServerReport>,
  checks: ServerCheck[],
): ServerReport {
  return {
    baseUrl: withoutCredentials(options.baseUrl),
    simulated: options.simulated ?? null,
    model: found.model ?? null,
    maxModelLen: found.maxModelLen ?? null,
    version: found.version ?? null,
    checks,
    protocols: { chat: verdict(checks, 'native-tool-calls'), text: verdict(checks, 'text-tool-calls') },
  }
}

/**
 * Runs the checks against a server; never throws for what the server does (that is a check).
 * @example const server = await checkServer({ baseUrl: 'http://127.0.0.1:8000/v1' }); server.protocols.text.usable
 */
export async function checkServer(options: CheckServerOptions): Promise<ServerReport> {
  const timeoutMs = options.timeoutMs ?? 120_000
  const checks: ServerCheck[] = []
  const listed = await listModels(options.baseUrl, options.apiKey, timeoutMs, options.retry)
  if ('error' in listed) {
    checks.push({
      id: 'models',
      status: 'fail',
      detail: `cannot list models at ${withoutCredentials(options.baseUrl)}/models: ${listed.error}`,
      fix: 'check the base URL (it ends in /v1) and that the server is up',
    })
    return report(options, {}, checks)
  }
  const ids = listed.models.map((entry) => entry.id)
  const served =
    options.model === undefined ? listed.models[0] : listed.models.find((entry) => entry.id === options.model)
  if (!served) {
    const wanted = options.model === undefined ? 'any model' : `model "${options.model}"`
    checks.push({
      id: 'models',
      status: 'fail',
      detail: `the server does not serve ${wanted}; it lists: ${ids.join(', ') || 'nothing'}`,
      fix: 'set ARBIGRAPH_MODEL (--model) to a listed id',
    })
    return report(options, {}, checks)
  }
  checks.push({ id: 'models', status: 'ok', detail: `serves ${ids.join(', ')}; using "${served.id}"` })
  checks.push(
    served.maxModelLen === null
      ? {
          id: 'context',
          status: 'warn',
          detail: 'no max_model_len in /v1/models: a turn that cannot fit is only found out by sending it',
        }
      : { id: 'context', status: 'ok', detail: `max_model_len ${served.maxModelLen}` },
  )
  const version = await serverVersion(options.baseUrl, options.apiKey, timeoutMs)
  checks.push(
    version === null
      ? { id: 'version', status: 'skip', detail: 'no GET /version' }
      : { id: 'version', status: 'ok', detail: version },
  )
  const target: ProbeTarget = {
    baseUrl: options.baseUrl,
    model: served.id,
    apiKey: options.apiKey,
    timeoutMs,
    ...(options.retry ? { retry: options.retry } : {}),
  }
  const { parsed, ...native } = await nativeToolCalls(target)
  checks.push(native, await textToolCalls(target, parsed), await reasoningCheck(target))
  checks.push(await overflowCheck(target, served.maxModelLen))
  return report(options, { model: served.id, maxModelLen: served.maxModelLen, version }, checks)
}
