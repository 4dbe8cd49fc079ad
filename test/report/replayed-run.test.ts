/**
 * A recorded run as our results: each sample's record graded by our grader against its imported
 * instance, under the reference run's model, with the instances' dataset hash; a sample whose
 * replay failed is an infrastructure record with the reason, never a wrong answer; the run says
 * it replays recorded outputs and is not simulated.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { reportedTranscript } from '../../src/harness/reported-transcript.ts'
import { encodeInstance } from '../../src/io/instance-line.ts'
import { replayedRecords, replayedResults } from '../../src/report/replayed-run.ts'
import { pyRepr } from '../../src/values.ts'

const spec = {
  topology: 'baseline',
  options: {},
  categories: ['math'],
  targets: ['DivisorSum', 'FWHT'],
  samplesPerTask: 1,
  seed: 'r',
}
const { instances } = await generateDataset(spec, { registry: defaultRegistry() })
const truth = (i: number) => {
  const node = instances[i]!.nodes[0]!
  return { [`task_${node.number}_out`]: pyRepr(node.output) }
}

describe('replayedRecords', () => {
  it('grades replayed answers, keeps failed replays as infrastructure records, and hashes the instances', () => {
    const samples = [
      { transcript: reportedTranscript({ answers: truth(0) }, instances[0]!.outputs) },
      { error: 'the simulator had no recorded turn' },
    ]
    const records = replayedRecords(instances, samples, 'Qwen/Qwen3.5-27B', 'agent_math.json')
    const sha256 = createHash('sha256')
      .update(instances.map((i) => `${encodeInstance(i)}\n`).join(''))
      .digest('hex')
    expect(records.map((r) => checkCaseRecord(r))).toEqual(records)
    expect(records[0]).toMatchObject({
      model: 'Qwen/Qwen3.5-27B',
      harness: 'tool-agent',
      infraError: null,
      latencyMs: 0,
    })
    expect(records[0]!.grade?.correct).toBe(true)
    expect(records[1]).toMatchObject({
      grade: null,
      infraError: { reason: 'replay failed: the simulator had no recorded turn' },
    })
    expect(records.map((r) => r.dataset)).toEqual([
      { sha256, index: 0, file: 'agent_math.json' },
      { sha256, index: 1, file: 'agent_math.json' },
    ])

    const results = replayedResults(records, {
      path: '/ref/agent_math.json',
      bytes: '{"summary": {}}',
      model: 'Qwen/Qwen3.5-27B',
      started: new Date('2026-12-06T00:00:00Z'),
      finished: new Date('2026-12-06T00:00:01Z'),
    })
    const read = decodeResults(JSON.stringify(results), 'replay.json')
    expect(read).toMatchObject({
      model: 'Qwen/Qwen3.5-27B',
      simulated: false,
      run: { reason: 'failed' },
      provenance: {
        kind: 'reference-replay',
        file: 'agent_math.json',
        sha256: createHash('sha256').update('{"summary": {}}').digest('hex'),
      },
      datasets: [{ sha256, file: 'agent_math.json', instances: 2, trials: 2 }],
    })
  })
})
