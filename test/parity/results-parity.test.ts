/**
 * Before/after parity of every figure a user reads: the suites of every kind run on sim:noisy
 * with fixed seeds, and their results files, summaries, dashboard data, `arbigraph report` (with
 * a gate) and `arbigraph compare` outputs, timing fields aside, must equal the fixture written
 * from the code before the Benchmark restructure (see results-parity.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PARITY_FIXTURE, parityOutputs } from './results-parity.ts'

describe('results parity with the pre-restructure outputs', () => {
  it('every results file, summary, report and dashboard figure is unchanged', {
    timeout: 600_000,
  }, async () => {
    const outputs = await parityOutputs()
    const fixture = readdirSync(PARITY_FIXTURE).sort()
    expect(Object.keys(outputs).sort()).toEqual(fixture)
    for (const name of fixture)
      expect(outputs[name], name).toBe(readFileSync(join(PARITY_FIXTURE, name), 'utf8'))
  })
})
