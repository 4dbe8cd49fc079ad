/**
 * The progress reporter on the cases of every kind of benchmark: ArbiGraph's, Long-Transduction's
 * and a user's own (the toy echo benchmark of test/fixtures/toy-benchmark/). Records are made by
 * the one case runner from each benchmark's real cases, answered by a scripted harness (right,
 * wrong, or a dead endpoint); the tests carry them as Vitest's finished tests do, and a fake
 * clock drives the 10 s throttle.
 */
import { describe, expect, it } from 'vitest'
import type { TestCase, TestModule } from 'vitest/node'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { progressReporter } from '../../reporters/progress.ts'
import { defaultProgressCells } from '../../reporters/running-cells.ts'
import { arbigraphBenchmark } from '../../src/arbigraph-benchmark.ts'
import type { AnyBenchmark, BenchmarkCase } from '../../src/contracts/benchmark.ts'
import { parseBenchmarkOptions } from '../../src/contracts/benchmark.ts'
import { defineHarness, type HarnessCase } from '../../src/contracts/harness.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { reportedTranscript } from '../../src/harness/reported-transcript.ts'
import { SINGLE_SHOT_OUTPUT } from '../../src/harness/single-shot.ts'
import { pyRepr } from '../../src/values.ts'
import { suiteCases } from '../../src/vitest/arbigraph-suite.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { offlineContext } from '../fixtures/harness/offline-context.ts'
import { echo } from '../fixtures/toy-benchmark/echo-benchmark.ts'

type Answer = 'right' | 'wrong' | 'down'

const context = offlineContext

/** A finished test of `bench` whose case ran through the one case runner, answered as `answer` says. */
async function finishedTest(
  bench: AnyBenchmark,
  c: BenchmarkCase<unknown>,
  answer: Answer,
  truth: (c: HarnessCase) => Record<string, string>,
): Promise<TestCase> {
  const harness = defineHarness({
    name: 'scripted',
    run: async (testCase) => {
      if (answer === 'down') throw new ArbigraphError('ARBIGRAPH_ENDPOINT', 'endpoint down (HTTP 503)')
      const right = truth(testCase)
      const answers = Object.fromEntries(
        testCase.expected.map((name) => [name, answer === 'right' ? right[name]! : 'nonsense']),
      )
      return { answers, transcript: reportedTranscript({ answers }, testCase.expected) }
    },
  })
  const record = await runBenchmarkCase(bench, c, harness, context)
  // An infrastructure record fails its test, as the suites' tests do.
  return vitestTest(bench.name, c, answer === 'down' ? 'failed' : 'passed', record)
}

/** The parts of Vitest's TestCase the reporter reads, as a finished test of a suite has them. */
const vitestTest = (
  benchmark: string,
  c: Pick<BenchmarkCase<unknown>, 'name' | 'identity'>,
  state: 'passed' | 'failed' | 'skipped',
  record?: unknown,
) =>
  ({
    options: { mode: state === 'skipped' ? 'skip' : 'run' },
    name: c.name,
    fullName: c.name,
    module: { moduleId: '/p/suites/x.eval.ts', relativeModuleId: 'suites/x.eval.ts' },
    result: () => ({ state, errors: state === 'failed' ? [{ message: 'endpoint down' }] : [] }),
    meta: () => ({
      arbigraphBenchmark: benchmark,
      arbigraphCase: c.identity,
      ...(record === undefined ? {} : { arbigraph: record }),
    }),
  }) as unknown as TestCase

const testModule = (cases: TestCase[]) => ({ children: { allTests: () => cases } }) as unknown as TestModule

function run(benchmarks: AnyBenchmark[], isTTY = false) {
  let t = 0
  const lines: string[] = []
  const reporter = progressReporter({ benchmarks, isTTY, now: () => t, write: (line) => lines.push(line) })
  reporter.onTestRunStart?.([])
  return {
    reporter,
    lines,
    clock: (ms: number) => {
      t = ms
    },
  }
}

// ArbiGraph: a chain/math suite's cases; the truth is every node's exact output.
const arbigraphCases = (
  await suiteCases(
    { topology: 'chain', options: { length: 2 }, category: 'math', samplesPerTask: 1 },
    { samples: undefined, epochs: 1, seed: undefined },
  )
).slice(0, 3)
const arbigraphTests = (answers: Answer[]) =>
  Promise.all(
    answers.map((answer, i) => {
      const { instance, identity, name } = arbigraphCases[i]!
      const truth = Object.fromEntries(instance.nodes.map((n) => [`task_${n.number}_out`, pyRepr(n.output)]))
      return finishedTest(
        arbigraphBenchmark,
        { name, identity, input: { instance, epoch: 0 } },
        answer,
        () => truth,
      )
    }),
  )

// Long-Transduction: an arithmetic suite at 4K and 8K (plain format, level 0); the truth is the expected text.
const documents = await transduction.cases(
  parseBenchmarkOptions(
    transduction,
    { family: 'arithmetic', formats: ['plain'], levels: [0], budgets: ['4K', '8K'], samples: 2 },
    'test',
  ),
)
const transductionTests = (answers: Answer[]) =>
  Promise.all(
    answers.map((answer, i) =>
      finishedTest(transduction, documents[i]!, answer, () => ({
        [SINGLE_SHOT_OUTPUT]: (documents[i]!.input as { expectedText: string }).expectedText,
      })),
    ),
  )

// A user's benchmark from arbigraph.config.ts: two suites (2 and 4 words).
const echoCases = [
  ...(await echo.cases({ cases: 2, words: 2 })),
  ...(await echo.cases({ cases: 1, words: 4 })),
]
const echoTests = (answers: Answer[]) =>
  Promise.all(
    answers.map((answer, i) =>
      finishedTest(echo, echoCases[i]!, answer, () => ({ output: echoCases[i]!.input.join('\n') })),
    ),
  )

describe('progressReporter', () => {
  it('prints a line at most every 10 s of the clock, with each ArbiGraph cell running accuracy', async () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark, transduction])
    const tests = await arbigraphTests(['right', 'wrong', 'down'])
    reporter.onTestModuleCollected?.(
      testModule([...tests, vitestTest('arbigraph', arbigraphCases[0]!, 'skipped')]),
    )
    clock(4000)
    reporter.onTestCaseResult?.(tests[0]!)
    expect(lines).toEqual([])
    clock(10_000)
    reporter.onTestCaseResult?.(tests[1]!)
    expect(lines).toEqual([
      'progress: 2/3 cases (66.7%), 0.2 cases/s, elapsed 10s, ETA 5s; chain/math 50.0% (1/2)',
    ])
    clock(19_999)
    reporter.onTestCaseResult?.(tests[2]!)
    expect(lines).toHaveLength(1)
    clock(20_000)
    reporter.onTestCaseResult?.(vitestTest('arbigraph', arbigraphCases[0]!, 'skipped'))
    expect(lines).toHaveLength(1) // a skipped test is not a finished case
    reporter.onTestCaseResult?.(tests[0]!)
    expect(lines[1]).toBe(
      'progress: 4/4 cases (100.0%), 0.2 cases/s, elapsed 20s, ETA 0s; chain/math 66.7% (2/3), 1 infra errors',
    )
  })

  it('gives no ETA until every test file is loaded, since each adds its cases to the total', async () => {
    let t = 0
    const lines: string[] = []
    const reporter = progressReporter({ isTTY: false, now: () => t, write: (line) => lines.push(line) })
    const [first, second, third] = await arbigraphTests(['right', 'wrong', 'right'])
    // Two test files to run (Vitest hands the reporter their specifications).
    reporter.onTestRunStart?.([{}, {}] as unknown as Parameters<
      NonNullable<typeof reporter.onTestRunStart>
    >[0])
    reporter.onTestModuleCollected?.(testModule([first!]))
    t = 10_000
    reporter.onTestCaseResult?.(first!)
    expect(lines).toEqual([
      'progress: 1/1+ cases so far, 0.1 cases/s, elapsed 10s, ETA once every file is loaded (1/2)',
    ])
    reporter.onTestModuleCollected?.(testModule([second!, third!]))
    t = 20_000
    reporter.onTestCaseResult?.(second!)
    expect(lines[1]).toBe('progress: 2/3 cases (66.7%), 0.1 cases/s, elapsed 20s, ETA 10s')
  })

  it('places a test that failed before writing a record in its cell, as an infrastructure error', () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark])
    clock(10_000)
    reporter.onTestCaseResult?.(vitestTest('arbigraph', arbigraphCases[0]!, 'failed'))
    expect(lines).toEqual([
      'progress: 1/1 cases (100.0%), 0.1 cases/s, elapsed 10s, ETA 0s; chain/math no grades yet, 1 infra errors',
    ])
  })

  it('gives Long-Transduction documents their family × budget cells with the running macro accuracy', async () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark, transduction])
    expect(documents.map((d) => d.name)).toEqual([
      'arithmetic plain L0 4K #0',
      'arithmetic plain L0 4K #1',
      'arithmetic plain L0 8K #0',
      'arithmetic plain L0 8K #1',
    ])
    const tests = await transductionTests(['right', 'wrong', 'right', 'down'])
    reporter.onTestModuleCollected?.(testModule(tests))
    for (const test of tests) reporter.onTestCaseResult?.(test)
    clock(10_000)
    reporter.onTestCaseResult?.(vitestTest('transduction', documents[0]!, 'failed'))
    expect(lines).toEqual([
      'progress: 5/5 cases (100.0%), 0.5 cases/s, elapsed 10s, ETA 0s; transduction/arithmetic/4K 50.0% over 2, 1 infra errors; transduction/arithmetic/8K 100.0% over 1, 1 infra errors',
    ])
  })

  it("gives a user's benchmark the cells it names, next to ArbiGraph's, in the order of registration", async () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark, transduction, echo])
    const tests = [...(await echoTests(['right', 'down', 'wrong'])), ...(await arbigraphTests(['right']))]
    reporter.onTestModuleCollected?.(testModule(tests))
    for (const test of tests.slice(0, -1)) reporter.onTestCaseResult?.(test)
    clock(10_000)
    reporter.onTestCaseResult?.(tests.at(-1)!)
    expect(lines).toEqual([
      'progress: 4/4 cases (100.0%), 0.4 cases/s, elapsed 10s, ETA 0s; chain/math 100.0% (1/1); echo/2-words 100.0% (1/1), 1 infra errors; echo/4-words 0.0% (0/1)',
    ])
  })

  it('gives a benchmark that names no cells one cell of its name, graded and infrastructure errors counted', async () => {
    const { progressCells: _, ...plain } = echo
    const { reporter, lines, clock } = run([plain as AnyBenchmark])
    for (const test of await echoTests(['right', 'wrong', 'down'])) reporter.onTestCaseResult?.(test)
    clock(10_000)
    reporter.onTestCaseResult?.(vitestTest('elsewhere', echoCases[0]!, 'passed'))
    expect(lines).toEqual([
      'progress: 4/4 cases (100.0%), 0.4 cases/s, elapsed 10s, ETA 0s; echo 2 graded, 1 infra errors',
    ])
    expect(defaultProgressCells(echo, [])).toEqual([{ cell: 'echo', graded: 0, infraErrors: 0 }])
  })

  it('counts the tests of a benchmark it was not given as done, in no cell', async () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark])
    for (const test of await echoTests(['right'])) reporter.onTestCaseResult?.(test)
    clock(10_000)
    reporter.onTestCaseResult?.(vitestTest('elsewhere', echoCases[0]!, 'passed'))
    expect(lines).toEqual(['progress: 2/2 cases (100.0%), 0.2 cases/s, elapsed 10s, ETA 0s'])
  })

  it('prints nothing on a terminal', async () => {
    const { reporter, lines, clock } = run([arbigraphBenchmark], true)
    clock(60_000)
    for (const test of await arbigraphTests(['right'])) reporter.onTestCaseResult?.(test)
    expect(lines).toEqual([])
  })
})
