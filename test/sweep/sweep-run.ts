/**
 * Real sweep runs for the tests: a sweep's cases generated as defineSweep does, registered with a
 * fresh built-in simulator as defineSweep registers them, and answered through the real tool
 * agent, point after point.
 */
import { profileFor } from '../../src/agent/profile.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { getTopology } from '../../src/registry.ts'
import type { PersonaName } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { type DefineSweepOptions, sweepCases } from '../../src/vitest/define-sweep.ts'
import { runCase } from '../../src/vitest/run-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'
import { casesRunWithConditions } from '../conditions/conditions-run.ts'

/** Fixed run facts for building a results file from sweep records (no timing in what is compared). */
export const fixedRun = {
  started: '2026-12-01T00:00:00Z',
  finished: '2026-12-01T00:01:00Z',
  reason: 'passed',
  shard: null,
  merged: false,
  env: {},
} as const

/** Runs every case of `sweep` against a fresh simulator with `persona`; records in case order. */
export async function sweepRun(
  persona: Extract<PersonaName, 'sim:oracle' | 'sim:noisy'>,
  sweep: DefineSweepOptions,
): Promise<CaseRecord[]> {
  const { cases } = await sweepCases(sweep, { samples: undefined, epochs: 1, seed: undefined })
  const registry = await threadRegistry(process.cwd())
  const sim = await startSimServer({ persona, noise: 1, seed: 0 })
  sim.register(cases.map((c) => simCaseOf(c.instance)))
  try {
    return await Promise.all(
      cases.map((c) =>
        runCase(c.instance, {
          baseURL: sim.url,
          model: sim.model,
          profile: profileFor(getTopology(registry, c.identity.topology)),
          identity: c.identity,
        }),
      ),
    )
  } finally {
    await sim.close()
  }
}

/** Runs every case of `sweep` in-graph, isolated and chained against a fresh simulator. */
export async function sweepConditionsRun(
  persona: Extract<PersonaName, 'sim:oracle' | 'sim:noisy'>,
  sweep: DefineSweepOptions,
): Promise<CaseRecord[]> {
  const { cases } = await sweepCases(sweep, { samples: undefined, epochs: 1, seed: undefined })
  return (await casesRunWithConditions(cases, { persona })).records
}
