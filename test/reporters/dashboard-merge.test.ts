/**
 * `vitest --merge-reports` on a machine without the shards' case details: the dashboard is still
 * written, and the reporter says how many cases lack details and the one folder they must be
 * copied into (`cases/` next to the merge's results file), where the dashboard looks them up.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import { dashboardReporter } from '../../reporters/dashboard.ts'
import { tempDir } from '../cli/run-cli.ts'
import { makeRecord } from '../metrics/make-record.ts'

const tests = ['a', 'b'].map(
  (caseId) =>
    ({
      result: () => ({ state: 'passed' }),
      // A shard's worker stored these details on another machine.
      meta: () => ({
        arbigraph: { ...makeRecord({ caseId }), transcriptRef: `/ci/shard-1/out/cases/7-${caseId}.jsonl#1` },
      }),
      options: { mode: 'run' },
      fullName: caseId,
      name: caseId,
      module: { moduleId: '/x/suites/chain/math.eval.ts', relativeModuleId: 'suites/chain/math.eval.ts' },
    }) as unknown as TestCase,
)
const module = { children: { allTests: () => tests[Symbol.iterator]() } } as unknown as TestModule

async function endRun(mergeReports: boolean) {
  const root = tempDir()
  const logs: string[] = []
  const vitest = {
    logger: { log: (t: string) => logs.push(t), error: (t: string) => logs.push(t) },
    config: { root, ...(mergeReports ? { mergeReports: '.vitest-reports' } : {}) },
    version: 'test',
  } as unknown as Vitest
  const reporter = dashboardReporter({ dir: 'dash', results: 'out/results.json' })
  await reporter.onInit!(vitest)
  await reporter.onTestRunEnd!([module], [], 'passed')
  return { root, logs }
}

describe('the dashboard reporter in a merge', () => {
  it('says where the case details of every shard must be copied', async () => {
    const { root, logs } = await endRun(true)
    expect(existsSync(join(root, 'dash', 'index.html'))).toBe(true)
    expect(logs).toContain(
      `arbigraph: 2 of 2 cases have no details here: copy the cases/ folder of every shard (next to its results file) into ${join(root, 'out', 'cases')}/ before --merge-reports for the dashboard to show their prompts and transcripts`,
    )
  })

  it('says nothing of it in a run that is not a merge', async () => {
    const { logs } = await endRun(false)
    expect(logs.filter((line) => line.includes('no details here'))).toEqual([])
  })
})
