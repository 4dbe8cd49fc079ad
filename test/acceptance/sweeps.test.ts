/**
 * Sweep acceptance: sweeps generated as defineSweep generates them and answered by the built-in
 * simulator through the real tool agent. sim:oracle is right at every point, so its breaking point
 * is beyond the range; sim:noisy, whose errors grow with prompt length and depth, falls along the
 * chain and breaks inside 1…32 with a finite interval. The results file (with its schema'd sweep
 * section), `arbigraph report` and `arbigraph compare` are checked on those runs.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { summarizeSweeps } from '../../src/metrics/sweep/summarize-sweeps.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { runCli, tempDir } from '../cli/run-cli.ts'
import { fixedRun as run, sweepRun } from '../sweep/sweep-run.ts'

const chain = (values: number[], targets?: string[]) => ({
  topology: 'chain',
  category: 'math',
  vary: { length: values },
  samplesPerTask: 1,
  repeatTemplates: true,
  ...(targets ? { targets } : {}),
})

describe('sweeps on the simulator', () => {
  let oracle: CaseRecord[]
  let noisy: CaseRecord[]
  beforeAll(async () => {
    // The oracle runs the whole 1 → 64 range on a few targets; the noisy curve every math target to 32.
    oracle = await sweepRun(
      'sim:oracle',
      chain([1, 2, 4, 8, 16, 32, 64], ['Convolution', 'DivisorSum', 'NTT']),
    )
    noisy = await sweepRun('sim:noisy', chain([1, 2, 4, 8, 16, 32]))
  })

  it('sim:oracle: every point 100% (the 64-task chain included), breaking point beyond the range', () => {
    const [curve] = summarizeSweeps(oracle)
    expect(curve!.points.map((p) => p.size)).toEqual([1, 2, 4, 8, 16, 32, 64])
    for (const p of curve!.points) expect([p.n, p.correct, p.infraErrors]).toEqual([3, 3, 0])
    expect(curve!.fit!.breakingPoint).toEqual({ status: 'beyond' })
    expect(curve!.fit!.breakingPointCi).toEqual([null, null])
  })

  it('sim:noisy on chain length 1…32: accuracy falls within noise, breaking point inside with a finite interval', () => {
    const [curve] = summarizeSweeps(noisy)
    const points = curve!.points
    expect(points.every((p) => p.n === 40 && p.infraErrors === 0)).toBe(true)
    // Monotone within noise: no point above the previous point's Wilson upper bound…
    for (let i = 1; i < points.length; i++)
      expect(points[i]!.accuracy).toBeLessThanOrEqual(points[i - 1]!.ciHigh)
    // …and a real fall: the bands of the first and last points do not overlap.
    expect(points.at(-1)!.ciHigh).toBeLessThan(points[0]!.ciLow)
    // Longer chains send longer prompts.
    for (let i = 1; i < points.length; i++)
      expect(points[i]!.promptTokensMean).toBeGreaterThan(points[i - 1]!.promptTokensMean)
    const fit = curve!.fit!
    expect(fit.breakingPoint.status).toBe('inside')
    const size = (fit.breakingPoint as { size: number }).size
    const [low, high] = fit.breakingPointCi as [number, number]
    expect(low).toBeGreaterThanOrEqual(1)
    expect(high).toBeLessThanOrEqual(32)
    expect(low).toBeLessThan(size)
    expect(high).toBeGreaterThan(size)
    expect(fit.slopeCi[1]!).toBeLessThan(0)
  })

  it('a 1,000-node random DAG point generates and runs through the simulator', async () => {
    const records = await sweepRun('sim:oracle', {
      topology: 'random',
      category: 'math',
      vary: { nodes: [8, 1000] },
      samplesPerTask: 1,
      targets: ['Convolution'],
    })
    expect(records.map((r) => [r.sweep!.size, r.grade?.correct, r.infraError])).toEqual([
      [8, true, null],
      [1000, true, null],
    ])
  })

  it('the results file carries the curves; report prints them and compare fails on the dropped points', async () => {
    const cwd = tempDir()
    for (const [name, records] of [
      ['oracle', oracle.filter((r) => r.sweep!.value <= 32)],
      ['noisy', noisy],
    ] as const) {
      const results = buildResults(records, run, 'test')
      writeFileSync(join(cwd, `${name}.json`), JSON.stringify(results))
    }
    const noisyResults = decodeResults(JSON.stringify(buildResults(noisy, run, 'test')), 'noisy.json')
    expect(noisyResults.sweeps![0]!.key).toBe('chain-length/math')
    const report = await runCli(['report', 'noisy.json'], cwd)
    expect(report.code).toBe(0)
    expect(report.out).toMatch(/sweep chain-length\/math · chain length · sim:noisy/)
    expect(report.out).toMatch(/breaking point at size [\d.]+ \(95% CI [\d.]+–[\d.]+\)/)
    const markdown = await runCli(['report', 'noisy.json', '--markdown'], cwd)
    expect(markdown.out).toMatch(/^### sweep chain-length\/math/m)
    // Run the oracle's three targets against the noisy run: shared trials are those three tasks.
    const compare = await runCli(['compare', 'oracle.json', 'noisy.json'], cwd)
    expect(compare.out).toMatch(/breaking point: A beyond the range, B [\d.]+/)
    expect(compare.code).toBe(0) // 3 shared cases a point cannot reach p < 0.05
    // Against the same cases all answered right, the long points' drop is significant: exit 1.
    const right = noisy.map((r) => ({ ...r, model: 'right', grade: { ...r.grade!, correct: true } }))
    writeFileSync(join(cwd, 'right.json'), JSON.stringify(buildResults(right, run, 'test')))
    const dropped = await runCli(['compare', 'right.json', 'noisy.json'], cwd)
    expect(dropped.code).toBe(1)
    expect(dropped.err).toMatch(
      /compare: sweep:chain-length\/math@32 dropped 100\.0% → [\d.]+% \(lost \d+, won 0, p = /,
    )
    expect(dropped.err).not.toContain('@1 dropped')
    const self = await runCli(['compare', 'noisy.json', 'noisy.json'], cwd)
    expect(self.code).toBe(0)
    expect(self.out).toContain('B − A +0.0')
  })
})
