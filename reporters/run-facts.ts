/**
 * What every results file says about its run, as a reporter sees it at the run's end: when it
 * started and ended, how, which shard (or a merge), the ARBIGRAPH_* settings without secrets, and
 * which arbigraph and Vitest wrote it, and what the preflight found on the server.
 */
import type { TestRunEndReason, Vitest } from 'vitest/node'
import type { RunInfo } from '../src/contracts/results.ts'
import { runEnv } from '../src/report/build-results.ts'
import { GENERATOR } from '../src/version.ts'

/**
 * The run facts of a results file.
 * @example buildResults(records, runFacts(vitest, started, reason), createdBy(vitest))
 */
export function runFacts(vitest: Vitest | undefined, started: Date, reason: TestRunEndReason): RunInfo {
  const config = vitest?.config
  return {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    reason,
    shard: config?.shard ? { index: config.shard.index, count: config.shard.count } : null,
    merged: Boolean(config?.mergeReports),
    env: runEnv(process.env),
    ...serverOf(vitest),
  }
}

/** The preflight's server report and the run's identity, handed to the workers by globalSetup (none in a merge). */
function serverOf(vitest: Vitest | undefined): Pick<RunInfo, 'server' | 'identity'> {
  for (const project of vitest?.projects ?? []) {
    const { server, identity } = project.getProvidedContext().arbigraph ?? {}
    if (server) return { server, ...(identity ? { identity } : {}) }
  }
  return {}
}

/**
 * The `createdBy` line: the writer and the Vitest version.
 * @example createdBy(vitest) // 'arbigraph 0.1.0, vitest 4.1.12'
 */
export const createdBy = (vitest: Vitest | undefined, writer: string = GENERATOR): string =>
  `${writer}, vitest ${vitest?.version ?? 'unknown'}`

/** What a file-writing reporter knows of its run: its Vitest, when the run started, where to print. */
export interface ReporterRun {
  /** The Vitest instance (undefined before `onInit`, e.g. in a test calling the hooks alone). */
  readonly vitest: Vitest | undefined
  /** The `onInit` hook's part: the Vitest instance, and the clock started. */
  onInit(ctx: Vitest): void
  /** The `onTestRunStart` hook's part: the clock restarted (a watch-mode rerun is a run of its own). */
  onTestRunStart(): void
  /** The run facts at its end (see `runFacts`). */
  facts(reason: TestRunEndReason): RunInfo
  /** A line on stdout (Vitest's logger). */
  log(text: string): void
  /** A line on stderr (Vitest's logger). */
  error(text: string): void
}

/**
 * One run of a reporter, for the reporters that write results files.
 * @example const run = reporterRun(); return { onInit: run.onInit, onTestRunStart: run.onTestRunStart, onTestRunEnd: (m, e, reason) => write(run.facts(reason)) }
 */
export function reporterRun(): ReporterRun {
  let vitest: Vitest | undefined
  let started = new Date()
  return {
    get vitest() {
      return vitest
    },
    onInit(ctx) {
      vitest = ctx
      started = new Date()
    },
    onTestRunStart() {
      started = new Date()
    },
    facts: (reason) => runFacts(vitest, started, reason),
    log: (text) => (vitest ? vitest.logger.log(text) : console.log(text)),
    error: (text) => (vitest ? vitest.logger.error(text) : console.error(text)),
  }
}
