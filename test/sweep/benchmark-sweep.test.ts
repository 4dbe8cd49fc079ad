/**
 * The benchmark form of a sweep on Long-Transduction: a budget sweep (4K → 16K tokens) and a
 * difficulty sweep (levels 0–3 by ordinal), their points seeded alone, run through the real
 * single-shot harness against the built-in simulator; the records give one curve per family and
 * format with its fit, through the same curve code as a topology sweep; and every option error
 * names its culprit.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { benchmarkSweepCurves } from '../../src/metrics/sweep/benchmark-sweeps.ts'
import { formatSweepTable } from '../../src/report/format-sweep.ts'
import type { PersonaName } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { parseBenchmarkSweep } from '../../src/sweep/benchmark-sweep-spec.ts'
import { benchmarkSweepCases } from '../../src/vitest/define-sweep.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'

const env = { samples: undefined, epochs: 1, seed: undefined }
const bench = transduction as AnyBenchmark

const budgetSweep = parseBenchmarkSweep({
  benchmark: 'transduction',
  options: { family: 'arithmetic', formats: ['plain', 'ordered'], levels: [1], samples: 3 },
  vary: { budget: [4000, 8000, 16000] },
})

/** Runs a sweep's cases (or a suite's) through the single-shot harness against a fresh simulator. */
async function run(
  persona: Extract<PersonaName, 'sim:oracle' | 'sim:noisy'>,
  sweep = budgetSweep,
  suite?: Awaited<ReturnType<AnyBenchmark['cases']>>,
) {
  const cases = suite ?? (await benchmarkSweepCases(bench, sweep, env)).cases
  const sim = await startSimServer({ persona, noise: 1, seed: 0 })
  sim.register(bench.simCases!(cases))
  try {
    const context = {
      endpoint: sim.url,
      model: sim.model,
      apiKey: 'arbigraph',
      signal: new AbortController().signal,
      log: () => {},
    }
    return await Promise.all(cases.map((c) => runBenchmarkCase(bench, c, singleShot(), context)))
  } finally {
    await sim.close()
  }
}

describe('a Long-Transduction budget sweep', () => {
  let oracle: unknown[]
  let noisy: unknown[]
  beforeAll(async () => {
    oracle = await run('sim:oracle')
    noisy = await run('sim:noisy')
  })

  it('has one point per budget, sized in tokens, each generated from its own seed', async () => {
    const { cases, costs } = await benchmarkSweepCases(bench, budgetSweep, env)
    expect(costs.map((c) => [c.point.value, c.point.size, c.cases])).toEqual([
      [4000, 4000, 6],
      [8000, 8000, 6],
      [16000, 16000, 6],
    ])
    expect(costs[2]!.promptTokens).toBeGreaterThan(costs[0]!.promptTokens * 3)
    expect(cases[0]!.name).toBe('budget=4000 arithmetic ordered L1 4K #0')
    // A point alone (the 8K budget swept by itself) gives the same documents.
    const alone = await benchmarkSweepCases(bench, { ...budgetSweep, vary: { budget: [8000, 16000] } }, env)
    const prompts = (list: typeof cases) =>
      list.filter((c) => c.name.startsWith('budget=8000')).map((c) => (c.input as { prompt: string }).prompt)
    expect(prompts(alone.cases)).toEqual(prompts(cases))
    // ARBIGRAPH_SEED gives a new base seed, hence other documents.
    const reseeded = await benchmarkSweepCases(bench, budgetSweep, { ...env, seed: '7' })
    expect(prompts(reseeded.cases)).not.toEqual(prompts(cases))
  })

  it('sim:oracle: one curve per family and format, every point exact, breaking point beyond the range', () => {
    const curves = benchmarkSweepCurves(bench, oracle, { replicates: 100 })
    expect(curves.map((c) => c.key)).toEqual([
      'transduction-budget/arithmetic/ordered',
      'transduction-budget/arithmetic/plain',
    ])
    for (const curve of curves) {
      expect(curve.topology).toBe('transduction')
      expect(curve.axis).toBe('budget')
      expect(curve.points.map((p) => [p.size, p.n, p.correct])).toEqual([
        [4000, 3, 3],
        [8000, 3, 3],
        [16000, 3, 3],
      ])
      expect(curve.fit!.breakingPoint).toEqual({ status: 'beyond' })
    }
  })

  it('sim:noisy: the curve counts exact completions, with the terminal table of any sweep', () => {
    const exact = (budget: string) =>
      (noisy as { budget: string; format: string; score: { exact: boolean } | null }[]).filter(
        (r) => r.budget === budget && r.format === 'plain' && r.score?.exact,
      ).length
    const [, plain] = benchmarkSweepCurves(bench, noisy, { replicates: 100 })
    expect(plain!.points.map((p) => p.correct)).toEqual([exact('4K'), exact('8K'), exact('16K')])
    expect(formatSweepTable([plain!])).toContain(
      'sweep transduction-budget/arithmetic/plain · transduction budget',
    )
  })
})

describe('a Long-Transduction difficulty sweep', () => {
  it('has one point per level, sized by ordinal + 1, at one budget', async () => {
    const sweep = parseBenchmarkSweep({
      benchmark: 'transduction',
      options: { family: 'variable-lookup', formats: ['plain'], budgets: ['4K'] },
      vary: { level: [0, 1, 2, 3] },
    })
    const records = await run('sim:oracle', sweep)
    const [curve] = benchmarkSweepCurves(bench, records, { replicates: 0 })
    expect(curve!.key).toBe('transduction-level/variable-lookup/plain')
    expect(curve!.points.map((p) => [p.value, p.size, p.n])).toEqual([
      [0, 1, 1],
      [1, 2, 1],
      [2, 3, 1],
      [3, 4, 1],
    ])
  })

  it('an ordinary suite gets no curve, even one that varies a single axis', async () => {
    const suite = await bench.cases({
      family: 'arithmetic',
      formats: ['plain'],
      budgets: ['4K'],
      levels: [0, 2],
      samples: 1,
      seed: '0',
    })
    const plain = await run('sim:oracle', budgetSweep, suite)
    expect(new Set(plain.map((r) => (r as { level: number }).level))).toEqual(new Set([0, 2]))
    expect(benchmarkSweepCurves(bench, plain)).toEqual([])
    // …while a budget sweep and a level sweep in one run give a curve each.
    const levels = await run(
      'sim:oracle',
      parseBenchmarkSweep({
        benchmark: 'transduction',
        options: { family: 'arithmetic', formats: ['plain'], budgets: ['4K'] },
        vary: { level: [0, 2] },
      }),
    )
    const budgets = await run('sim:oracle')
    const curves = benchmarkSweepCurves(bench, [...plain, ...levels, ...budgets], { replicates: 0 })
    expect(curves.map((c) => [c.key, c.points.map((p) => p.n)])).toEqual([
      ['transduction-budget/arithmetic/ordered', [3, 3, 3]],
      ['transduction-budget/arithmetic/plain', [3, 3, 3]],
      ['transduction-level/arithmetic/plain', [1, 1]],
    ])
  })
})

describe('benchmark sweep options are checked, naming the culprit', () => {
  const base = { benchmark: 'transduction', options: { family: 'arithmetic', levels: [1] } }
  it.each([
    [
      { ...base, vary: { budget: [4000, 5000] } },
      'defineSweep(transduction): vary.budget: 5000 is no budget; expected one of 4000, 8000, 16000, 32000, 64000, 128000 (tokens)',
    ],
    [
      { ...base, vary: { level: [0, 4] } },
      'defineSweep(transduction): vary.level: 4 is no level; expected 0, 1, 2 or 3',
    ],
    [
      { ...base, vary: { formats: [1, 2] } },
      'defineSweep(transduction): vary: "formats" is not a sweep axis of transduction (axes: budget, the budget in tokens',
    ],
    [
      { ...base, options: { family: 'poetry' }, vary: { budget: [4000, 8000] } },
      'defineSweep(transduction): options: family: ',
    ],
  ])('%o', async (options, message) => {
    await expect(benchmarkSweepCases(bench, parseBenchmarkSweep(options), env)).rejects.toThrow(message)
  })

  it('a budget sweep needs one level, a level sweep one budget', async () => {
    const sweep = parseBenchmarkSweep({
      benchmark: 'transduction',
      options: { family: 'arithmetic' },
      vary: { budget: [4000, 8000] },
    })
    await expect(benchmarkSweepCases(bench, sweep, env)).rejects.toThrow(
      'defineSweep(transduction): a budget sweep holds the levels fixed: give options.levels one value (e.g. levels: [1]), got the default',
    )
    const levels = parseBenchmarkSweep({
      benchmark: 'transduction',
      options: { family: 'arithmetic', budgets: ['4K', '8K'] },
      vary: { level: [0, 1] },
    })
    await expect(benchmarkSweepCases(bench, levels, env)).rejects.toThrow(
      'a level sweep holds the budgets fixed: give options.budgets one value (e.g. budgets: [\'8K\']), got ["4K","8K"]',
    )
  })

  it('the form’s own fields', () => {
    expect(() => parseBenchmarkSweep({ benchmark: 'transduction', vary: { budget: [4000] } })).toThrow(
      'defineSweep: vary.budget: a sweep needs at least 2 values',
    )
    expect(() =>
      parseBenchmarkSweep({ benchmark: 'transduction', vary: { budget: [4000, 8000] }, name: 'x' } as never),
    ).toThrow('defineSweep: Unrecognized key: "name"')
  })
})
