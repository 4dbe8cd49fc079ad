/**
 * A real Long-Transduction run for the dashboard tests, in-process: a suite's documents of every
 * family, generated as `suites/transduction` generates them, answered by the built-in simulator
 * (sim:noisy) through the default single-shot harness, scored, their prompts and outputs stored
 * as a suite stores them (the benchmark's `details` step, under `<dir>/out/cases/`), and written
 * as `<dir>/transduction.json` the way the benchmark reporter writes it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { families } from '../../plugins/transduction/grid.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../plugins/transduction/report/build-results.ts'
import type { TransductionResults } from '../../plugins/transduction/results.ts'
import { transductionSuiteSchema } from '../../plugins/transduction/suite/cases.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'

export interface TransductionRun {
  dir: string
  file: string
  results: TransductionResults
  records: TransductionRecord[]
}

/** Runs every family at `budgets` and `levels` (all formats, one sample) against sim:noisy. */
export async function transductionRun(
  options: { budgets?: ('4K' | '8K' | '16K')[]; levels?: (0 | 1 | 2 | 3)[]; noise?: number } = {},
): Promise<TransductionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-lt-run-'))
  const cases = (
    await Promise.all(
      families.map((family) =>
        transduction.cases(
          transductionSuiteSchema.parse({
            family,
            budgets: options.budgets ?? ['4K', '8K'],
            levels: options.levels ?? [0, 2],
          }),
          { root: dir },
        ),
      ),
    )
  ).flat()
  const sim = await startSimServer({ persona: 'sim:noisy', noise: options.noise ?? 1, seed: 0 })
  try {
    sim.register(transduction.simCases!(cases))
    const harness = singleShot()
    const records: TransductionRecord[] = await Promise.all(
      cases.map((c) =>
        runBenchmarkCase(transduction, c, harness, {
          endpoint: sim.url,
          model: sim.model,
          apiKey: 'arbigraph',
          signal: new AbortController().signal,
          log: () => {},
        }),
      ),
    )
    records.sort(transduction.records.compare)
    const now = new Date().toISOString()
    const run = {
      started: now,
      finished: now,
      reason: 'passed' as const,
      shard: null,
      merged: false,
      env: {},
    }
    const results = buildTransductionResults(records, run, 'arbigraph tests')
    const file = join(dir, 'transduction.json')
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
    return { dir, file, results, records }
  } finally {
    await sim.close()
  }
}
