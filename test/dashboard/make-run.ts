/**
 * Real runs for the dashboard and compare tests: chain/math cases generated as a suite does,
 * answered by the built-in simulator (sim:noisy at a chosen noise level) through the real
 * harness, graded, with case details stored as the suites store them, and written as a results
 * file in a fresh temp folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultRegistry } from '../../plugins/index.ts'
import { profileFor } from '../../src/agent/profile.ts'
import type { Results } from '../../src/contracts/results.ts'
import { createCaseDetailSink } from '../../src/dashboard/case-details.ts'
import { startRequestPool } from '../../src/pool/index.ts'
import { getTopology } from '../../src/registry.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { startSimServer } from '../../src/sim/index.ts'
import type { SuiteOptions } from '../../src/vitest/arbigraph-suite.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'
import { simCacheScope, simIdentity } from '../../src/vitest/sim-env.ts'

export interface SimRun {
  dir: string
  file: string
  results: Results
}

export interface SimRunOptions {
  /** @default 1 */
  noise?: number
  /** @default 1 */
  samplesPerTask?: number
  /** @default [{ topology: 'chain', category: 'math' }] */
  suites?: SuiteOptions[]
  /** @default 0 */
  seed?: number
  /** Sends through a request pool with this response cache (keyed by the simulator's settings), as a run does. */
  cachePath?: string
}

/** Runs the suites against sim:noisy and writes `<dir>/results.json` (+ `<dir>/cases/`). */
export async function simRun(options: SimRunOptions = {}): Promise<SimRun> {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-run-'))
  const suites = options.suites ?? [{ topology: 'chain', category: 'math' }]
  const env = { samples: options.samplesPerTask ?? 1, epochs: 1, seed: undefined }
  const cases = (await Promise.all(suites.map((s) => suiteCases(s, env)))).flat()
  const registry = defaultRegistry()
  const sim = await startSimServer({
    persona: 'sim:noisy',
    noise: options.noise ?? 1,
    seed: options.seed ?? 0,
  })
  sim.register(cases.map((c) => simCaseOf(c.instance)))
  const sink = createCaseDetailSink(join(dir, 'cases'))
  const identity = simIdentity(
    simCacheScope({
      persona: 'sim:noisy',
      seed: options.seed ?? 0,
      noise: options.noise ?? 1,
      server: undefined,
      latencyMs: 0,
      statsFile: undefined,
    }),
    undefined,
  )
  const pool =
    options.cachePath === undefined
      ? undefined
      : await startRequestPool({
          upstreams: [sim.url],
          cachePath: options.cachePath,
          cacheScope: identity.scope,
          cacheServer: identity.label,
        })
  try {
    const records = await Promise.all(
      cases.map((c) =>
        runCase(c.instance, {
          baseURL: pool?.url ?? sim.url,
          model: sim.model,
          profile: profileFor(getTopology(registry, c.identity.topology)),
          identity: c.identity,
          caseDetails: sink,
        }),
      ),
    )
    const now = new Date().toISOString()
    const run = {
      started: now,
      finished: now,
      reason: 'passed' as const,
      shard: null,
      merged: false,
      env: {},
    }
    const results = buildResults(records, run, 'arbigraph tests')
    const file = join(dir, 'results.json')
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
    return { dir, file, results }
  } finally {
    await pool?.close()
    await sim.close()
  }
}
