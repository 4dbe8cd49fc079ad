import { describe, expect, it } from 'vitest'
import type { TestCase, TestModule } from 'vitest/node'
import { progressReporter } from '../../reporters/progress.ts'

interface FakeCase {
  state: 'passed' | 'failed' | 'skipped'
  mode?: 'run' | 'skip'
  topology?: string
  category?: string
  correct?: boolean
  /** An infrastructure error recorded by the harness (grade null). */
  infra?: boolean
}

/** The parts of Vitest's TestCase the reporter reads, as a finished case would have them. */
const testCase = (c: FakeCase) =>
  ({
    options: { mode: c.mode ?? 'run' },
    name: 'Task #0',
    fullName: 'Task #0',
    module: { moduleId: '/p/suites/dag/python.eval.ts', relativeModuleId: 'suites/dag/python.eval.ts' },
    result: () => ({ state: c.state }),
    meta: () =>
      c.topology === undefined
        ? {}
        : {
            arbigraph: {
              topology: c.topology,
              category: c.category,
              grade: c.infra ? null : { correct: c.correct === true },
            },
          },
  }) as unknown as TestCase

const testModule = (cases: TestCase[]) => ({ children: { allTests: () => cases } }) as unknown as TestModule

function run(isTTY = false) {
  let t = 0
  const lines: string[] = []
  const reporter = progressReporter({ isTTY, now: () => t, write: (line) => lines.push(line) })
  const clock = (ms: number) => {
    t = ms
  }
  return { reporter, lines, clock }
}

describe('progressReporter', () => {
  it('prints a line at most every 10 s of the clock, with per-cell running accuracy', () => {
    const { reporter, lines, clock } = run()
    const cases = [
      testCase({ state: 'passed', topology: 'chain', category: 'math', correct: true }),
      testCase({ state: 'passed', topology: 'chain', category: 'math', correct: false }),
      testCase({ state: 'passed', topology: 'baseline', category: 'gsm', infra: true }),
      testCase({ state: 'failed', topology: 'baseline', category: 'gsm', correct: true }),
      testCase({ state: 'skipped', mode: 'skip' }),
    ]
    reporter.onTestRunStart?.([])
    reporter.onTestModuleCollected?.(testModule(cases))
    clock(4000)
    reporter.onTestCaseResult?.(cases[0]!)
    expect(lines).toEqual([])
    clock(10_000)
    reporter.onTestCaseResult?.(cases[1]!)
    expect(lines).toEqual([
      'progress: 2/4 cases (50.0%), 0.2 cases/s, elapsed 10s, ETA 10s; chain/math 50.0% (1/2)',
    ])
    clock(19_999)
    reporter.onTestCaseResult?.(cases[2]!)
    reporter.onTestCaseResult?.(cases[4]!)
    expect(lines).toHaveLength(1)
    clock(20_000)
    reporter.onTestCaseResult?.(cases[3]!)
    expect(lines[1]).toBe(
      'progress: 4/4 cases (100.0%), 0.2 cases/s, elapsed 20s, ETA 0s; baseline/gsm no grades yet, 2 infra errors; chain/math 50.0% (1/2)',
    )
  })

  it('counts a test that failed before writing a record under the cell of its file', () => {
    const { reporter, lines, clock } = run()
    reporter.onTestRunStart?.([])
    clock(10_000)
    reporter.onTestCaseResult?.(testCase({ state: 'failed' }))
    expect(lines).toEqual([
      'progress: 1/1 cases (100.0%), 0.1 cases/s, elapsed 10s, ETA 0s; dag/python no grades yet, 1 infra errors',
    ])
  })

  it('counts Long-Transduction documents and plain passing tests as done, in no cell', () => {
    const { reporter, lines, clock } = run()
    reporter.onTestRunStart?.([])
    const document = {
      ...testCase({ state: 'passed' }),
      meta: () => ({ arbigraphTransduction: { score: 1 } }),
    } as unknown as TestCase
    reporter.onTestCaseResult?.(document)
    clock(10_000)
    reporter.onTestCaseResult?.(testCase({ state: 'passed' }))
    expect(lines).toEqual(['progress: 2/2 cases (100.0%), 0.2 cases/s, elapsed 10s, ETA 0s'])
  })

  it('prints nothing on a terminal', () => {
    const { reporter, lines, clock } = run(true)
    reporter.onTestRunStart?.([])
    clock(60_000)
    reporter.onTestCaseResult?.(testCase({ state: 'passed', topology: 'chain', category: 'math' }))
    expect(lines).toEqual([])
  })
})
