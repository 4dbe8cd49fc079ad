import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { arbigraphReporters } from '../../reporters/index.ts'
import { resolveReporterOptions } from '../../reporters/options.ts'
import { arbigraph } from '../../src/vitest/plugin.ts'

describe('reporter options', () => {
  it('default to out/results.json and out/summary.md, with no gate and no step summary', () => {
    expect(resolveReporterOptions({}, {})).toEqual({
      results: 'out/results.json',
      markdown: 'out/summary.md',
      stepSummary: false,
      gate: null,
      sequential: null,
      paired: [],
      byTask: false,
      table: true,
    })
  })

  it('read the environment; "off" turns a file off; options win over the environment', () => {
    const env = {
      ARBIGRAPH_RESULTS: 'r.json',
      ARBIGRAPH_MARKDOWN: 'off',
      GITHUB_STEP_SUMMARY: '/tmp/step',
      ARBIGRAPH_GATE: '*.n>=1',
      ARBIGRAPH_BY_TASK: '1',
    }
    const resolved = resolveReporterOptions({}, env)
    expect(resolved).toMatchObject({
      results: 'r.json',
      markdown: false,
      stepSummary: '/tmp/step',
      byTask: true,
    })
    expect(resolved.gate?.[0]?.text).toBe('*.n>=1')
    expect(resolveReporterOptions({ results: 'mine.json', gate: '' }, env)).toMatchObject({
      results: 'mine.json',
      gate: null,
    })
  })

  it('reject a bad gate when resolved, naming where it came from', () => {
    expect(() => resolveReporterOptions({}, { ARBIGRAPH_GATE: '*.nope>1' })).toThrow(
      'ARBIGRAPH_GATE rule "*.nope>1": unknown metric "nope"',
    )
    expect(() => resolveReporterOptions({ gate: '*.nope>1' }, {})).toThrow('gate option rule "*.nope>1"')
  })

  it('give one reporter per enabled output, the gate last', () => {
    const all = resolveReporterOptions({ gate: '*.n>=1' }, {})
    // One generic reporter per registered benchmark with files (here Long-Transduction).
    expect(arbigraphReporters(all, [transduction])).toHaveLength(7)
    expect(arbigraphReporters(all)).toHaveLength(6)
    // ArbiGraph's outputs off leave another benchmark's files to its own variables.
    const none = resolveReporterOptions({ results: false, markdown: false, table: false }, {})
    expect(arbigraphReporters(none)).toEqual([])
    expect(arbigraphReporters(none, [transduction])).toHaveLength(1)
  })

  it('the plugin is named arbigraph and pushes onto the resolved reporters list', async () => {
    const plugin = arbigraph({ results: false, markdown: false })
    expect(plugin.name).toBe('arbigraph')
    const reporters: unknown[] = ['default']
    const hook = plugin.configureVitest as (ctx: unknown) => Promise<void>
    await hook({ vitest: { config: { reporters, root: tmpdir() } } })
    // Vitest's, the interrupt watcher, the table, the progress line, Long-Transduction's files.
    expect(reporters).toHaveLength(5)
    expect(reporters[0]).toBe('default')
  })
})
