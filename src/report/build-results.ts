/**
 * Assembles a results file from records and run facts. The ARBIGRAPH_* settings are kept so a
 * run can be re-created, but anything that looks like a secret (a key, token or password, or
 * credentials inside a URL) is left out: results files get uploaded as CI artifacts.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Results, RunInfo } from '../contracts/results.ts'
import { isSimulated, modelLabel, RESULTS_SCHEMA } from '../contracts/results.ts'
import { contextLoss } from '../metrics/context-loss.ts'
import { summarizeReplay } from '../metrics/replay.ts'
import { runDatasets } from '../metrics/run-datasets.ts'
import { sweepSection } from './sweep-section.ts'

const SECRET = /KEY|TOKEN|SECRET|PASSWORD|AUTH/i
/** The OpenAI SDK's variables arbigraph honours in place of its own (the key never). */
const HONOURED = new Set(['OPENAI_BASE_URL', 'OPENAI_MODEL'])

/**
 * The ARBIGRAPH_* variables of `env` (and OPENAI_BASE_URL/OPENAI_MODEL), without secrets, sorted by name.
 * @example runEnv({ ARBIGRAPH_EPOCHS: '3', ARBIGRAPH_API_KEY: 'x' }) // { ARBIGRAPH_EPOCHS: '3' }
 */
export function runEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const knobs: Record<string, string> = {}
  for (const name of Object.keys(env).sort()) {
    const value = env[name]
    if (!(name.startsWith('ARBIGRAPH_') || HONOURED.has(name)) || SECRET.test(name) || value === undefined)
      continue
    knobs[name] = value.replace(/:\/\/[^/@\s]*@/, '://***@')
  }
  return knobs
}

/**
 * A results file for `records`.
 * @example buildResults(records, run, 'arbigraph 0.1.0, vitest 4.1.12')
 */
export function buildResults(records: CaseRecord[], run: RunInfo, createdBy: string): Results {
  return {
    schema: RESULTS_SCHEMA,
    model: modelLabel(records),
    simulated: isSimulated(records),
    createdBy,
    run,
    records,
    ...contextLossField(records),
    ...replayField(records),
    ...datasetsField(records),
    ...sweepSection(records),
  }
}

/** The replay summary, only when some trial was replayed (results stay as they were otherwise). */
function replayField(records: CaseRecord[]): Pick<Results, 'replay'> {
  const replay = summarizeReplay(records)
  return replay.replayed > 0 ? { replay } : {}
}

/** The frozen datasets, only when some record came from one (results stay as they were otherwise). */
function datasetsField(records: CaseRecord[]): Pick<Results, 'datasets'> {
  const datasets = runDatasets(records)
  return datasets.length > 0 ? { datasets } : {}
}

/** The context-loss summary, only when some record ran the conditions (results stay as they were otherwise). */
function contextLossField(records: CaseRecord[]): Pick<Results, 'contextLoss'> {
  const summary = contextLoss(records)
  return summary ? { contextLoss: summary } : {}
}
