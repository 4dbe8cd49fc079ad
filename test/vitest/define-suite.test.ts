import { describe, expect, it } from 'vitest'
import { ArbigraphError } from '../../src/errors.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { defineSuite } from '../../src/vitest/define-suite.ts'
import { readSuiteEnv } from '../../src/vitest/suite-env.ts'

const one = { samples: undefined, epochs: 1, seed: undefined }

describe('suiteCases', () => {
  it('names cases "<Task> #<sample>" in target-then-sample order, deterministically', async () => {
    const spec = { topology: 'chain', options: { length: 3 }, category: 'math', samplesPerTask: 2 } as const
    const cases = await suiteCases({ ...spec, targets: ['Convolution', 'FWHT'] }, one)
    expect(cases.map((c) => c.name)).toEqual([
      'ConvolutionTask #0',
      'ConvolutionTask #1',
      'FWHTTask #0',
      'FWHTTask #1',
    ])
    // The settings that set this suite apart from the defaults are in its ids (src/vitest/suite-variant.ts).
    const id = 'chain/math/Convolution#0 (length=3)'
    expect(cases[0]!.identity).toEqual({
      caseId: id,
      instanceId: id,
      topology: 'chain',
      category: 'math',
      task: 'Convolution',
      sample: 0,
      epoch: 0,
      suite: { length: '3' },
    })
    const again = await suiteCases({ ...spec, targets: ['Convolution', 'FWHT'] }, one)
    expect(again.map((c) => c.instance.prompt)).toEqual(cases.map((c) => c.instance.prompt))
  })

  it('covers every fitting target by default and lets ARBIGRAPH_SAMPLES and ARBIGRAPH_SEED override', async () => {
    const all = await suiteCases({ topology: 'baseline', category: 'math', samplesPerTask: 1 }, one)
    expect(all).toHaveLength(40)
    const env = readSuiteEnv({ ARBIGRAPH_SAMPLES: '3', ARBIGRAPH_SEED: 'other' })
    const more = await suiteCases({ topology: 'baseline', category: 'math', targets: ['DivisorSum'] }, env)
    expect(more.map((c) => c.name)).toEqual(['DivisorSumTask #0', 'DivisorSumTask #1', 'DivisorSumTask #2'])
    expect(more[0]!.instance.seed).toBe('other')
  })

  it('repeats each case per epoch with the epoch in the name and the identity', async () => {
    const cases = await suiteCases(
      { topology: 'baseline', category: 'math', targets: ['FWHT'], samplesPerTask: 1 },
      { ...one, epochs: 2 },
    )
    expect(cases.map((c) => c.name)).toEqual(['FWHTTask #0 epoch 0', 'FWHTTask #0 epoch 1'])
    expect(cases.map((c) => c.identity.epoch)).toEqual([0, 1])
    expect(cases[0]!.identity.caseId).toBe(cases[1]!.identity.caseId)
  })
})

describe('defineSuite options', () => {
  it('rejects a suite with both or neither of category and categories, at definition time', () => {
    const attempt = (options: object) => () => defineSuite({ topology: 'chain', ...options } as never)
    for (const bad of [{}, { category: 'math', categories: ['math'] }]) {
      expect(attempt(bad)).toThrow(ArbigraphError)
      expect(attempt(bad)).toThrow(/defineSuite: category: give exactly one of "category" and "categories"/)
    }
  })

  it('names an unknown option', () => {
    expect(() => defineSuite({ topology: 'chain', category: 'math', sample: 3 } as never)).toThrow(
      /defineSuite: .*"sample"/,
    )
  })

  it('rejects a bad environment value naming the variable', () => {
    try {
      readSuiteEnv({ ARBIGRAPH_EPOCHS: 'two' })
      expect.unreachable()
    } catch (error) {
      expect((error as ArbigraphError).code).toBe('ARBIGRAPH_BAD_CONFIG')
      expect((error as Error).message).toContain(
        'ARBIGRAPH_EPOCHS: expected a number of epochs (an integer ≥ 1), got "two"',
      )
    }
  })
})
