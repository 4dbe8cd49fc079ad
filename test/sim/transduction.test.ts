import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TransductionDocument } from '../../plugins/transduction/index.ts'
import { generateDocument, scoreDocument, singleShotMaxTokens } from '../../plugins/transduction/index.ts'
import { runSingleShot } from '../../src/agent/single-shot.ts'
import { createRng } from '../../src/rng.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { faultProbability, noisyTransductionText, startSimServer } from '../../src/sim/index.ts'

const caseOf = (doc: TransductionDocument) => ({
  prompt: doc.prompt,
  transduction: { expectedText: doc.expectedText, format: doc.format, family: doc.family },
})

const docs = [
  generateDocument({ family: 'arithmetic', format: 'ordered', level: 1, budget: '4K', sample: 0 }, 't'),
  generateDocument({ family: 'uuid-sort', format: 'plain', level: 0, budget: '4K', sample: 0 }, 't'),
  generateDocument({ family: 'table', format: 'kv', level: 2, budget: '8K', sample: 1 }, 't'),
]

describe('sim:oracle transduction', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:oracle' })
    sim.register(docs.map(caseOf))
  })
  afterAll(() => sim.close())

  it('streams the exact expected output, which scores 1.0', async () => {
    for (const doc of docs) {
      const outcome = await runSingleShot({
        endpoint: { baseURL: sim.url },
        model: sim.model,
        prompt: doc.prompt,
        maxTokens: singleShotMaxTokens(doc),
      })
      expect(outcome.status).toBe('completed')
      expect(outcome.content).toBe(doc.expectedText)
      expect(outcome.completionTokens).toBeGreaterThan(0)
      expect(scoreDocument(doc, outcome.content).accuracy).toBe(1)
    }
  })

  it('reports a cut-off as status "length" and keeps the partial output', async () => {
    const doc = docs[0]!
    const outcome = await runSingleShot({
      endpoint: { baseURL: sim.url },
      model: sim.model,
      prompt: doc.prompt,
      maxTokens: 20,
    })
    expect(outcome.status).toBe('length')
    expect(outcome.content.length).toBe(80)
    expect(doc.expectedText.startsWith(outcome.content)).toBe(true)
  })
})

describe('single-shot context overflow and endpoint errors', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:oracle', maxModelLen: 2000 })
    sim.register(docs.map(caseOf))
  })
  afterAll(() => sim.close())

  it('returns an overflow outcome instead of throwing', async () => {
    const doc = docs[0]!
    const outcome = await runSingleShot({
      endpoint: { baseURL: sim.url },
      model: sim.model,
      prompt: doc.prompt,
      maxTokens: 3000,
    })
    expect(outcome.status).toBe('overflow')
    expect(outcome.error).toMatch(/maximum context length/)
  })

  it.each([
    [
      'vllm-renderer',
      /^max_(completion_)?tokens=3000cannot be greater than max_model_len=max_total_tokens=2000\./,
    ],
    [
      'vllm-engine',
      /^max_(completion_)?tokens=3000 cannot be greater than max_model_len=max_total_tokens=2000\./,
    ],
  ] as const)(
    'classifies the %s wording (no "maximum context length" in it) as an overflow too',
    async (server, wording) => {
      const era = await startSimServer({ persona: 'sim:oracle', maxModelLen: 2000, server })
      try {
        era.register(docs.map(caseOf))
        const outcome = await runSingleShot({
          endpoint: { baseURL: era.url },
          model: era.model,
          prompt: docs[0]!.prompt,
          maxTokens: 3000,
        })
        expect(outcome.status).toBe('overflow')
        expect(outcome.error).toMatch(wording)
        expect(outcome.error).not.toMatch(/maximum context length/)
      } finally {
        await era.close()
      }
    },
  )

  it('throws ARBIGRAPH_ENDPOINT for an unknown model', async () => {
    await expect(
      runSingleShot({
        endpoint: { baseURL: sim.url },
        model: 'nope',
        prompt: docs[0]!.prompt,
        maxTokens: 10,
      }),
    ).rejects.toMatchObject({ code: 'ARBIGRAPH_ENDPOINT', message: expect.stringContaining('HTTP 404') })
  })
})

describe('sim:noisy transduction', () => {
  it('fault probability grows with position and with length', () => {
    expect(faultProbability(0.9, 10_000, 1)).toBeGreaterThan(faultProbability(0.1, 10_000, 1))
    expect(faultProbability(0.5, 400_000, 1)).toBeGreaterThan(faultProbability(0.5, 10_000, 1))
  })

  it('is reproducible per seed and produces omissions, duplicates and shifts', () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `[${i + 1}] r${i}`)
    const text = lines.join('\n')
    const a = noisyTransductionText(text, createRng(3), 1)
    expect(noisyTransductionText(text, createRng(3), 1)).toBe(a)
    const out = a.split('\n')
    const ids = out.map((line) => Number(/^\[(\d+)\]/.exec(line)![1]))
    const seen = new Set(ids)
    expect(seen.size).toBeLessThan(lines.length) // omissions (or an early end)
    expect(ids.length - seen.size).toBeGreaterThan(0) // duplicates
    expect(ids.some((id, i) => i > 0 && id < ids[i - 1]!)).toBe(true) // swaps
  })

  it('over the server, accuracy falls with budget', async () => {
    const sim = await startSimServer({ persona: 'sim:noisy', seed: 1 })
    try {
      const mean: number[] = []
      for (const budget of ['4K', '32K'] as const) {
        const set = [0, 1, 2, 3].map((sample) =>
          generateDocument({ family: 'arithmetic', format: 'plain', level: 0, budget, sample }, 'n'),
        )
        sim.register(set.map(caseOf))
        let sum = 0
        for (const doc of set) {
          const outcome = await runSingleShot({
            endpoint: { baseURL: sim.url },
            model: sim.model,
            prompt: doc.prompt,
            maxTokens: singleShotMaxTokens(doc),
          })
          sum += scoreDocument(doc, outcome.content).accuracy
        }
        mean.push(sum / set.length)
      }
      expect(mean[0]!).toBeLessThan(1)
      expect(mean[1]!).toBeLessThan(mean[0]!)
    } finally {
      await sim.close()
    }
  })
})
