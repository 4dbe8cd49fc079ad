/**
 * A suite's variant: the settings that set it apart from the defaults, in its case ids; the
 * labels of cells that share a topology and category name what differs among their suites.
 */
import { describe, expect, it } from 'vitest'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { suiteLabeller } from '../../src/metrics/suite-label.ts'
import { parseSweepOptions } from '../../src/sweep/sweep-spec.ts'
import { arbigraphVariant, parseSuiteOptions } from '../../src/vitest/arbigraph-suite.ts'
import { sweepVariant } from '../../src/vitest/define-sweep.ts'
import { suiteVariant, valueText, variantCaseId } from '../../src/vitest/suite-variant.ts'

const registry = await threadRegistry(process.cwd())
const variantOf = (options: object) =>
  arbigraphVariant(parseSuiteOptions({ topology: 'chain', category: 'math', ...options }), registry)

describe('suiteVariant', () => {
  it('keeps only what changes the instances and differs from the defaults, so a suite at its defaults keeps its ids', () => {
    expect(variantOf({})).toEqual({})
    // 4 is chain's default length: the same instances, the same ids.
    expect(variantOf({ options: { length: 4 }, samplesPerTask: 2, seed: '0' })).toEqual({})
    expect(variantOf({ options: { length: 2 } })).toEqual({ length: '2' })
    // Samples and targets choose which cases run, the harness how they are answered: not which cases they are.
    expect(
      variantOf({
        options: { length: 3 },
        seed: '7',
        targets: ['MulMod'],
        samplesPerTask: 1,
        harness: { maxTurns: 3 },
      }),
    ).toEqual({ length: '3', seed: '7' })
    expect(variantCaseId('chain/math/MulMod#0', {})).toBe('chain/math/MulMod#0')
    expect(variantCaseId('chain/math/MulMod#0', { length: '2' })).toBe('chain/math/MulMod#0 (length=2)')
  })

  it('names a structured value by a short hash of its canonical JSON, the same whatever its key order', () => {
    const a = valueText({ nodes: [1, 2], edges: [] })
    expect(a).toMatch(/^#[0-9a-f]{8}$/)
    expect(valueText({ edges: [], nodes: [1, 2] })).toBe(a)
    expect(valueText({ edges: [], nodes: [2, 1] })).not.toBe(a)
    expect(suiteVariant({ graph: { a: 1 } }, {})).toEqual({ graph: valueText({ a: 1 }) })
  })

  it('of a sweep leaves the varied axis out and keeps what else differs', () => {
    const sweep = (extra: object) =>
      parseSweepOptions({ topology: 'chain', category: 'math', vary: { length: [1, 2] }, ...extra })
    expect(sweepVariant(sweep({}), registry)).toEqual({})
    expect(sweepVariant(sweep({ seed: '3', repeatTemplates: true, samplesPerTask: 1 }), registry)).toEqual({
      repeatTemplates: 'true',
      seed: '3',
    })
  })
})

describe('suiteLabeller', () => {
  const cell = (suite?: Record<string, string>) => ({
    topology: 'chain',
    category: 'math',
    ...(suite ? { suite } : {}),
  })
  it('names a suite by the settings that differ among those of its topology and category', () => {
    const a = cell({ length: '2', seed: '1' })
    const b = cell({ length: '3', seed: '1' })
    const plain = cell()
    const label = suiteLabeller([
      a,
      b,
      plain,
      { topology: 'baseline', category: 'math', suite: { seed: '1' } },
    ])
    expect([label(a), label(b), label(plain)]).toEqual(['length 2, seed 1', 'length 3, seed 1', ''])
    const two = suiteLabeller([a, b])
    expect([two(a), two(b)]).toEqual(['length 2', 'length 3'])
    // Alone in its cell, a suite keeps the plain name.
    expect(label({ topology: 'baseline', category: 'math', suite: { seed: '1' } })).toBe('')
  })
})
