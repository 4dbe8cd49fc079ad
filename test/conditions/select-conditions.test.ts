import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConditions } from '../../src/conditions/select-conditions.ts'
import { defineSuite } from '../../src/vitest/define-suite.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'

const configError = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
    return (error as Error).message
  }
  return expect.unreachable('no error') as never
}

describe('selecting context conditions', () => {
  it('defaults to in-graph; ARBIGRAPH_CONDITIONS wins over the suite; order is canonical', () => {
    expect(resolveConditions(undefined, {})).toEqual(['in-graph'])
    expect(resolveConditions(['in-graph', 'chained'], {})).toEqual(['in-graph', 'chained'])
    expect(resolveConditions(['in-graph'], { ARBIGRAPH_CONDITIONS: ' chained, isolated ,in-graph' })).toEqual(
      ['in-graph', 'isolated', 'chained'],
    )
    expect(resolveConditions(['in-graph', 'isolated'], { ARBIGRAPH_CONDITIONS: '  ' })).toEqual([
      'in-graph',
      'isolated',
    ])
  })

  it('ARBIGRAPH_CONDITIONS: an unknown, repeated or missing in-graph condition is a clear error', () => {
    expect(
      configError(() => resolveConditions(undefined, { ARBIGRAPH_CONDITIONS: 'in-graph,isolatd' })),
    ).toBe(
      'ARBIGRAPH_CONDITIONS: unknown condition "isolatd": expected some of in-graph, isolated, chained (got "in-graph,isolatd")',
    )
    expect(
      configError(() => resolveConditions(undefined, { ARBIGRAPH_CONDITIONS: 'in-graph,chained,chained' })),
    ).toContain('condition "chained" is given twice')
    expect(
      configError(() => resolveConditions(undefined, { ARBIGRAPH_CONDITIONS: 'isolated,chained' })),
    ).toContain('"in-graph" must be among the conditions')
  })

  it('the run settings check names ARBIGRAPH_CONDITIONS before the run starts', () => {
    const root = mkdtempSync(join(tmpdir(), 'arbigraph-conditions-'))
    const env = { ARBIGRAPH_CACHE_DIR: join(root, 'cache'), ARBIGRAPH_RESULTS: join(root, 'r.json') }
    expect(configError(() => checkRunSettings({ ...env, ARBIGRAPH_CONDITIONS: 'chained' }, root))).toMatch(
      /^ARBIGRAPH_CONDITIONS: "in-graph" must be among the conditions/m,
    )
    expect(
      checkRunSettings({ ...env, ARBIGRAPH_CONDITIONS: 'in-graph,chained' }, root).ARBIGRAPH_CONDITIONS,
    ).toEqual(['in-graph', 'chained'])
  })

  it('defineSuite rejects bad conditions at definition time, naming the option', () => {
    const suite = (conditions: string[]) => () =>
      defineSuite({ topology: 'chain', category: 'math', conditions })
    expect(configError(suite([]))).toBe(
      'defineSuite: conditions: expected at least "in-graph", got an empty list',
    )
    expect(configError(suite(['in-graph', 'context']))).toContain(
      'defineSuite: conditions: unknown condition "context"',
    )
  })
})
