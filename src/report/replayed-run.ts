/**
 * A recorded reference run as one of our runs: the results file `arbigraph replay-reference
 * --out` writes. Each recorded sample becomes a case record like those of a live run: the
 * reference's recorded model turns, replayed through our agent loop (so its decisions are the
 * reference's: status, turns, tool calls, collected answers), graded by our grader against the
 * instance the importer makes of the sample, under the model name the reference run gives
 * (`generation_params.model`). The dataset reference is that of the imported instances, the
 * same a suite of the file would record (src/io/frozen-dataset.ts), so a live run of those
 * instances pairs with the replay in `compare`. `simulated` is false (a model did answer), and
 * `provenance` says the answers are a replay of recorded outputs, not a run of ours. Latency is
 * not recorded by the reference per sample, so it is 0, not the replay's own time.
 */
import { createHash } from 'node:crypto'
import { basename } from 'node:path'
import { gradedRecord, infraRecord } from '../arbigraph-benchmark.ts'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Instance } from '../contracts/instance.ts'
import type { Results } from '../contracts/results.ts'
import type { Transcript } from '../contracts/transcript.ts'
import { answerTexts } from '../harness/answer-texts.ts'
import { encodeInstance } from '../io/instance-line.ts'
import { GENERATOR } from '../version.ts'
import { variantCaseId } from '../vitest/suite-variant.ts'
import { buildResults } from './build-results.ts'

/** One replayed sample: its transcript, or why the replay failed. */
export type ReplayedSample = { transcript: Transcript } | { error: string }

/** What the results file says about the run it replays. */
export interface ReplayedRunFacts {
  /** The reference results file (its path; the name and SHA-256 of its bytes are recorded). */
  path: string
  bytes: Uint8Array | string
  /** The model the reference run asked (`summary.generation_params.model`). */
  model: string
  started: Date
  finished: Date
}

/**
 * The case records of a replayed run, one per sample in file order.
 * @example replayedRecords(instances, samples, 'Qwen/Qwen3.5-27B', 'agent_gsm_baseline….json')
 */
export function replayedRecords(
  instances: readonly Instance[],
  samples: readonly ReplayedSample[],
  model: string,
  file: string,
): CaseRecord[] {
  const hash = createHash('sha256')
  for (const instance of instances) hash.update(`${encodeInstance(instance)}\n`)
  const sha256 = hash.digest('hex')
  const variant = { dataset: sha256.slice(0, 12) }
  return instances.map((instance, index) => {
    const id = variantCaseId(instance.id, variant)
    const identity = {
      caseId: id,
      instanceId: id,
      topology: instance.topology.name,
      category: instance.categories.join('+'),
      task: instance.task,
      sample: instance.sample,
      epoch: 0,
      suite: variant,
      dataset: { sha256, index, file },
    }
    const facts = { model, harness: 'tool-agent', protocol: 'text' as const, latencyMs: 0 }
    const sample = samples[index]!
    if ('error' in sample) return infraRecord(identity, `replay failed: ${sample.error}`, facts)
    const { transcript } = sample
    return gradedRecord(instance, { answers: answerTexts(transcript), transcript }, identity, facts)
  })
}

/**
 * The results file of a replayed run.
 * @example await writeJsonRecords('out/qwen-gsm.json', replayedResults(records, facts), 'records')
 */
export function replayedResults(records: CaseRecord[], facts: ReplayedRunFacts): Results {
  const run = {
    started: facts.started.toISOString(),
    finished: facts.finished.toISOString(),
    reason: records.some((r) => r.infraError !== null) ? ('failed' as const) : ('passed' as const),
    shard: null,
    merged: false,
    env: {},
    identity: `reference replay of ${basename(facts.path)} (model ${facts.model})`,
  }
  const sha256 = createHash('sha256').update(facts.bytes).digest('hex')
  return {
    ...buildResults(records, run, `${GENERATOR} replay-reference`),
    provenance: { kind: 'reference-replay', file: basename(facts.path), sha256 },
  }
}
