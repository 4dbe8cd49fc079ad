/**
 * Gate rules on Long-Transduction's cells (`transduction:<family>/<budget>.<metric>`), on real
 * records: documents generated and answered by the noisy simulator in-process, then scored. The
 * expected cell values are recomputed here from the records (mean of the documents' record
 * accuracy; share of exactly complete documents), not read from the code under test.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { generateDocument } from '../../plugins/transduction/generate-document.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../plugins/transduction/report/build-results.ts'
import { transductionInfraRecord, transductionRecord } from '../../plugins/transduction/suite/score-record.ts'
import { gateReporter } from '../../reporters/gate.ts'
import { arbigraphReporters } from '../../reporters/index.ts'
import { markdownSummaryReporter } from '../../reporters/markdown-summary.ts'
import { resolveReporterOptions } from '../../reporters/options.ts'
import type { AnyBenchmark } from '../../src/contracts/benchmark.ts'
import { evaluateGate, formatBroken, parseGate } from '../../src/metrics/gate.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { createRng } from '../../src/rng.ts'
import { noisyTransductionText } from '../../src/sim/personas/transduction.ts'
import { runCli, tempDir } from '../cli/run-cli.ts'
import { makeRecord } from './make-record.ts'

const cellsOf = [
  ['arithmetic', 'plain', '4K'],
  ['arithmetic', 'plain', '8K'],
  ['uuid-sort', 'ordered', '4K'],
] as const
const records: TransductionRecord[] = cellsOf.flatMap(([family, format, budget], c) =>
  [0, 1, 2, 3].map((sample) => {
    const doc = generateDocument({ family, format, level: 1, budget, sample }, 'gate')
    // Sample 0 answers exactly, the others through the noisy simulator (some records wrong).
    const content =
      sample === 0
        ? doc.expectedText
        : noisyTransductionText(doc.expectedText, createRng(`g${c}/${sample}`), 2)
    return transductionRecord(doc, 'sim:noisy', {
      status: 'completed',
      content,
      promptTokens: 1,
      completionTokens: 1,
      latencyMs: 1,
    })
  }),
)
const infra = transductionInfraRecord(
  {
    documentId: 'arithmetic/plain/L1/4K/s9',
    family: 'arithmetic',
    format: 'plain',
    level: 1,
    budget: '4K',
    sample: 9,
    seed: 'gate',
  },
  'HTTP 503',
  { model: 'sim:noisy', latencyMs: 0 },
)
const all = [...records, infra]
const sources = [{ bench: transduction as AnyBenchmark, records: all }]

/** The expected figures of a family/budget cell, straight from the records. */
function expected(family: string, budget: string) {
  const mine = records.filter((r) => r.family === family && r.budget === budget)
  return {
    accuracy: mine.reduce((sum, r) => sum + r.score!.accuracy, 0) / mine.length,
    exact: mine.filter((r) => r.score!.exact).length / mine.length,
  }
}

afterEach(() => vi.unstubAllEnvs())

describe('transduction: gate rules', () => {
  const a4 = expected('arithmetic', '4K')
  const a8 = expected('arithmetic', '8K')

  it('the records are real and mixed: some documents exact, some not, accuracies in (0, 1)', () => {
    expect(a4.exact).toBeGreaterThan(0)
    expect(a4.exact).toBeLessThan(1)
    expect(a4.accuracy).toBeGreaterThan(0)
    expect(a4.accuracy).toBeLessThan(1)
  })

  it('holds or breaks by threshold on accuracy (mean record accuracy) and exact (completion rate)', () => {
    const check = (text: string) => evaluateGate(parseGate(text), [], [], sources)
    expect(check(`transduction:arithmetic/4K.accuracy>=${a4.accuracy}`)).toEqual([])
    const broken = check(`transduction:arithmetic/4K.accuracy>=${Math.min(1, a4.accuracy + 0.001)}`)
    expect(broken.map((b) => [b.cell, b.actual])).toEqual([['transduction:arithmetic/4K', a4.accuracy]])
    expect(check(`transduction:arithmetic/8K.exact==${a8.exact}`)).toEqual([])
    expect(check('transduction:arithmetic/4K.exact>=0.26')).toEqual(
      a4.exact >= 0.26 ? [] : [expect.objectContaining({ actual: a4.exact })],
    )
    // The infrastructure error is left out: 4 documents, not 5, in arithmetic/4K.
    expect(a4.exact * 4).toBe(Math.round(a4.exact * 4))
    expect(formatBroken(broken[0]!)).toBe(
      `gate: rule "transduction:arithmetic/4K.accuracy>=${Math.min(1, a4.accuracy + 0.001)}" is broken: transduction:arithmetic/4K has accuracy ${Number(a4.accuracy.toFixed(4))}`,
    )
  })

  it('* patterns reach every cell, or every cell of a part', () => {
    const lowest = Math.min(...cellsOf.map(([f, , b]) => expected(f, b).exact))
    expect(evaluateGate(parseGate(`transduction:*.exact>=${lowest}`), [], [], sources)).toEqual([])
    const broken = evaluateGate(parseGate('transduction:*.exact>=1'), [], [], sources)
    expect(broken.map((b) => b.cell).sort()).toEqual(
      ['transduction:arithmetic/4K', 'transduction:arithmetic/8K', 'transduction:uuid-sort/4K'].filter(
        (cell) => {
          const [f, b] = cell.slice('transduction:'.length).split('/') as [string, string]
          return expected(f, b).exact < 1
        },
      ),
    )
    const on4K = evaluateGate(parseGate('transduction:*/4K.accuracy>=1'), [], [], sources)
    expect(on4K.every((b) => b.cell!.endsWith('/4K'))).toBe(true)
    expect(on4K.length).toBeGreaterThan(0)
    // A cell that did not run breaks the rule rather than passing it.
    expect(formatBroken(evaluateGate(parseGate('transduction:table/4K.exact>=0'), [], [], sources)[0]!)).toBe(
      'gate: rule "transduction:table/4K.exact>=0" is broken: no cell matches it (did that cell run?)',
    )
  })

  it('refuses an unknown metric, an unknown benchmark, a bad cell and a percentage, naming them', () => {
    expect(() => evaluateGate(parseGate('transduction:*.ci_low>=0.5'), [], [], sources)).toThrow(
      'gate rule "transduction:*.ci_low>=0.5": transduction has no gate metric "ci_low" (metrics: accuracy, exact)',
    )
    expect(() => evaluateGate(parseGate('nosuch:*.exact>=0.5'), [], [], sources)).toThrow(
      'no registered benchmark "nosuch" has gate cells (benchmarks with gate cells: transduction)',
    )
    expect(() => parseGate('transduction:arithmetic//4K.exact>=0.5')).toThrow(/bad cell/)
    expect(() => parseGate('transduction:*.exact>=10')).toThrow(
      'exact is a rate in [0, 1]; write 0.1 for 10%',
    )
  })

  it('ARBIGRAPH_GATE at the end of a run reads the Long-Transduction tests of the run', () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    const tests = all.map(
      (record) =>
        ({
          options: { mode: 'run' },
          name: record.documentId,
          fullName: record.documentId,
          module: { moduleId: '/p/suites/lt.eval.ts', relativeModuleId: 'x' },
          result: () => ({ state: 'passed', errors: [] }),
          meta: () => ({ arbigraphBenchmark: 'transduction', arbigraph: record }),
        }) as unknown as TestCase,
    )
    const modules = [{ children: { allTests: () => tests } }] as unknown as TestModule[]
    const gate = (rules: string) => {
      const lines: string[] = []
      const reporter = gateReporter(parseGate(rules), [transduction as AnyBenchmark])
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
    expect(gate(`transduction:arithmetic/8K.accuracy>=${a8.accuracy}`)).toEqual({
      lines: ['gate: all 1 rule(s) hold'],
      failed: false,
    })
    expect(gate('transduction:arithmetic/8K.accuracy>=1')).toEqual({
      lines: [
        `gate: rule "transduction:arithmetic/8K.accuracy>=1" is broken: transduction:arithmetic/8K has accuracy ${Number(a8.accuracy.toFixed(4))}`,
        'gate: 1 broken — exit code 1',
      ],
      failed: true,
    })
  })

  it('a rule on an unknown metric is refused when the reporters are set up, before any test runs', () => {
    const options = resolveReporterOptions({ gate: 'transduction:*.recall>=0.5' }, {})
    expect(() => arbigraphReporters(options, [transduction as AnyBenchmark])).toThrow(
      'transduction has no gate metric "recall"',
    )
    // Under the sequential gate too: transduction's cells stream there, an unknown metric is still refused.
    const sequential = { reporting: {}, close: async () => {} } as unknown as Parameters<
      typeof arbigraphReporters
    >[2]
    expect(() => arbigraphReporters(options, [transduction as AnyBenchmark], sequential)).toThrow(
      'transduction has no gate metric "recall"',
    )
  })
})

describe('arbigraph report out/transduction.json --gate', () => {
  const dir = tempDir()
  const run = {
    started: '2026-01-01T00:00:00.000Z',
    finished: '2026-01-01T00:01:00.000Z',
    reason: 'passed' as const,
    shard: null,
    merged: false,
    env: {},
  }
  writeFileSync(join(dir, 'lt.json'), JSON.stringify(buildTransductionResults(all, run, 'test')))
  const a4 = expected('arithmetic', '4K')

  it('checks transduction: rules on the file, exit 0 or 1 by threshold', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    const ok = await runCli(
      ['report', 'lt.json', '--gate', `transduction:arithmetic/4K.exact>=${a4.exact}`],
      dir,
    )
    expect([ok.code, ok.out.split('\n').at(-1)]).toEqual([0, 'gate: all 1 rule(s) hold'])
    const bad = await runCli(['report', 'lt.json', '--gate', 'transduction:*.accuracy>=1'], dir)
    expect(bad.code).toBe(1)
    expect(bad.err).toContain(
      `gate: rule "transduction:*.accuracy>=1" is broken: transduction:arithmetic/4K has accuracy ${Number(a4.accuracy.toFixed(4))}`,
    )
  })

  it('an unknown metric is a configuration error before any output; ArbiGraph cell rules stay refused', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    const unknown = await runCli(['report', 'lt.json', '--gate', 'transduction:*.recall>=0.5'], dir)
    expect(unknown.code).not.toBe(0)
    expect(unknown.out).toBe('')
    expect(unknown.err).toContain('transduction has no gate metric "recall" (metrics: accuracy, exact)')
    // On ArbiGraph's results file such a rule has nothing to read: refused, never skipped as holding.
    writeFileSync(
      join(dir, 'results.json'),
      JSON.stringify(buildResults([makeRecord()], { ...run, reason: 'passed' }, 'test')),
    )
    const own = await runCli(['report', 'results.json', '--gate', 'transduction:*.exact>=0'], dir)
    expect(own.code).toBe(2)
    expect(own.err).toContain(
      '--gate rule "transduction:*.exact>=0" reads transduction\'s cells, and "results.json" holds ArbiGraph results',
    )
    const arbigraph = await runCli(['report', 'lt.json', '--gate', 'chain/math.accuracy>=0.5'], dir)
    expect(arbigraph.code).toBe(2)
    expect(arbigraph.err).toContain('takes sweep: and transduction: rules')
  })
})

describe('the Markdown summary of ArbiGraph cells', () => {
  it('neither lists a transduction: rule as holding nor judges it (the gate reporter does)', async () => {
    vi.stubEnv('ARBIGRAPH_ALLOW_SIMULATED', '1')
    const record = makeRecord({ model: 'sim:noisy' })
    const test = {
      options: { mode: 'run' },
      name: 'c',
      fullName: 'c',
      module: { moduleId: '/p/suites/chain.eval.ts', relativeModuleId: 'x' },
      result: () => ({ state: 'passed', errors: [] }),
      meta: () => ({ arbigraph: record }),
    } as unknown as TestCase
    const modules = [{ children: { allTests: () => [test] } }] as unknown as TestModule[]
    const path = join(tempDir(), 'summary.md')
    const reporter = markdownSummaryReporter({ path, gate: parseGate('*.n>=1,transduction:*.exact>=1') })
    await reporter.onTestRunEnd?.(modules, [], 'passed')
    const text = readFileSync(path, 'utf8')
    expect(text).toContain('**Gate holds** (`*.n>=1`).')
    expect(text).not.toContain('transduction:')
  })
})
