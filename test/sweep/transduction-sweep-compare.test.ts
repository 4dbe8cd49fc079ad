/**
 * A Long-Transduction sweep is compared and gated like ArbiGraph's. The sweep of
 * suites/sweeps/transduction-budget.eval.ts (arithmetic, plain, level 1, budgets 4K → 16K) at five
 * documents a point (ARBIGRAPH_LT_SAMPLES=5, the suite's `full` count) runs in-process through the
 * real single-shot harness against sim:noisy at ARBIGRAPH_SIM_NOISE 1 and 2; the two results
 * files are written by the benchmark's own `files.build`, as a run writes them, and read back by
 * `arbigraph report` and `arbigraph compare` in-process. sim:noisy never completes a document
 * exactly here, so the curve has no signal, which the reports say instead of fitting one.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { summarizeTransduction } from '../../plugins/transduction/metrics/summarize-transduction.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { gateReporter } from '../../reporters/gate.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { singleShot } from '../../src/harness/single-shot.ts'
import { evaluateGate, formatBroken, parseGate } from '../../src/metrics/gate.ts'
import { benchmarkSweepCurves } from '../../src/metrics/sweep/benchmark-sweeps.ts'
import { compareBenchmarkSweeps } from '../../src/metrics/sweep/compare-benchmark-sweeps.ts'
import { describeFit, formatSweepMarkdown, formatSweepTable } from '../../src/report/format-sweep.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { parseBenchmarkSweep } from '../../src/sweep/benchmark-sweep-spec.ts'
import { benchmarkSweepCases } from '../../src/vitest/define-sweep.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { runCli, tempDir } from '../cli/run-cli.ts'

const bench = transduction as AnyBenchmark

// suites/sweeps/transduction-budget.eval.ts at its small budgets, five documents a point.
const sweep = parseBenchmarkSweep({
  benchmark: 'transduction',
  options: { family: 'arithmetic', formats: ['plain'], levels: [1], samples: 5 },
  vary: { budget: [4000, 8000, 16000] },
})

const run = {
  started: '2026-12-06T00:00:00.000Z',
  finished: '2026-12-06T00:01:00.000Z',
  reason: 'passed' as const,
  shard: null,
  merged: false,
  env: {},
}

const { cases } = await benchmarkSweepCases(bench, sweep, { samples: undefined, epochs: 1, seed: undefined })

/** The sweep's records, answered by sim:noisy at `noise`. */
async function sweepRecords(noise: number): Promise<unknown[]> {
  const sim = await startSimServer({ persona: 'sim:noisy', noise, seed: 0 })
  sim.register(bench.simCases!(cases))
  try {
    const context = {
      endpoint: sim.url,
      model: sim.model,
      apiKey: 'arbigraph',
      signal: new AbortController().signal,
      log: () => {},
    }
    const records = []
    for (const c of cases) records.push(await runBenchmarkCase(bench, c, singleShot(), context))
    return records
  } finally {
    await sim.close()
  }
}

const dir = tempDir()
let noise1: unknown[]
let noise2: unknown[]

beforeAll(async () => {
  noise1 = await sweepRecords(1)
  noise2 = await sweepRecords(2)
  for (const [name, records] of [
    ['noise1.json', noise1],
    ['noise2.json', noise2],
  ] as const)
    writeFileSync(join(dir, name), JSON.stringify(bench.files!.build(records, run, 'test')))
}, 60_000)

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('arbigraph compare on two Long-Transduction sweeps', () => {
  it('pairs documents by id at each point and over the curve, and exits 1 on the significant drop', async () => {
    const result = await runCli(['compare', 'noise1.json', 'noise2.json'], dir)
    const lines = result.out.split('\n')
    expect(lines.slice(0, 2)).toEqual(['A: noise1.json (sim:noisy)', 'B: noise2.json (sim:noisy)'])
    expect(result.out).toContain('sweep transduction-budget/arithmetic/plain\ncompared on the per-case score')
    // One row per budget, each on the five documents both runs graded, then all fifteen pooled.
    const rows = lines.filter((l) => /^\s*(4000|8000|16000|all)\s/.test(l))
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(['4000', '8000', '16000', 'all'])
    expect(rows.slice(0, 3).map((l) => l.trim().split(/\s+/)[5])).toEqual(['5', '5', '5'])
    expect(rows[3]!.trim().split(/\s+/)[5]).toBe('15')
    expect(rows[3]).toMatch(/degraded$/)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(
      /^compare: sweep:transduction-budget\/arithmetic\/plain dropped \d+\.\d% → \d+\.\d% \(lost \d+, won \d+, p = 0\.0\d+\)$/m,
    )
    expect(result.err).toContain('sweep point(s) regressed — exit code 1')
  })

  it('the figures are the paired per-document accuracies of the records', () => {
    const [curve] = compareBenchmarkSweeps(bench, noise1, noise2, 0.05)
    type R = { documentId: string; budget: string; score: { accuracy: number } }
    const at = (records: unknown[], budget: string) =>
      new Map(
        (records as R[]).filter((r) => r.budget === budget).map((r) => [r.documentId, r.score.accuracy]),
      )
    for (const [point, budget] of curve!.points.map((p, i) => [p, ['4K', '8K', '16K'][i]!] as const)) {
      const a = at(noise1, budget)
      const b = at(noise2, budget)
      const diffs = [...a].map(([id, x]) => b.get(id)! - x)
      expect(point.shared).toBe(5)
      expect(point.lost).toBe(diffs.filter((d) => d < 0).length)
      expect(point.won).toBe(diffs.filter((d) => d > 0).length)
      expect(point.accuracyA).toBeCloseTo([...a.values()].reduce((s, x) => s + x, 0) / 5, 12)
      // Five pairs give at least 2/32 under the sign-flip test: no single point can be significant.
      expect(point.p).toBeGreaterThanOrEqual(2 / 32)
    }
    expect(curve!.total!.p).toBeLessThan(0.05)
    expect(curve!.failing).toEqual(['sweep:transduction-budget/arithmetic/plain'])
  })

  it('a run compared with itself passes; files of two benchmarks or without a sweep are usage errors', async () => {
    const same = await runCli(['compare', 'noise1.json', 'noise1.json'], dir)
    expect(same.code).toBe(0)
    expect(same.out).toContain('compare: no sweep point dropped significantly')
    // A document of no sweep point: an ordinary suite's seed.
    const ordinary = { ...(noise1[0] as object), seed: '0' }
    const plain = bench.files!.build([ordinary], run, 'test')
    writeFileSync(join(dir, 'plain.json'), JSON.stringify(plain))
    const none = await runCli(['compare', 'plain.json', 'plain.json'], dir)
    expect(none.code).toBe(2)
    expect(none.err).toContain('"plain.json" and "plain.json" hold no transduction sweep')
  })
})

describe('sweep: gate rules on a Long-Transduction sweep', () => {
  it('pass and fail as their thresholds say (report --gate)', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    // 0 of 5 exact at 8K: the Wilson upper bound is 43.4%.
    const holds = await runCli(
      [
        'report',
        'noise1.json',
        '--gate',
        'sweep:transduction-budget@8000.ci_high>=0.4,sweep:transduction-budget@8000.n>=5',
      ],
      dir,
    )
    expect(holds.code).toBe(0)
    expect(holds.out).toContain('gate: all 2 rule(s) hold')
    const broken = await runCli(
      ['report', 'noise1.json', '--gate', 'sweep:transduction-budget@8000.ci_high>=0.5'],
      dir,
    )
    expect(broken.code).toBe(1)
    expect(broken.err).toBe(
      'gate: rule "sweep:transduction-budget@8000.ci_high>=0.5" is broken: sweep:transduction-budget/arithmetic/plain@8000 has ci_high 0.4345',
    )
  })

  it('score rules read the record accuracy the budget table prints, where exact completion is 0', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    const [curve] = benchmarkSweepCurves(bench, noise1)
    const byBudget = summarizeTransduction(noise1 as TransductionRecord[]).byBudget
    expect(curve!.points.map((p) => p.scoreMean)).toEqual(byBudget.map((l) => l.accuracy))
    const at4K = byBudget[0]!.accuracy // 0.584
    const holds = await runCli(
      ['report', 'noise1.json', '--gate', 'sweep:transduction-budget@4000.score>=0.5'],
      dir,
    )
    expect(holds.code).toBe(0)
    const broken = await runCli(
      ['report', 'noise1.json', '--gate', 'sweep:transduction-budget@4000.score>=0.6'],
      dir,
    )
    expect(broken.code).toBe(1)
    expect(broken.err).toBe(
      `gate: rule "sweep:transduction-budget@4000.score>=0.6" is broken: sweep:transduction-budget/arithmetic/plain@4000 has score ${Number(at4K.toFixed(4))}`,
    )
  })

  it('a curve without signal has no breaking point to pass a rule on', () => {
    const curves = benchmarkSweepCurves(bench, noise1)
    const [broken] = evaluateGate(parseGate('sweep:transduction-budget.breaking_point>=4000'), [], curves)
    expect(formatBroken(broken!)).toBe(
      'gate: rule "sweep:transduction-budget.breaking_point>=4000" is broken: sweep:transduction-budget/arithmetic/plain has breaking_point no value',
    )
  })

  it("ARBIGRAPH_GATE at the end of a run reads the sweep of the run's Long-Transduction tests", () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    // The run's tests as Vitest hands them to reporters: each carries its benchmark and record.
    const tests = cases.map(
      (c, i) =>
        ({
          options: { mode: 'run' },
          name: c.name,
          fullName: c.name,
          module: { moduleId: '/p/suites/sweeps/transduction-budget.eval.ts', relativeModuleId: 'x' },
          result: () => ({ state: 'passed', errors: [] }),
          meta: () => ({
            arbigraphBenchmark: 'transduction',
            arbigraphCase: c.identity,
            arbigraph: noise1[i],
          }),
        }) as unknown as TestCase,
    )
    const modules = [{ children: { allTests: () => tests } }] as unknown as TestModule[]
    const gate = (rules: string) => {
      const lines: string[] = []
      const reporter = gateReporter(parseGate(rules), [bench])
      const logger = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) }
      reporter.onInit?.({ config: {}, logger } as unknown as Vitest)
      const exitCode = process.exitCode
      try {
        reporter.onTestRunEnd?.(modules, [], 'passed')
        return { lines, failed: process.exitCode === 1 }
      } finally {
        process.exitCode = exitCode
      }
    }
    expect(gate('sweep:transduction-budget@16000.ci_high>=0.4')).toEqual({
      lines: ['gate: all 1 rule(s) hold'],
      failed: false,
    })
    expect(gate('sweep:transduction-budget@16000.ci_high>=0.5')).toEqual({
      lines: [
        'gate: rule "sweep:transduction-budget@16000.ci_high>=0.5" is broken: sweep:transduction-budget/arithmetic/plain@16000 has ci_high 0.4345',
        'gate: 1 broken — exit code 1',
      ],
      failed: true,
    })
  })

  it('refuses simulated results unless allowed, and cell rules on a transduction file', async () => {
    const refused = await runCli(
      ['report', 'noise1.json', '--gate', 'sweep:transduction-budget@8000.n>=1'],
      dir,
    )
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('gate: refused — these results are SIMULATED')
    const cell = await runCli(['report', 'noise1.json', '--gate', '*.accuracy>=0.5'], dir)
    expect(cell.code).toBe(2)
    expect(cell.err).toContain(
      '--gate on a transduction results file takes sweep: and transduction: rules; "*.accuracy>=0.5" reads ArbiGraph\'s cells (e.g. write "transduction:*.accuracy>=0.5")',
    )
  })
})

describe('a sweep whose smallest point is (near) zero', () => {
  it('says "no signal" with the accuracy there, in text, Markdown and the fit sentence, and fits no curve', async () => {
    const [curve] = benchmarkSweepCurves(bench, noise1)
    expect(curve!.points.map((p) => p.correct)).toEqual([0, 0, 0])
    expect(curve!.fit).toBeNull()
    const sentence = 'no signal: accuracy at the smallest size is 0.0% (0/5 at size 4000), no curve fitted'
    expect(describeFit(curve!)).toBe(sentence)
    expect(formatSweepTable([curve!])).toContain(`\n${sentence}`)
    expect(formatSweepMarkdown([curve!])).toContain(`\n${sentence}\n`)
    const report = await runCli(['report', 'noise1.json'], dir)
    expect(report.out).toContain(sentence)
    expect(report.out).not.toMatch(/never fell|slope/)
    const markdown = await runCli(['report', 'noise1.json', '--markdown'], dir)
    expect(markdown.out).toContain(`### sweep transduction-budget/arithmetic/plain`)
    expect(markdown.out).toContain(sentence)
  })
})
