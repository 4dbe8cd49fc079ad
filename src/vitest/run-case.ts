/**
 * One trial of one case: the tool agent answers the instance's prompt through the request pool,
 * the collected answers are graded against the stored ground truth, and the outcome becomes a
 * case record. A wrong, missing or cut-off answer is a model outcome (a graded record); only an
 * endpoint that still fails after the pool's retries is an infrastructure error, and then the
 * record carries the reason instead of a grade. Epochs after the first send their own sampling
 * `seed`, so each repetition is a distinct request (and a distinct response-cache key) rather
 * than a replay of epoch 0.
 * Reference: docs/research/ecosystem-anchors.md §A4 (a wrong answer is data, not a failure).
 */
import { runToolAgent } from '../agent/loop.ts'
import type { HarnessProfile } from '../agent/profile.ts'
import {
  CASE_RECORD_SCHEMA,
  type CaseRecord,
  encodeCaseRecord,
  infraCaseRecord,
} from '../contracts/case-record.ts'
import type { Instance } from '../contracts/instance.ts'
import type { Transcript } from '../contracts/transcript.ts'
import type { CaseDetailSink } from '../dashboard/case-details.ts'
import { ArbigraphError } from '../errors.ts'
import { gradeInstance } from '../grade/grade-instance.ts'
import type { CaseIdentity } from './task-meta.ts'

export interface RunCaseOptions {
  /** Base URL of the request pool (or any OpenAI-compatible endpoint), ending in `/v1`. */
  baseURL: string
  model: string
  profile: HarnessProfile
  identity: CaseIdentity
  /** @default 'arbigraph' */
  apiKey?: string
  signal?: AbortSignal
  /** Stores the instance and transcript for the dashboard; its ref becomes `transcriptRef`. @default none */
  caseDetails?: CaseDetailSink
}

/** The fields every record has, whatever the outcome. */
function recordBase(options: RunCaseOptions, latencyMs: number) {
  const { identity } = options
  return {
    schema: CASE_RECORD_SCHEMA,
    ...identity,
    model: options.model,
    protocol: options.profile.protocol,
    latencyMs,
    transcriptRef: null,
  } as const
}

function gradedRecord(instance: Instance, transcript: Transcript, options: RunCaseOptions, ms: number) {
  const answers = new Map(Object.entries(transcript.answers).map(([name, { answer }]) => [name, answer]))
  const grade = gradeInstance(instance, answers, { status: transcript.status })
  const { counters, totals } = transcript
  return encodeCaseRecord({
    ...recordBase(options, ms),
    grade,
    status: transcript.status,
    infraError: null,
    turns: totals.turns,
    toolCalls: counters.toolCalls,
    repairs: {
      tool: counters.toolRepairs,
      final: counters.finalAnswerRepairs,
      cutoff: counters.cutoffRepairs,
    },
    tokens: { prompt: totals.promptTokens, completion: totals.completionTokens },
    cachedTurns: transcript.turns.filter((turn) => turn.cached).length,
  })
}

/**
 * The record of a case whose endpoint failed: no grade, the reason kept.
 * @example infraRecord(options, 'HTTP 503 after 4 attempts', 1200).infraError // { reason: 'HTTP 503 …' }
 */
export function infraRecord(options: RunCaseOptions, reason: string, latencyMs: number): CaseRecord {
  const { schema: _schema, transcriptRef: _ref, ...base } = recordBase(options, latencyMs)
  return infraCaseRecord(base, reason)
}

/**
 * Runs the harness on one instance and returns its case record (never throws for an endpoint
 * failure: that is an `infraError` record; other errors are bugs and propagate).
 * @example
 * const record = await runCase(instance, { baseURL: pool.url, model: 'sim:oracle', profile: profileFor('chain'), identity })
 * record.grade?.correct // true
 */
export async function runCase(instance: Instance, options: RunCaseOptions): Promise<CaseRecord> {
  const started = performance.now()
  const apiKey = options.apiKey ?? 'arbigraph'
  const epoch = options.identity.epoch
  try {
    const transcript = await runToolAgent({
      prompt: instance.prompt,
      model: options.model,
      baseURL: options.baseURL,
      apiKey,
      expected: instance.outputs,
      profile: options.profile,
      // Epochs differ by their sampling seed, which also keeps their cache keys apart.
      ...(epoch > 0 ? { requestFields: { seed: epoch } } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    const record = gradedRecord(instance, transcript, options, performance.now() - started)
    const transcriptRef = options.caseDetails?.(record.caseId, epoch, instance, transcript) ?? null
    return { ...record, transcriptRef }
  } catch (error) {
    if (error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')
      return infraRecord(options, error.message, performance.now() - started)
    throw error
  }
}
