/**
 * Who answers behind an endpoint: the identity the response cache is keyed by, so that a stored
 * answer is replayed only to a run against the same model. A model id says little (two
 * checkpoints are served under one `--served-model-name`), so the identity is what the server
 * says about the model: vLLM's model card in `GET /v1/models` (`root`, the checkpoint it loaded;
 * `parent`, a LoRA's base; `max_model_len`) and `GET /version`, plus ARBIGRAPH_MODEL_REVISION,
 * which the user changes when a checkpoint is swapped in place under the same path. The card's
 * `created` is left out: vLLM stamps it with the time of the request.
 * A server that does not name its checkpoint (no `root`: not vLLM, or `/v1/models` unreadable)
 * is told apart by its address as well, and the run says so: a replay then needs the same URL,
 * and a model changed behind it needs a new revision. Several endpoints balanced by one pool
 * must be the same model: a replay could otherwise come from another checkpoint than the one
 * that would answer now, so endpoints that name different models stop the run.
 * Reference: vLLM `entrypoints/openai/serving_models.py` (`show_available_models`: `root =
 * base_model.model_path`, LoRA `parent`), `protocol.py` (`ModelCard`), `api_server.py` (`/version`).
 */
import { ArbigraphError } from '../errors.ts'
import { DEFAULT_RETRY_POLICY } from '../pool/retry.ts'
import type { ServerAddress } from './server-info.ts'
import { listModels, serverVersion } from './server-info.ts'

/** What identifies the model behind one endpoint. */
export interface ModelIdentity {
  model: string
  root: string | null
  parent: string | null
  maxModelLen: number | null
  version: string | null
  /** ARBIGRAPH_MODEL_REVISION; null when unset. */
  revision: string | null
  /** The endpoint's URL, kept only when the server does not name its checkpoint (no `root`). */
  url: string | null
}

/** One endpoint's identity and what could not be read of it (said at the start of the run). */
export interface EndpointIdentity {
  baseUrl: string
  identity: ModelIdentity
  /** Why the checkpoint is unknown (then `identity.url` is set); undefined when it is known. */
  unknown?: string
}

/** What keys the run's cache: one identity for all its endpoints. */
export interface RunIdentity {
  /** Part of every cache key (canonical JSON of the identities, or the simulator's settings). */
  scope: string
  /** The identity in words, stored with each cached answer and shown for replayed cases. */
  label: string
  /** One line per endpoint whose checkpoint is unknown. */
  notes: string[]
}

/**
 * The identity of `model` behind one endpoint; never throws for a server that cannot say (the
 * run already checked that it answers and serves the model).
 * @example (await readModelIdentity({ baseURL: 'http://gpu:8000/v1' }, 'qwen', null)).identity.root // '/ckpt/qwen3-8b'
 */
export async function readModelIdentity(
  address: ServerAddress,
  model: string,
  revision: string | null,
): Promise<EndpointIdentity> {
  const baseUrl = address.baseURL.replace(/\/+$/, '')
  // Read as the request pool would: one blip must not key this run by its URL, or drop its
  // version, which would stop a later run against the same server from replaying it.
  address = { retry: DEFAULT_RETRY_POLICY, ...address }
  let unknown: string | undefined
  let card: Awaited<ReturnType<typeof listModels>>[number] | undefined
  try {
    card = (await listModels(address)).find((entry) => entry.id === model)
    if (card === undefined) unknown = `GET /v1/models does not list "${model}"`
    else if (card.root === null) unknown = `GET /v1/models gives no "root" for "${model}"`
  } catch (error) {
    unknown = (error instanceof Error ? error.message : String(error)).replace(/^endpoint: /, '')
  }
  const identity: ModelIdentity = {
    model,
    root: card?.root ?? null,
    parent: card?.parent ?? null,
    maxModelLen: card?.maxModelLen ?? null,
    version: await serverVersion(address),
    revision,
    url: unknown === undefined ? null : baseUrl,
  }
  return { baseUrl, identity, ...(unknown === undefined ? {} : { unknown }) }
}

/** Canonical text of an identity: fixed key order, so equal identities give equal keys. */
const canonical = (id: ModelIdentity): string =>
  JSON.stringify({
    model: id.model,
    root: id.root,
    parent: id.parent,
    maxModelLen: id.maxModelLen,
    version: id.version,
    revision: id.revision,
    url: id.url,
  })

/**
 * An identity in words: the checkpoint (or the model at its address), the version, the revision.
 * @example identityLabel({ model: 'm', root: '/ckpt/b', parent: null, maxModelLen: 8192, version: '0.11.0', revision: null, url: null }) // '/ckpt/b · version 0.11.0'
 */
export function identityLabel(id: ModelIdentity): string {
  const parts = [id.root ?? `${id.model} at ${id.url}`]
  if (id.version !== null) parts.push(`version ${id.version}`)
  if (id.revision !== null) parts.push(`revision ${id.revision}`)
  return parts.join(' · ')
}

/**
 * The run's identity over its endpoints. Endpoints that name their checkpoint must name the same
 * one (a mix is refused: ARBIGRAPH_BAD_CONFIG naming each); the address of each one that does
 * not is part of the identity, and a note says so.
 * @example runIdentity([await readModelIdentity({ baseURL }, 'qwen', null)]).label // '/ckpt/qwen3-8b · version 0.11.0'
 */
export function runIdentity(endpoints: readonly EndpointIdentity[]): RunIdentity {
  const known = endpoints.filter((e) => e.unknown === undefined)
  const distinct = new Map(known.map((e) => [canonical(e.identity), e]))
  if (distinct.size > 1) {
    const each = known.map((e) => `${e.baseUrl} serves ${identityLabel(e.identity)}`).join('; ')
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `the endpoints serve "${known[0]!.identity.model}" from different models (${each}): a run grades one model, and a cached answer of one could be replayed for the other; list replicas of one checkpoint and server version in ARBIGRAPH_BASE_URL`,
    )
  }
  const identities = [...new Map(endpoints.map((e) => [canonical(e.identity), e.identity])).values()]
  const keyed = identities.map(canonical).sort()
  return {
    scope: keyed.length === 1 ? keyed[0]! : `[${keyed.join(',')}]`,
    label: identities.map(identityLabel).sort().join(' + '),
    notes: endpoints
      .filter((e) => e.unknown !== undefined)
      .map(
        (e) =>
          `arbigraph: ${e.baseUrl} does not say which checkpoint serves "${e.identity.model}" (${e.unknown}): its cached answers are replayed only to a run against the same URL; set ARBIGRAPH_MODEL_REVISION to a new value whenever the model behind it changes`,
      ),
  }
}

/**
 * Reads every endpoint's identity (at once) and combines them.
 * @example const identity = await readRunIdentity(['http://gpu:8000/v1'], { model: 'qwen' })
 */
export async function readRunIdentity(
  baseUrls: readonly string[],
  options: { model: string; apiKey?: string; revision?: string; timeoutMs?: number },
): Promise<RunIdentity> {
  const endpoints = await Promise.all(
    baseUrls.map((baseURL) =>
      readModelIdentity(
        {
          baseURL,
          ...(options.apiKey ? { apiKey: options.apiKey } : {}),
          timeoutMs: options.timeoutMs ?? 10_000,
        },
        options.model,
        options.revision ?? null,
      ),
    ),
  )
  return runIdentity(endpoints)
}
