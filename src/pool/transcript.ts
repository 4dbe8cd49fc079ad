/**
 * The pool's transcript: one JSONL line per client request, appended as it completes, with
 * when, where it went, how it ended, how many attempts it took, how long it took and the token
 * usage the endpoint reported. Cache hits are marked so latency and token figures can leave
 * them out. One file per run keeps the log streamable and lets shards write side by side.
 */
import type { AppendLog } from './append-log.ts'
import { openAppendLog } from './append-log.ts'

/** Token usage as OpenAI-compatible endpoints report it. */
export interface Usage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

export interface TranscriptEntry {
  /** When the request arrived (ISO 8601). */
  ts: string
  /** Sequence number within the run. */
  id: number
  method: string
  path: string
  /** The cache key (sha256 of the request), which also joins the entry to the cache file. */
  key: string
  model?: string
  stream: boolean
  /** The endpoint that answered, `cache` for a hit, or `null` when none did. */
  upstream: string | null
  status: number
  attempts: number
  latencyMs: number
  cache: 'hit' | 'miss' | 'off'
  usage?: Usage
  /** The pool's reason when it gave up (`upstream_timeout`, `upstream_reset`, …). */
  error?: { code: string; message: string }
}

export interface Transcript {
  readonly path: string | undefined
  record(entry: TranscriptEntry): Promise<void>
  close(): Promise<void>
}

/**
 * Opens the run's transcript file; without a path, entries are dropped.
 * @example
 * const transcript = await openTranscript('.arbigraph/transcripts/run-1.jsonl')
 * await transcript.record(entry)
 */
export async function openTranscript(path: string | undefined): Promise<Transcript> {
  const log: AppendLog | undefined = path === undefined ? undefined : await openAppendLog(path)
  return {
    path,
    record: async (entry) => {
      await log?.append(entry)
    },
    close: async () => {
      await log?.close()
    },
  }
}

const usageIn = (value: unknown): Usage | undefined => {
  const usage = (value as { usage?: unknown } | null)?.usage
  return usage !== null && typeof usage === 'object' ? (usage as Usage) : undefined
}

/**
 * The usage reported in a response body: the `usage` field of a JSON answer, or of the last SSE
 * chunk that carries one (sent when `stream_options.include_usage` is set).
 * @example usageOf('{"usage":{"total_tokens":7}}', false) // { total_tokens: 7 }
 */
export function usageOf(body: string, stream: boolean): Usage | undefined {
  try {
    if (!stream) return usageIn(JSON.parse(body))
    let found: Usage | undefined
    for (const line of body.split('\n')) {
      const data = line.startsWith('data:') ? line.slice(5).trim() : ''
      if (data === '' || data === '[DONE]' || !data.includes('"usage"')) continue
      found = usageIn(JSON.parse(data)) ?? found
    }
    return found
  } catch {
    return undefined
  }
}
