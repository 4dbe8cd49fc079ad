/**
 * The Benchmark contract's checks, each an error a user can trigger with the message they read:
 * a malformed benchmark where it is defined, a bad one in arbigraph.config.ts, a benchmark two
 * plugins register, an unknown name, bad suite options, a record its schema refuses; and the
 * HTML section escapes what it is given.
 */
import { describe, expect, it } from 'vitest'
import { transduction } from '../../plugins/transduction/benchmark.ts'
import { resolveConfig } from '../../src/config.ts'
import { benchmark, checkBenchmarkRecord, parseBenchmarkOptions } from '../../src/contracts/benchmark.ts'
import { createRegistry, getBenchmark } from '../../src/registry.ts'
import { htmlSection } from '../../src/report/html-section.ts'
import { defineSuite } from '../../src/vitest/define-suite.ts'
import { echo } from '../fixtures/toy-benchmark/echo-benchmark.ts'

/** The error `attempt` throws; a call that returns fails the test. */
function rejection(attempt: () => unknown): { code: string; message: string } {
  try {
    attempt()
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a throw')
}

describe('the Benchmark contract', () => {
  it('refuses a benchmark without a scorer where it is defined, naming the field', () => {
    const { score: _score, ...noScore } = echo
    expect(rejection(() => benchmark(noScore as never))).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
    expect(rejection(() => benchmark(noScore as never)).message).toMatch(/benchmark "echo".*score/)
    expect(rejection(() => benchmark({ ...echo, name: 'My Bench' })).message).toContain(
      'expected a kebab-case name such as "my-benchmark"',
    )
    expect(rejection(() => benchmark({ ...echo, progressCells: 'by words' as never })).message).toMatch(
      /benchmark "echo".*progressCells: expected a function \(records\) =>/,
    )
  })

  it('refuses a gate stream hook that is not functions, naming the field; accepts Long-Transduction’s', () => {
    const gate = {
      metrics: { accuracy: { describe: 'share right' } },
      cell: () => 'all',
      values: () => ({ accuracy: 1 }),
    }
    const bad = {
      ...echo,
      gate: { ...gate, stream: { cells: ['all'], cost: () => ({ calls: 1, tokens: 0 }) } },
    }
    expect(rejection(() => benchmark(bad as never))).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
    expect(rejection(() => benchmark(bad as never)).message).toMatch(
      /benchmark "echo".*gate\.stream\.cells: expected a function \(identity\) => its cell keys/,
    )
    const noCost = { ...echo, gate: { ...gate, stream: { cells: () => ['all'] } } }
    expect(rejection(() => benchmark(noCost as never)).message).toMatch(/gate\.stream\.cost/)
    expect(() => benchmark({ ...echo, gate })).not.toThrow()
    expect(() => benchmark(transduction)).not.toThrow()
    expect(typeof transduction.gate?.stream?.cells).toBe('function')
  })

  it('refuses a config whose plugin lists something that is not a benchmark, naming where', () => {
    const error = rejection(() =>
      resolveConfig({ plugins: [{ name: 'mine', benchmarks: [{ name: 'half' }] }] }, 'arbigraph.config.ts'),
    )
    expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_CONFIG' })
    expect(error.message).toMatch(
      /^arbigraph\.config\.ts: plugins\[0\]\.benchmarks\[0\]: benchmark: summary: /,
    )
    expect(
      resolveConfig({ plugins: [{ name: 'mine', benchmarks: [echo] }] }, 'c').plugins[0]!.benchmarks,
    ).toEqual([echo])
  })

  it('a benchmark name registered twice names both plugins; an unknown one lists the known', () => {
    const twice = rejection(() =>
      createRegistry([
        { name: 'first', benchmarks: [echo] },
        { name: 'second', benchmarks: [echo] },
      ]),
    )
    expect(twice.message).toBe(
      'plugin "second" registers benchmark "echo", already registered by plugin "first"',
    )
    const registry = createRegistry([{ name: 'mine', benchmarks: [echo, transduction] }])
    expect(getBenchmark(registry, 'echo')).toBe(echo)
    expect(rejection(() => getBenchmark(registry, 'ehco')).message).toContain(
      'unknown benchmark "ehco": did you mean "echo"? (known: "echo", "transduction"); register it in arbigraph.config.ts',
    )
  })

  it('bad suite options fail at definition time, naming the benchmark and the field', () => {
    expect(rejection(() => defineSuite(echo, { cases: 99 })).message).toMatch(/^defineSuite\(echo\): cases: /)
    expect(
      rejection(() => parseBenchmarkOptions(transduction, { family: 'table', formats: ['plain'] }, 'suite'))
        .message,
    ).toBe('suite: formats[0]: "plain" is not a table format; expected one of homogeneous, heterogeneous, kv')
  })

  it('a record its schema refuses is a bad-input error naming the test', () => {
    const error = rejection(() => checkBenchmarkRecord(echo, { schema: 'toy.echo-case/1' }, 'echo #0'))
    expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_INPUT' })
    expect(error.message).toMatch(/^echo #0/)
  })

  it('the HTML section escapes text, headings and cells', () => {
    const html = htmlSection(
      'a<b',
      ['model "x" & y'],
      [{ title: 'T', headers: ['h<'], numeric: [true], rows: [["it's"]] }],
    )
    expect(html).toContain('<h2>a&lt;b</h2>')
    expect(html).toContain('<p>model &quot;x&quot; &amp; y</p>')
    expect(html).toContain('<th class="num">h&lt;</th>')
    expect(html).toContain('<td class="num">it&#39;s</td>')
  })
})
