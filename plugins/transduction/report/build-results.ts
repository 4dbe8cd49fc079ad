/**
 * Assembles a Long-Transduction results file from document records and run facts (the same run
 * facts as the ArbiGraph results file, see build-results.ts), with the summary computed from the
 * records so readers of the file need not recompute it.
 */
import { isSimulated, type RunInfo, type SequentialGateBlock } from '../../../src/contracts/results.ts'
import { runDatasets } from '../../../src/metrics/run-datasets.ts'
import { benchmarkSweepCurves } from '../../../src/metrics/sweep/benchmark-sweeps.ts'
import { summarizeTransduction } from '../metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../record.ts'
import type { TransductionResults } from '../results.ts'
import { jsonSummary, TRANSDUCTION_RESULTS_SCHEMA } from '../results.ts'
import { transductionSweep } from '../sweep.ts'

/**
 * The model label of some records: their distinct model ids, sorted and comma-joined.
 * @example transductionModel(records) // 'sim:oracle'
 */
export function transductionModel(records: readonly Pick<TransductionRecord, 'model'>[]): string {
  const models = [...new Set(records.map((r) => r.model).filter((m) => m !== 'unknown'))].sort()
  return models.length === 0 ? 'unknown' : models.join(', ')
}

/**
 * A transduction results file for `records` (with the sequential gate's decisions on its cells, when given).
 * @example buildTransductionResults(records, run, 'arbigraph reporters, vitest 4.1.12')
 */
export function buildTransductionResults(
  records: TransductionRecord[],
  run: RunInfo,
  createdBy: string,
  extra: { sequentialGate?: SequentialGateBlock } = {},
): TransductionResults {
  const sweeps = benchmarkSweepCurves({ name: 'transduction', sweep: transductionSweep }, records)
  const datasets = runDatasets(records)
  return {
    schema: TRANSDUCTION_RESULTS_SCHEMA,
    model: transductionModel(records),
    simulated: isSimulated(records),
    createdBy,
    run,
    records,
    summary: jsonSummary(summarizeTransduction(records)),
    ...(sweeps.length > 0 ? { sweeps } : {}),
    ...(datasets.length > 0 ? { datasets } : {}),
    ...(extra.sequentialGate ? { sequentialGate: extra.sequentialGate } : {}),
  }
}
