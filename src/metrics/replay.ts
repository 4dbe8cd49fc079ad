/**
 * How much of a run was replayed from the response cache rather than asked: a trial is
 * replayed when any of its turns came from the cache (`cachedTurns > 0`), since its outcome then
 * rests on answers given before this run. The cache is keyed by the identity of the model
 * behind the endpoint (src/endpoint/model-identity.ts), so a replay is from the same model; the
 * records say which server gave the stored answers and when, and this sums them up for the
 * reports' "N of M cases replayed (server, date)" line.
 */
import type { CaseRecord } from '../contracts/case-record.ts'

/** The servers replayed trials name, each with the dates of the earliest answers. */
export interface ReplaySource {
  server: string
  /** Earliest and latest original-answer date among its trials (ISO 8601). */
  first: string
  last: string
  trials: number
}

export interface ReplaySummary {
  /** Trials with at least one turn from the cache. */
  replayed: number
  /** All trials (records). */
  trials: number
  /** By server, sorted by name. */
  sources: ReplaySource[]
  /** Replayed trials whose records do not say where from (an HTTP agent's, an older cache's). */
  unattributed: number
}

/**
 * The run's replays, from its records.
 * @example summarizeReplay(records) // { replayed: 2, trials: 2, sources: [{ server: '/ckpt/b · version 0.11.0', … }], unattributed: 0 }
 */
export function summarizeReplay(records: readonly CaseRecord[]): ReplaySummary {
  const sources = new Map<string, ReplaySource>()
  let replayed = 0
  let unattributed = 0
  for (const record of records) {
    if (record.cachedTurns === 0) continue
    replayed++
    const replay = record.replay
    if (!replay) {
      unattributed++
      continue
    }
    const source = sources.get(replay.server)
    if (!source)
      sources.set(replay.server, { server: replay.server, first: replay.at, last: replay.at, trials: 1 })
    else {
      source.trials++
      if (replay.at < source.first) source.first = replay.at
      if (replay.at > source.last) source.last = replay.at
    }
  }
  const sorted = [...sources.values()].sort((a, b) =>
    a.server < b.server ? -1 : a.server > b.server ? 1 : 0,
  )
  return { replayed, trials: records.length, sources: sorted, unattributed }
}
