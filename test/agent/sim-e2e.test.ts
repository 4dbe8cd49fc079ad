import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { chain } from '../../plugins/topologies/chain.ts'
import { runToolAgent } from '../../src/agent/loop.ts'
import { profileFor } from '../../src/agent/profile.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import type { Transcript } from '../../src/contracts/transcript.ts'
import { transcriptSchema } from '../../src/contracts/transcript.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { pyRepr } from '../../src/values.ts'

const simCaseOf = (instance: Instance) => ({
  prompt: instance.prompt,
  outputs: Object.fromEntries(instance.nodes.map((node) => [`task_${node.number}_out`, pyRepr(node.output)])),
  targets: instance.nodes
    .filter((node) => instance.targets.includes(node.id))
    .map((n) => `task_${n.number}_out`),
})

const answerMap = (answers: Record<string, { answer: string }>) =>
  new Map(Object.entries(answers).map(([name, { answer }]) => [name, answer]))

describe('agent/loop › end to end on the simulated endpoint (sim:oracle)', () => {
  let sim: SimServer
  let instances: Instance[]

  beforeAll(async () => {
    const spec = {
      topology: 'chain',
      options: { length: 3 },
      categories: ['math'],
      samplesPerTask: 1,
      seed: 'e2e',
    }
    const dataset = await generateDataset(spec, { registry: defaultRegistry() })
    instances = dataset.instances.slice(0, 4)
    sim = await startSimServer({ persona: 'sim:oracle' })
    sim.register(instances.map(simCaseOf))
  })
  afterAll(() => sim?.close())

  for (const protocol of ['chat', 'text'] as const) {
    it(`answers math chain instances correctly over the ${protocol} protocol`, async () => {
      for (const instance of instances) {
        const transcript = await runToolAgent({
          baseURL: sim.url,
          model: sim.model,
          prompt: instance.prompt,
          expected: instance.outputs,
          profile: profileFor(chain, { protocol }),
        })
        expect(transcript.status, instance.id).toBe('success')
        expect(transcript.turns.map((turn) => turn.kind)).toEqual(['normal', 'tool'])
        expect(transcript.counters.toolCalls).toBeGreaterThanOrEqual(1)
        expect(transcript.turns[0]!.toolCalls[0]!.result).toMatch(/^\{"results": \[/)
        const grade = gradeInstance(instance, answerMap(transcript.answers), { status: transcript.status })
        expect(grade.correct, instance.id).toBe(true)
        expect(grade.exact, instance.id).toBe(true)
      }
    })
  }
})

/** Invariants every transcript keeps: counters match the turn log. */
function checkInvariants(transcript: Transcript): void {
  expect(transcriptSchema.parse(transcript)).toEqual(transcript)
  const count = (kind: string) => transcript.turns.filter((turn) => turn.kind === kind).length
  expect(count('repair:tool')).toBe(transcript.counters.toolRepairs)
  expect(count('repair:final')).toBe(transcript.counters.finalAnswerRepairs)
  expect(count('repair:cutoff')).toBe(transcript.counters.cutoffRepairs)
  const executed = transcript.turns.reduce((sum, turn) => sum + turn.toolCalls.length, 0)
  expect(executed).toBe(transcript.counters.toolCalls)
  expect(transcript.turns.map((turn) => turn.index)).toEqual(transcript.turns.map((_, i) => i))
}

describe('agent/loop › end to end on the simulated endpoint (sim:noisy, high fault rates)', () => {
  let sim: SimServer
  let instances: Instance[]

  beforeAll(async () => {
    const spec = {
      topology: 'chain',
      options: { length: 3 },
      categories: ['math'],
      samplesPerTask: 1,
      seed: 'noisy',
    }
    instances = (await generateDataset(spec, { registry: defaultRegistry() })).instances.slice(0, 24)
    const rates = { noCall: 0.25, malformedCall: 0.25, omitBoxes: 0.3, cutoff: 0.25 }
    sim = await startSimServer({ persona: 'sim:noisy', seed: 5, noisyRates: rates })
    sim.register(instances.map(simCaseOf))
  })
  afterAll(() => sim?.close())

  for (const protocol of ['chat', 'text'] as const) {
    it(`repairs format faults and keeps consistent logs over the ${protocol} protocol`, async () => {
      const transcripts = await Promise.all(
        instances.map((instance) =>
          runToolAgent({
            baseURL: sim.url,
            model: sim.model,
            prompt: instance.prompt,
            expected: instance.outputs,
            profile: profileFor(chain, { protocol, maxTokens: 4096, repairMaxTokens: 8192 }),
          }),
        ),
      )
      transcripts.forEach(checkInvariants)
      const total = (key: keyof Transcript['counters']) =>
        transcripts.reduce((sum, t) => sum + t.counters[key], 0)
      expect(total('toolRepairs')).toBeGreaterThan(0)
      expect(total('finalAnswerRepairs')).toBeGreaterThan(0)
      expect(total('cutoffRepairs')).toBeGreaterThan(0)
      // Most samples finish; one that does not must have spent the budget its status names
      // (at these fault rates a run of six tool faults in a row happens now and then).
      for (const t of transcripts) {
        if (t.status === 'success') continue
        if (t.status.includes('calculator')) expect(t.counters.toolRepairs).toBe(5)
        if (t.status.includes('answers')) expect(t.counters.finalAnswerRepairs).toBe(12)
        expect(t.status).toMatch(/^missing_(initial_calculator_call|requested_task_answers)/)
      }
      const finished = transcripts.filter((t) => t.status === 'success').length
      expect(finished).toBeGreaterThanOrEqual(transcripts.length * 0.8)
    })
  }
})
