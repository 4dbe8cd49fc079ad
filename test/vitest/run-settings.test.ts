/**
 * The run's one settings check: every variable of every area in one schema, all problems listed
 * at once with their variable, folders checked, the stop message with and without ARBIGRAPH_DEBUG.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { resolveDashboardOptions } from '../../reporters/dashboard.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { pythonWorkersFromEnv } from '../../src/python-workers.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'
import { stopMessage } from '../../src/vitest/stop-run.ts'

const root = mkdtempSync(join(tmpdir(), 'arbigraph-run-settings-'))
const quiet = { ARBIGRAPH_CACHE_DIR: join(root, 'cache'), ARBIGRAPH_RESULTS: join(root, 'out', 'r.json') }

const problems = (env: Record<string, string>): string => {
  try {
    // Long-Transduction brings its variables (ARBIGRAPH_LT_*) as a registered benchmark.
    checkRunSettings({ ...quiet, ...env }, root, [transduction])
  } catch (error) {
    expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
    return (error as Error).message
  }
  return expect.unreachable('no problem found') as never
}

describe('checkRunSettings', () => {
  it('accepts the defaults and parses every area', () => {
    const env = checkRunSettings({ ...quiet, ARBIGRAPH_SAMPLES: '3', ARBIGRAPH_SIM: 'sim:oracle' }, root)
    expect(env).toMatchObject({
      ARBIGRAPH_SAMPLES: 3,
      ARBIGRAPH_SIM: 'sim:oracle',
      ARBIGRAPH_CONCURRENCY: 32,
    })
  })

  it('lists every bad variable at once, one line each, naming it', () => {
    const message = problems({
      ARBIGRAPH_CONCURRENCY: 'abc',
      ARBIGRAPH_EPOCHS: '0',
      ARBIGRAPH_SIM_NOISE: '-1',
      ARBIGRAPH_LT_SAMPLES: '9',
      ARBIGRAPH_ALLOW_SIMULATED: 'maybe',
      ARBIGRAPH_GATE: '*.accuracy>>1',
      ARBIGRAPH_DASHBOARD: 'sometimes',
    })
    const lines = message.split('\n')
    for (const name of [
      'ARBIGRAPH_CONCURRENCY',
      'ARBIGRAPH_EPOCHS',
      'ARBIGRAPH_SIM_NOISE',
      'ARBIGRAPH_LT_SAMPLES',
      'ARBIGRAPH_ALLOW_SIMULATED',
      'ARBIGRAPH_GATE',
      'ARBIGRAPH_DASHBOARD',
    ])
      expect(
        lines.filter((line) => line.startsWith(name)),
        message,
      ).toHaveLength(1)
    expect(lines).toHaveLength(7)
  })

  it('names an output variable whose folder cannot be one', () => {
    writeFileSync(join(root, 'plain'), '')
    expect(problems({ ARBIGRAPH_MARKDOWN: join(root, 'plain', 'summary.md') })).toBe(
      `ARBIGRAPH_MARKDOWN "${join(root, 'plain', 'summary.md')}": "${join(root, 'plain')}" is a file, not a folder`,
    )
  })

  it("names a benchmark's own output variable whose folder cannot be one", () => {
    writeFileSync(join(root, 'plain'), '')
    const path = join(root, 'plain', 'transduction.json')
    expect(problems({ ARBIGRAPH_LT_RESULTS: path, ARBIGRAPH_LT_MARKDOWN: 'off' })).toBe(
      `ARBIGRAPH_LT_RESULTS "${path}": "${join(root, 'plain')}" is a file, not a folder`,
    )
  })

  it('ARBIGRAPH_DASHBOARD_DIR=off turns the dashboard off and creates no folder; a switch value is refused', () => {
    const dashboardRoot = mkdtempSync(join(tmpdir(), 'arbigraph-dashboard-off-'))
    checkRunSettings({ ...quiet, ARBIGRAPH_DASHBOARD_DIR: 'off' }, dashboardRoot)
    expect(existsSync(join(dashboardRoot, 'off'))).toBe(false)
    expect(resolveDashboardOptions({ ARBIGRAPH_DASHBOARD_DIR: ' OFF ' }, 'out/results.json')).toBeNull()
    expect(resolveDashboardOptions({ ARBIGRAPH_DASHBOARD_DIR: 'no' }, 'out/results.json')).toBeNull()
    expect(resolveDashboardOptions({ ARBIGRAPH_DASHBOARD_DIR: 'site/dash' }, 'out/results.json')?.dir).toBe(
      'site/dash',
    )
    expect(problems({ ARBIGRAPH_DASHBOARD_DIR: '1' })).toBe(
      'ARBIGRAPH_DASHBOARD_DIR: expected a folder for the dashboard, or off for none, got "1"',
    )
  })

  it('ARBIGRAPH_PYTHON_WORKERS is named wherever the Python pool reads it', () => {
    expect(pythonWorkersFromEnv({ ARBIGRAPH_PYTHON_WORKERS: '4' })).toBe(4)
    expect(pythonWorkersFromEnv({})).toBeUndefined()
    expect(() => pythonWorkersFromEnv({ ARBIGRAPH_PYTHON_WORKERS: '0' })).toThrow(
      'ARBIGRAPH_PYTHON_WORKERS: expected a number of Python interpreters (an integer from 1 to 64), got "0"',
    )
  })
})

describe('stopMessage', () => {
  const error = new ArbigraphError('ARBIGRAPH_BAD_CONFIG', 'ARBIGRAPH_SAMPLES: expected …')
  it('is one line without ARBIGRAPH_DEBUG, the stack with it', () => {
    expect(stopMessage(error, {})).toBe('arbigraph: ARBIGRAPH_SAMPLES: expected …')
    expect(stopMessage(error, { ARBIGRAPH_DEBUG: '1' })).toMatch(
      /^arbigraph: ARBIGRAPH_SAMPLES: expected …\nArbigraphError: .*\n\s+at /,
    )
  })
  it('an unexpected error keeps its stack: it is a bug to report', () => {
    expect(stopMessage(new TypeError('x is undefined'), {})).toMatch(
      /^arbigraph: internal error: x is undefined\nTypeError/,
    )
  })
})
