/**
 * The dashboard reporter: at the end of a run it writes the static dashboard folder (default
 * `out/dashboard/`, next to the results file) from the run's records and the case details the
 * workers stored. With `ARBIGRAPH_DASHBOARD=live` it also serves the dashboard on 127.0.0.1
 * during the run and pushes progress and running accuracy per cell to open pages (server-sent
 * events) as cases finish — the running cells of every benchmark in the run, ArbiGraph's overview
 * and cases — and updates are coalesced so a burst of cases costs one summary.
 * Settings: ARBIGRAPH_DASHBOARD = on (default) | live | off, ARBIGRAPH_DASHBOARD_DIR (a folder, or off),
 * ARBIGRAPH_DASHBOARD_PORT (live; 0 = any free port). It is off when the results file is off.
 */

import { dirname, join, resolve } from 'node:path'
import type { Reporter, TestCase, TestModule, TestRunEndReason } from 'vitest/node'
import { z } from 'zod'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import type { CaseRecord } from '../src/contracts/case-record.ts'
import { checkCaseRecord } from '../src/contracts/case-record.ts'
import { isSimulated, modelLabel } from '../src/contracts/results.ts'
import type { BenchmarkRecords } from '../src/dashboard/benchmark-view.ts'
import { benchmarksPayload } from '../src/dashboard/benchmark-view.ts'
import { buildDashboard } from '../src/dashboard/build-dashboard.ts'
import type { LiveProgress } from '../src/dashboard/dashboard-data.ts'
import { caseIndex, overviewPayload } from '../src/dashboard/dashboard-data.ts'
import type { LiveDashboard } from '../src/dashboard/live-server.ts'
import { startLiveDashboard } from '../src/dashboard/live-server.ts'
import { envOutput, parseEnv } from '../src/env-fields.ts'
import { ArbigraphError } from '../src/errors.ts'
import { buildResults } from '../src/report/build-results.ts'
import { formatCell } from '../src/report/progress-line.ts'
import { DEFAULT_BENCHMARK } from '../src/vitest/task-meta.ts'
import { benchmarkOfTest, collectBenchmarkRecords, collectRecords, recordOfTest } from './collect-records.ts'
import { outputPath } from './output-path.ts'
import { createdBy, reporterRun } from './run-facts.ts'
import { runningCells } from './running-cells.ts'
import { type SequentialReporting, sequentialDecisions, sequentialGateField } from './sequential-decisions.ts'

/**
 * What a merge whose shards ran elsewhere must be told: case details are files the shards'
 * workers wrote, and the dashboard finds them by name in `<results dir>/cases/`.
 * @example missingDetails({ cases: 10, withDetails: 4 }, '/ci/out') // 'arbigraph: 6 of 10 cases have no details here: …'
 */
export function missingDetails(built: { cases: number; withDetails: number }, resultsDir: string): string {
  return `arbigraph: ${built.cases - built.withDetails} of ${built.cases} cases have no details here: copy the cases/ folder of every shard (next to its results file) into ${join(resultsDir, 'cases')}/ before --merge-reports for the dashboard to show their prompts and transcripts`
}

export interface DashboardReporterOptions {
  /**
   * Output folder, relative to the Vitest root.
   * @default 'out/dashboard'
   */
  dir?: string
  /**
   * The results file's path: stored case details are looked up next to it.
   * @default 'out/results.json'
   */
  results?: string
  /**
   * Serve the dashboard live during the run.
   * @default false
   */
  live?: boolean
  /**
   * Live server port on 127.0.0.1; 0 picks a free one.
   * @default 0
   */
  port?: number
  /** The sequential gate's plan, when ARBIGRAPH_GATE_MODE=sequential: the overview lists its decisions. */
  sequential?: SequentialReporting
  /**
   * The registered benchmarks: the live progress shows each one's running cells.
   * @default []
   */
  benchmarks?: readonly AnyBenchmark[]
  /**
   * Milliseconds between live updates at most.
   * @default 500
   */
  throttleMs?: number
}

/** The dashboard's folder: a path, or `off` for no dashboard (as the other output variables take). */
export const dashboardDirShape = z.object({
  ARBIGRAPH_DASHBOARD_DIR: envOutput('a folder for the dashboard'),
})

/**
 * Dashboard options from the environment; null when the dashboard is off.
 * @example resolveDashboardOptions({ ARBIGRAPH_DASHBOARD: 'live' }, 'out/results.json')?.live // true
 */
export function resolveDashboardOptions(
  env: NodeJS.ProcessEnv,
  results: string | false,
): DashboardReporterOptions | null {
  const mode = env.ARBIGRAPH_DASHBOARD?.trim().toLowerCase() || 'on'
  if (!['on', 'live', 'off', 'false', '0', 'no', '1', 'true'].includes(mode))
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `ARBIGRAPH_DASHBOARD: expected on, live or off, got "${mode}"`,
    )
  const { ARBIGRAPH_DASHBOARD_DIR: dir } = parseEnv(dashboardDirShape, env)
  if (results === false || dir === false || ['off', 'false', '0', 'no'].includes(mode)) return null
  const portText = env.ARBIGRAPH_DASHBOARD_PORT?.trim() || '0'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `ARBIGRAPH_DASHBOARD_PORT: expected a port number, got "${portText}"`,
    )
  // Beside the results file, as the case details are: two runs with their own results files
  // (`arbigraph eval --results runs/b/results.json`) keep their own dashboards.
  return { dir: dir ?? join(dirname(results), 'dashboard'), results, live: mode === 'live', port }
}

/** What the live page shows: every benchmark's records so far (ArbiGraph's pages, the others' tabs), and the run's progress. */
function livePayload(records: CaseRecord[], progress: LiveProgress, others: readonly BenchmarkRecords[]) {
  const results = {
    model: modelLabel(records),
    simulated: isSimulated(records),
    createdBy: 'arbigraph live',
    run: null,
  }
  const summary = overviewPayload(records, {
    results,
    chunkSize: 100,
    progress,
  })
  // Details are read from the case-detail store when the page asks for a case's chunk.
  return {
    summary,
    index: caseIndex(records, (i) => records[i]!.transcriptRef !== null),
    benchmarks: { payload: benchmarksPayload(others, { chunkSize: 100, progress }), runs: others },
  }
}

/**
 * The dashboard reporter.
 * @example vitest.config.reporters.push(dashboardReporter({ live: true }))
 */
export function dashboardReporter(options: DashboardReporterOptions = {}): Reporter {
  const run = reporterRun()
  let live: LiveDashboard | undefined
  let total = 0
  let done = 0
  const finished: CaseRecord[] = []
  // The other benchmarks' records so far, in the order they finished (sorted for each update).
  const others = (options.benchmarks ?? [])
    .filter((b) => b.name !== DEFAULT_BENCHMARK)
    .map((bench) => ({ bench, records: [] as unknown[] }))
  const running = runningCells(options.benchmarks ?? [])
  let timer: NodeJS.Timeout | undefined
  const push = () => {
    timer = undefined
    const cells = running.cells().map(formatCell)
    const sorted = others.map(({ bench, records }) => ({
      bench,
      records: [...records].sort(bench.records.compare),
    }))
    const { summary, index, benchmarks } = livePayload(
      finished,
      { done, total: Math.max(total, done), cells },
      sorted,
    )
    live?.update(summary, index, finished, benchmarks)
  }
  const log = run.log
  return {
    async onInit(ctx) {
      run.onInit(ctx)
      if (!options.live) return
      const root = ctx.config.root ?? process.cwd()
      const resultsDir = dirname(resolve(root, options.results ?? 'out/results.json'))
      live = await startLiveDashboard({ port: options.port ?? 0, resultsDir })
      push()
      log(`arbigraph: live dashboard at ${live.url}`)
    },
    onTestRunStart: run.onTestRunStart,
    onTestModuleCollected(module: TestModule) {
      for (const test of module.children.allTests()) if (test.options.mode === 'run') total++
      if (live && !timer) timer = setTimeout(push, options.throttleMs ?? 500)
    },
    onTestCaseResult(test: TestCase) {
      if (!live || test.result().state === 'skipped') return
      done++
      running.add(test)
      timer ??= setTimeout(push, options.throttleMs ?? 500)
      const record = test.meta().arbigraph
      const other = others.find((o) => o.bench.name === benchmarkOfTest(test))
      if (other) {
        const mine = recordOfTest(other.bench, test)
        if (mine !== undefined) other.records.push(mine)
        return
      }
      // The overview and case pages are ArbiGraph's; any other benchmark's records are in its tab.
      if (record === undefined || benchmarkOfTest(test) !== DEFAULT_BENCHMARK) return
      try {
        finished.push(checkCaseRecord(record, test.fullName))
      } catch {
        // the results file reports malformed records; the live view just skips them
      }
    },
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      if (timer) clearTimeout(timer)
      const records = collectRecords(modules)
      // Under the sequential gate each tab also says what was decided on its benchmark's cells.
      const benchmarks = others
        .map(({ bench }) => ({
          bench,
          records: collectBenchmarkRecords(modules, bench),
          ...(options.sequential
            ? { sequentialGate: sequentialDecisions(modules, options.sequential, bench.name) }
            : {}),
        }))
        .filter((b) => b.records.length > 0)
      // An earlier dashboard stays when this run has nothing to show.
      if (records.length === 0 && benchmarks.length === 0) return void (await live?.close())
      const vitest = run.vitest
      const root = vitest?.config.root ?? process.cwd()
      const results = {
        ...buildResults(records, run.facts(reason), createdBy(vitest, 'arbigraph dashboard reporter')),
        ...(options.sequential
          ? { sequentialGate: sequentialGateField(modules, options.sequential, DEFAULT_BENCHMARK) }
          : {}),
      }
      const resultsDir = dirname(resolve(root, options.results ?? 'out/results.json'))
      const built = await buildDashboard(results, {
        dir: outputPath(vitest, options.dir ?? 'out/dashboard'),
        resultsDir,
        benchmarks,
      })
      const tabs = Object.entries(built.benchmarks).map(([name, n]) => `, ${n} ${name} cases`)
      log(
        `arbigraph: dashboard of ${built.cases} cases (${built.withDetails} with details)${tabs.join('')} in ${built.dir}/index.html`,
      )
      if (vitest?.config.mergeReports && built.withDetails < built.cases)
        log(missingDetails(built, resultsDir))
      await live?.close()
    },
  }
}
