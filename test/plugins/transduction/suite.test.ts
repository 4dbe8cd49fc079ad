import { describe, expect, it } from 'vitest'
import { transduction } from '../../../plugins/transduction/benchmark.ts'
import { checkTransductionRecord } from '../../../plugins/transduction/record.ts'
import { transductionSuiteCases } from '../../../plugins/transduction/suite/cases.ts'
import { readTransductionEnv } from '../../../plugins/transduction/suite/env.ts'
import { transductionScore } from '../../../plugins/transduction/suite/score-record.ts'
import { singleShot } from '../../../src/harness/single-shot.ts'
import { runBenchmarkCase } from '../../../src/vitest/run-benchmark-case.ts'

const noEnv = { budgets: undefined, samples: undefined }

describe('transduction suite cases', () => {
  it('default to 4K and 8K, one sample per cell: 3 formats × 4 levels × 2 budgets, named for -t', () => {
    const cases = transductionSuiteCases({ family: 'arithmetic' }, noEnv, undefined)
    expect(cases).toHaveLength(24)
    expect(new Set(cases.map((c) => c.input.budget))).toEqual(new Set(['4K', '8K']))
    expect(cases[0]!.name).toBe('arithmetic ordered L0 4K #0')
    expect(cases.map((c) => c.name)).toContain('arithmetic plain L3 8K #0')
    expect(cases[0]!.identity).toEqual({
      documentId: 'arithmetic/ordered/L0/4K/s0',
      family: 'arithmetic',
      format: 'ordered',
      level: 0,
      budget: '4K',
      sample: 0,
      seed: '0',
    })
  })

  it('are deterministic, and the seed override changes the prompts', () => {
    const a = transductionSuiteCases({ family: 'uuid-sort', levels: [0], budgets: ['4K'] }, noEnv, undefined)
    const b = transductionSuiteCases({ family: 'uuid-sort', levels: [0], budgets: ['4K'] }, noEnv, undefined)
    const c = transductionSuiteCases({ family: 'uuid-sort', levels: [0], budgets: ['4K'] }, noEnv, '7')
    expect(a.map((x) => x.input.prompt)).toEqual(b.map((x) => x.input.prompt))
    expect(c[0]!.input.prompt).not.toBe(a[0]!.input.prompt)
    expect(c[0]!.identity.seed).toBe('7')
  })

  it('take budgets and samples from the environment over the options', () => {
    const env = readTransductionEnv({ ARBIGRAPH_LT_BUDGETS: '8K', ARBIGRAPH_LT_SAMPLES: '2' })
    const cases = transductionSuiteCases(
      { family: 'table', budgets: ['4K'], levels: [1], formats: ['kv'] },
      env,
      undefined,
    )
    expect(cases.map((c) => c.name)).toEqual(['table kv L1 8K #0', 'table kv L1 8K #1'])
  })

  it('reject a format of another family at definition time', () => {
    expect(() => transductionSuiteCases({ family: 'table', formats: ['plain'] }, noEnv, undefined)).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_CONFIG',
        message: expect.stringContaining('formats[0]: "plain" is not a table format'),
      }),
    )
  })
})

describe('ARBIGRAPH_LT_BUDGETS and ARBIGRAPH_LT_SAMPLES', () => {
  it('are unset by default, "all" means every budget, lists come back in grid order', () => {
    expect(readTransductionEnv({})).toEqual({ budgets: undefined, samples: undefined })
    expect(readTransductionEnv({ ARBIGRAPH_LT_BUDGETS: 'all' }).budgets).toEqual([
      '4K',
      '8K',
      '16K',
      '32K',
      '64K',
      '128K',
    ])
    expect(readTransductionEnv({ ARBIGRAPH_LT_BUDGETS: ' 16k, 4K ,16K' }).budgets).toEqual(['4K', '16K'])
  })

  it('reject an unknown budget and a sample count outside 1–5, naming the variable', () => {
    expect(() => readTransductionEnv({ ARBIGRAPH_LT_BUDGETS: '4K,12K' })).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_CONFIG',
        message: expect.stringContaining('ARBIGRAPH_LT_BUDGETS: unknown budget "12K"'),
      }),
    )
    expect(() => readTransductionEnv({ ARBIGRAPH_LT_SAMPLES: '6' })).toThrow(
      'ARBIGRAPH_LT_SAMPLES: expected an integer from 1 to 5',
    )
    expect(() => readTransductionEnv({ ARBIGRAPH_LT_SAMPLES: 'x' })).toThrow('got "x"')
  })
})

describe('one transduction document', () => {
  const [c] = transductionSuiteCases(
    { family: 'arithmetic', formats: ['plain'], levels: [0], budgets: ['4K'] },
    noEnv,
    undefined,
  )
  const doc = c!.input

  it('scores its expected text 1.0 and a truncated output lower, with per-position bins', () => {
    expect(transductionScore(doc, doc.expectedText)).toMatchObject({ accuracy: 1, exact: true })
    const lines = doc.expectedText.split('\n')
    const half = transductionScore(doc, lines.slice(0, Math.floor(lines.length / 2)).join('\n'))
    expect(half.accuracy).toBeLessThan(0.6)
    expect(half.positions.accuracy[0]).toBe(1)
    expect(half.positions.accuracy[19]).toBe(0)
    expect(half.counts.missing).toBe(lines.length - Math.floor(lines.length / 2))
  })

  it('records an unreachable endpoint as an infrastructure error, not a zero score', async () => {
    const record = await runBenchmarkCase(transduction, c!, singleShot(), {
      endpoint: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: 'arbigraph',
      signal: new AbortController().signal,
      log: () => {},
    })
    expect(record.tokens.input).toBe(doc.inputTokens)
    expect(checkTransductionRecord(record)).toMatchObject({ score: null, outcome: null, documentId: doc.id })
    expect(record.infraError?.reason).toContain('single-shot:')
  })
})
