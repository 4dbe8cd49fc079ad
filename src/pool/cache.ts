/**
 * The response cache, which is also how a run resumes. Every successful (HTTP 200) answer is
 * appended to a JSONL file under the sha256 of its request (method, path and the canonical
 * body); a rerun replays those answers and sends only the requests that never completed. The
 * body is canonical (keys sorted, `stream: false` dropped as the default it is, `stream_options`
 * dropped when not streaming) so key order or a spelled-out default does not miss the cache,
 * while a streamed and an unstreamed request stay apart: their bytes differ (SSE vs JSON).
 * The key also holds a scope, the identity of who answers (the model behind the endpoint, or
 * the simulator's settings), so an answer is never replayed for another server.
 * Only complete 200s are stored (the pool judges them, `complete-answer.ts`): a 400 is cheap to
 * reproduce, a 5xx is not an answer, and neither is a torn body or a stream cut short.
 */
import { createHash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import { ArbigraphError } from '../errors.ts'
import type { AppendLog, ScanReport } from './append-log.ts'
import { openAppendLog, scanJsonLines, trimTornTail } from './append-log.ts'

/** `off` ignores the file; `read` replays only; `write` records only; `readwrite` does both. */
export type CacheMode = 'off' | 'read' | 'write' | 'readwrite'

/** The cache modes, for parsing. */
export const CACHE_MODES = ['off', 'read', 'write', 'readwrite'] as const satisfies readonly CacheMode[]

/** A stored answer: the full body (a JSON document or the whole SSE byte stream). */
export interface CachedResponse {
  key: string
  status: 200
  contentType: string
  stream: boolean
  body: string
  /** When it was stored (ISO 8601). */
  at: string
  /** Who gave it: the run identity's label (src/endpoint/model-identity.ts); absent in older caches. */
  server?: string
}

export interface ResponseCache {
  readonly mode: CacheMode
  readonly path: string | undefined
  /** Answers indexed from the file or stored since. */
  readonly size: number
  /** Lines skipped while loading (a run killed mid-write leaves one). */
  readonly skipped: readonly { line: number; reason: string }[]
  /** The stored answer, in `read`/`readwrite` mode (read from disk: only offsets stay in memory). */
  get(key: string): Promise<CachedResponse | undefined>
  /** Stores an answer in `write`/`readwrite` mode; resolves once the line is written. */
  put(response: Omit<CachedResponse, 'at'>): Promise<void>
  /** Forgets a stored answer found unusable, so the next complete one for its key is stored (and wins on load). */
  drop(key: string): void
  close(): Promise<void>
}

/** JSON with object keys sorted and undefined fields left out: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** What the pool needs to know about a request, from a single parse of its body. */
export interface RequestFacts {
  /** sha256 hex of method, path and canonical body. */
  key: string
  model: string | undefined
  stream: boolean
}

/** The request body as the cache sees it: canonical JSON when it parses, the raw text otherwise. */
function canonicalBody(body: string): { text: string; model?: string; stream: boolean } {
  if (body.trim() === '') return { text: '', stream: false }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { text: body, stream: false }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { text: canonicalJson(parsed), stream: false }
  const { stream, stream_options, ...rest } = parsed as Record<string, unknown>
  const model = typeof rest.model === 'string' ? rest.model : undefined
  if (stream === true)
    return { text: canonicalJson({ ...rest, stream, stream_options }), model, stream: true }
  const text = canonicalJson(stream === false || stream === undefined ? rest : { ...rest, stream })
  return { text, model, stream: false }
}

/**
 * The cache key of a request plus its model and stream flag, parsing the body once. A `scope`
 * (what answers besides the request, e.g. the simulator's settings) is part of the key.
 * @example describeRequest('POST', '/v1/chat/completions', '{"model":"m","stream":true}').stream // true
 */
export function describeRequest(method: string, path: string, body: string, scope = ''): RequestFacts {
  const { text, model, stream } = canonicalBody(body)
  // An empty scope keeps the keys of caches written before scopes existed.
  const head = scope === '' ? '' : `${scope}\n`
  const key = createHash('sha256').update(`${head}${method.toUpperCase()}\n${path}\n${text}`).digest('hex')
  return { key, model, stream }
}

/**
 * The cache key of a request: sha256 hex of method, path and canonical body.
 * @example requestKey('POST', '/v1/chat/completions', '{"b":1,"a":2}') === requestKey('POST', '/v1/chat/completions', '{"a":2,"b":1}') // true
 */
export const requestKey = (method: string, path: string, body: string): string =>
  describeRequest(method, path, body).key

const isCached = (x: unknown): x is CachedResponse =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as CachedResponse).key === 'string' &&
  (x as CachedResponse).status === 200 &&
  typeof (x as CachedResponse).body === 'string'

interface Span {
  offset: number
  length: number
}

async function readSpan(handle: FileHandle, key: string, span: Span): Promise<CachedResponse | undefined> {
  const buffer = Buffer.alloc(span.length)
  const { bytesRead } = await handle.read(buffer, 0, span.length, span.offset)
  const record: unknown = JSON.parse(buffer.subarray(0, bytesRead).toString('utf8'))
  return isCached(record) && record.key === key ? record : undefined
}

/**
 * Opens the cache file at `path` in `mode` (no file is touched in `off` mode). Only each
 * answer's byte range is kept in memory, so a cache of long generations need not fit in RAM.
 * A torn last line is reported in `skipped` and, in a writing mode, cut off so new lines start
 * cleanly.
 * @example
 * const cache = await openResponseCache({ path: '.arbigraph/responses.jsonl', mode: 'readwrite' })
 * await cache.get(requestKey('POST', '/v1/chat/completions', body))
 */
export async function openResponseCache(options: { path?: string; mode: CacheMode }): Promise<ResponseCache> {
  const { mode, path } = options
  const index = new Map<string, Span>()
  let skipped: ScanReport['skipped'] = []
  let log: AppendLog | undefined
  let reader: FileHandle | undefined
  const reads = mode === 'read' || mode === 'readwrite'
  const writes = mode === 'write' || mode === 'readwrite'
  if (mode !== 'off') {
    if (path === undefined)
      throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `pool/cache: mode "${mode}" needs a cache file path`)
    const report = await scanJsonLines(path, (record, offset, length) => {
      if (isCached(record)) index.set(record.key, { offset, length })
    })
    skipped = report.skipped
    if (writes) {
      if (report.skipped.length > 0) await trimTornTail(path, report.validBytes)
      log = await openAppendLog(path)
    }
    if (reads && (writes || index.size > 0)) reader = await open(path, 'r')
  }
  return {
    mode,
    path,
    get size() {
      return index.size
    },
    skipped,
    async get(key) {
      const span = reads ? index.get(key) : undefined
      return span && reader ? readSpan(reader, key, span) : undefined
    },
    async put(response) {
      if (!log) return
      // In readwrite mode a twin request that raced this one already stored the answer; in write
      // mode the newer answer is appended and wins on the next load (a refresh).
      if (reads && index.has(response.key)) return
      const record: CachedResponse = { ...response, at: new Date().toISOString() }
      index.set(record.key, await log.append(record))
    },
    drop(key) {
      index.delete(key)
    },
    async close() {
      await log?.close()
      await reader?.close()
    },
  }
}
