/**
 * End-to-end: the shipped Long-Transduction budget sweep (suites/sweeps/transduction-budget.eval.ts)
 * run as a user runs it, against sim:oracle. It prints its cost before running, runs one point per
 * budget (the level held fixed), and the benchmark's reporter adds the curve to its terminal table,
 * Markdown summary and results file: every point exact, the breaking point beyond the range.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { decodeTransductionResults } from '../../plugins/transduction/results.ts'
import { runSuites } from './vitest-child.ts'

it('the budget sweep runs 4K → 16K and reports its curve', { timeout: 240_000 }, async () => {
  const run = await runSuites(['suites/sweeps/transduction-budget.eval.ts'], { ARBIGRAPH_SIM: 'sim:oracle' })
  expect(run.code, run.output).toBe(0)
  const { records, sweeps } = decodeTransductionResults(
    readFileSync(join(run.dir, 'transduction.json'), 'utf8'),
    'transduction.json',
  )
  // Results order is by document id, so 16K sorts before 4K.
  expect(records.map((r) => [r.budget, r.level, r.format, r.score?.exact]).sort()).toEqual(
    ['16K', '4K', '8K'].flatMap((budget) => [
      [budget, 1, 'plain', true],
      [budget, 1, 'plain', true],
    ]),
  )
  // The results file carries the curve (schema'd), as ArbiGraph's carries its sweeps.
  expect(
    sweeps!.map((c) => [c.key, c.points.map((p) => [p.size, p.n, p.correct]), c.fit?.breakingPoint]),
  ).toEqual([
    [
      'transduction-budget/arithmetic/plain',
      [
        [4000, 2, 2],
        [8000, 2, 2],
        [16000, 2, 2],
      ],
      { status: 'beyond' },
    ],
  ])
  expect(run.output).toContain('arbigraph: sweep transduction-budget — cost before running')
  expect(run.output).toMatch(
    /sweep transduction-budget\/arithmetic\/plain · transduction budget · sim:oracle/,
  )
  expect(run.output).toMatch(/16000\s+16000\s+2\s+100\.0%/)
  expect(run.output).toContain('breaking point beyond the largest size swept (16000)')
  expect(readFileSync(join(run.dir, 'transduction.md'), 'utf8')).toContain(
    '### sweep transduction-budget/arithmetic/plain · transduction budget · sim:oracle',
  )
  expect(existsSync(join(run.dir, 'results.json'))).toBe(false)
  // The document view has each sweep document's prompt and output, stored as a suite's are.
  for (const record of records) {
    const [file, line] = record.detailRef!.split('#')
    const stored = readFileSync(resolve(run.dir, 'cases', file!), 'utf8').split('\n')[Number(line) - 1]!
    expect(JSON.parse(stored)).toMatchObject({ id: record.documentId })
  }
})
