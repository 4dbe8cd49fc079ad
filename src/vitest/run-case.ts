/**
 * One trial of one case: the suite's harness (the tool agent unless the suite says otherwise)
 * answers the instance's prompt through the request pool, its answers are graded against the
 * stored ground truth, and the outcome becomes a case record naming the harness. A wrong, missing or cut-off answer is a model outcome (a graded record); only an
 * endpoint that still fails after the pool's retries is an infrastructure error, and then the
 * record carries the reason instead of a grade. Epochs after the first send their own sampling
 * `seed`, so each repetition is a distinct request (and a distinct response-cache key) rather
 * than a replay of epoch 0.
 * Reference: docs/research/ecosystem-anchors.md §A4 (a wrong answer is data, not a failure).
 */
import type { HarnessProfile } from '../agent/profile.ts'
import {
  CASE_RECORD_SCHEMA,
  type CaseRecord,
  encodeCaseRecord,
  infraCaseRecord,
} from '../contracts/case-record.ts'
import {
  checkHarnessResult,
  type Harness,
  type HarnessContext,
  type HarnessResult,
} from '../contracts/harness.ts'
import type { Instance } from '../contracts/instance.ts'
import type { TopologyBudget } from '../contracts/topology.ts'
import type { CaseDetailSink } from '../dashboard/case-details.ts'
import { ArbigraphError } from '../errors.ts'
import { gradeInstance } from '../grade/grade-instance.ts'
import { toolAgent } from '../harness/tool-agent.ts'
import type { CaseIdentity } from './task-meta.ts'

export interface RunCaseOptions {
  /** Base URL of the request pool (or any OpenAI-compatible endpoint), ending in `/v1`. */
  baseURL: string
  model: string
  /** What answers the case. @default the tool agent with `profile` */
  harness?: Harness
  /** The tool agent's exact profile, when no `harness` is given. @default the default profile */
  profile?: HarnessProfile
  /** The agent budget of the case's topology, handed to the harness. @default none */
  budget?: TopologyBudget
  /** The run's request timeouts, handed to the harness. @default none */
  timeouts?: HarnessContext['timeouts']
  /** Where the harness's diagnostics go. @default dropped */
  log?: (message: string) => void
  identity: CaseIdentity
  /** @default 'arbigraph' */
  apiKey?: string
  signal?: AbortSignal
  /** Stores the instance and transcript for the dashboard; its ref becomes `transcriptRef`. @default none */
  caseDetails?: CaseDetailSink
}

/** The fields every record has, whatever the outcome. */
function recordBase(options: RunCaseOptions, harness: Harness, latencyMs: number) {
  const { identity } = options
  return {
    schema: CASE_RECORD_SCHEMA,
    ...identity,
    model: options.model,
    protocol: harness.protocol ?? 'chat',
    harness: harness.name,
    latencyMs,
    transcriptRef: null,
  } as const
}

/**
 * The record of a finished harness run: its answers graded against the instance's ground truth.
 * @example gradedRecord(instance, result, options, harness, 120).grade?.correct
 */
export function gradedRecord(
  instance: Instance,
  result: HarnessResult,
  options: RunCaseOptions,
  harness: Harness,
  ms: number,
) {
  const { transcript } = result
  const grade = gradeInstance(instance, new Map(Object.entries(result.answers)), {
    status: transcript.status,
  })
  const { counters, totals } = transcript
  return encodeCaseRecord({
    ...recordBase(options, harness, ms),
    protocol: transcript.protocol,
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
export function infraRecord(
  options: RunCaseOptions,
  reason: string,
  latencyMs: number,
  harness = harnessOf(options),
): CaseRecord {
  const { schema: _schema, transcriptRef: _ref, ...base } = recordBase(options, harness, latencyMs)
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
  const harness = harnessOf(options)
  const epoch = options.identity.epoch
  try {
    const result = await harness.run(
      {
        id: options.identity.caseId,
        epoch,
        prompt: instance.prompt,
        expected: instance.outputs,
        ...(options.budget ? { budget: options.budget } : {}),
      },
      {
        endpoint: options.baseURL,
        model: options.model,
        apiKey: options.apiKey ?? 'arbigraph',
        signal: options.signal ?? new AbortController().signal,
        log: options.log ?? (() => {}),
        // Epochs differ by their sampling seed, which also keeps their cache keys apart.
        ...(epoch > 0 ? { requestFields: { seed: epoch } } : {}),
        ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      },
    )
    const checked = checkHarnessResult(result, harness.name)
    const record = gradedRecord(instance, checked, options, harness, performance.now() - started)
    const transcriptRef = options.caseDetails?.(record.caseId, epoch, instance, checked.transcript) ?? null
    return { ...record, transcriptRef }
  } catch (error) {
    if (error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')
      return infraRecord(options, error.message, performance.now() - started, harness)
    throw error
  }
}

/** The harness of a case: the given one, else the tool agent with the given profile. */
const harnessOf = (options: RunCaseOptions): Harness => options.harness ?? toolAgent(options.profile)
