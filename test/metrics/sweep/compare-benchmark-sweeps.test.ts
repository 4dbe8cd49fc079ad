/**
 * Comparing another benchmark's sweeps: trials come from the benchmark's own `sweep.trial`, pair
 * by case id at each point and over the curve; right/wrong trials get the exact McNemar test, a
 * point that ran in A but not in B fails, and infrastructure errors never pair.
 */
import { describe, expect, it } from 'vitest'
import type { BenchmarkSweepTrial } from '../../../src/contracts/benchmark.ts'
import { mcnemarExact } from '../../../src/metrics/mcnemar.ts'
import type { SweepableBenchmark } from '../../../src/metrics/sweep/benchmark-sweeps.ts'
import { compareBenchmarkSweeps } from '../../../src/metrics/sweep/compare-benchmark-sweeps.ts'

/** A benchmark whose records are their own trials: right or wrong, no score. */
const toy: SweepableBenchmark = {
  name: 'toy',
  sweep: {
    axes: { words: { describe: 'words', check: () => null, size: (v) => v } },
    pointCases: () => [],
    trial: (record) => record as BenchmarkSweepTrial,
  },
}

const trial = (words: number, i: number, correct: boolean | null): BenchmarkSweepTrial => ({
  caseId: `w${words}#${i}`,
  category: 'echo',
  model: 'm',
  point: { words },
  seed: `0/words=${words}`,
  correct,
  promptTokens: 10 * words,
})

/** Ten cases at 2 and at 8 words, right where `right(i)` says. */
const run = (right2: (i: number) => boolean | null, right8: (i: number) => boolean | null, points = [2, 8]) =>
  points.flatMap((w) => Array.from({ length: 10 }, (_, i) => trial(w, i, (w === 2 ? right2 : right8)(i))))

describe('compareBenchmarkSweeps', () => {
  it('right/wrong trials: McNemar on the discordant pairs, per point and pooled', () => {
    const a = run(
      () => true,
      () => true,
    )
    const b = run(
      (i) => i >= 7, // 7 lost at 2 words
      (i) => i !== 0, // 1 lost at 8 words
    )
    const [curve] = compareBenchmarkSweeps(toy, a, b, 0.05)
    expect(curve!.key).toBe('toy-words/echo')
    expect(curve!.measure).toBe('correct')
    expect(curve!.points.map((p) => [p.key, p.lost, p.won, p.p, p.verdict])).toEqual([
      ['sweep:toy-words/echo@2', 7, 0, mcnemarExact(7, 0).p, 'degraded'],
      ['sweep:toy-words/echo@8', 1, 0, 1, 'not significant'],
    ])
    expect([curve!.total!.lost, curve!.total!.p]).toEqual([8, mcnemarExact(8, 0).p])
    expect(curve!.failing).toEqual(['sweep:toy-words/echo@2', 'sweep:toy-words/echo'])
  })

  it('a point missing from B fails; infrastructure errors form no pair', () => {
    const a = run(
      () => true,
      () => true,
    )
    const b = run(
      (i) => (i < 5 ? null : true),
      () => true,
      [2],
    )
    const [curve] = compareBenchmarkSweeps(toy, a, b, 0.05)
    const [at2, at8] = curve!.points
    expect([at2!.shared, at2!.nB, at2!.verdict]).toEqual([5, 5, 'not significant'])
    expect(at8!.verdict).toBe('missing')
    expect(curve!.failing).toEqual(['sweep:toy-words/echo@8'])
  })

  it('records of no sweep point give no comparison', () => {
    const plain = { ...trial(2, 0, true), seed: '0' }
    expect(compareBenchmarkSweeps(toy, [plain], [plain], 0.05)).toEqual([])
  })
})
