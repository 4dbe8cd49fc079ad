/**
 * One ArbiGraph trial outside a suite (scripts, tests, a user's own loop): the instance as the
 * ArbiGraph benchmark's case, run by the generic case runner (src/vitest/run-benchmark-case.ts)
 * with the given harness (the tool agent unless one is given) and graded into a case record.
 * Suites run the same runner, plus the context conditions, through `defineSuite`.
 */
import type { HarnessProfile } from '../agent/profile.ts'
import { arbigraphBenchmark } from '../arbigraph-benchmark.ts'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Harness, HarnessContext } from '../contracts/harness.ts'
import type { Instance } from '../contracts/instance.ts'
import type { TopologyBudget } from '../contracts/topology.ts'
import type { CaseDetailSink } from '../dashboard/case-details.ts'
import { toolAgent } from '../harness/tool-agent.ts'
import { runBenchmarkCase } from './run-benchmark-case.ts'
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
  /** How long the case may take: past it, an infrastructure-error record naming the deadline. @default none */
  deadlineMs?: number
}

/**
 * Runs the harness on one instance and returns its case record (never throws for an endpoint
 * failure: that is an `infraError` record; other errors are bugs and propagate).
 * @example
 * const record = await runCase(instance, { baseURL: pool.url, model: 'sim:oracle', profile: profileFor('chain'), identity })
 * record.grade?.correct // true
 */
export function runCase(instance: Instance, options: RunCaseOptions): Promise<CaseRecord> {
  const { identity } = options
  const input = {
    instance,
    epoch: identity.epoch,
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.caseDetails ? { caseDetails: options.caseDetails } : {}),
  }
  return runBenchmarkCase(
    arbigraphBenchmark,
    { name: identity.caseId, identity, input },
    options.harness ?? toolAgent(options.profile),
    {
      endpoint: options.baseURL,
      model: options.model,
      apiKey: options.apiKey ?? 'arbigraph',
      signal: options.signal ?? new AbortController().signal,
      log: options.log ?? (() => {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    },
    undefined,
    options.deadlineMs,
  )
}
