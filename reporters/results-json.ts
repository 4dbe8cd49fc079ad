/**
 * The results-file reporter: writes every case record of the run, with the model and run facts
 * (times, shard, merge, ARBIGRAPH_* settings), to one JSON file, atomically, so a crash never
 * leaves half a file, and record by record, so records of any total size fit. `arbigraph report` recomputes every number from it.
 */

import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node'
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import { writeJsonRecords } from '../src/io/write-json-records.ts'
import { buildResults } from '../src/report/build-results.ts'
import { collectRecords, onlyOtherBenchmarks } from './collect-records.ts'
import { outputPath } from './output-path.ts'
import { createdBy, reporterRun } from './run-facts.ts'
import { type SequentialReporting, sequentialGateField } from './sequential-decisions.ts'

export interface ResultsJsonOptions {
  /**
   * Where to write, relative to the Vitest root.
   * @default 'out/results.json'
   */
  path?: string
  /** The sequential gate's plan, when ARBIGRAPH_GATE_MODE=sequential: its decisions go in the file. */
  sequential?: SequentialReporting
}

/**
 * The results-file reporter.
 * @example vitest.config.reporters.push(resultsJsonReporter({ path: 'out/results.json' }))
 */
export function resultsJsonReporter(options: ResultsJsonOptions = {}): Reporter {
  const run = reporterRun()
  return {
    onInit: run.onInit,
    onTestRunStart: run.onTestRunStart,
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      const records = collectRecords(modules)
      // A run of other benchmarks only must not overwrite an earlier ArbiGraph results file.
      if (records.length === 0 && onlyOtherBenchmarks(modules)) return
      const path = outputPath(run.vitest, options.path ?? 'out/results.json')
      // Neither must a run that produced no record (a suite that failed to load, no case selected).
      if (records.length === 0) return run.error(`arbigraph: no case ran; ${path} left as it was`)
      const results = {
        ...buildResults(records, run.facts(reason), createdBy(run.vitest)),
        ...(options.sequential
          ? { sequentialGate: sequentialGateField(modules, options.sequential, arbigraphBenchmark.name) }
          : {}),
      }
      await writeJsonRecords(path, results, 'records')
      const marked = reason === 'interrupted' ? ' (run interrupted: only the cases that finished)' : ''
      run.log(`arbigraph: wrote ${records.length} case records to ${path}${marked}`)
    },
  }
}
