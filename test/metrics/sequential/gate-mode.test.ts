import { describe, expect, test } from 'vitest'
import { resolveReporterOptions } from '../../../reporters/options.ts'
import { readGateMode } from '../../../src/metrics/sequential/gate-mode.ts'
import { splitPairedRules } from '../../../src/metrics/sequential/paired-rule.ts'

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected an error')
}

describe('gate mode settings', () => {
  test('fixed by default, sequential at α = 0.05 when asked', () => {
    expect(readGateMode({}, {})).toBeNull()
    expect(readGateMode({}, { ARBIGRAPH_GATE_MODE: 'sequential' })).toEqual({ alpha: 0.05, baseline: null })
    expect(readGateMode({}, { ARBIGRAPH_GATE_MODE: 'Sequential', ARBIGRAPH_GATE_ALPHA: '0.01' })?.alpha).toBe(
      0.01,
    )
  })

  test('plugin options win over the environment', () => {
    expect(readGateMode({ gateMode: 'fixed' }, { ARBIGRAPH_GATE_MODE: 'sequential' })).toBeNull()
    expect(readGateMode({ gateMode: 'sequential', gateAlpha: 0.1 }, {})).toEqual({
      alpha: 0.1,
      baseline: null,
    })
  })

  test('a bad mode names the variable and the two modes', () => {
    const error = failure(() => readGateMode({}, { ARBIGRAPH_GATE_MODE: 'early' }))
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toContain('ARBIGRAPH_GATE_MODE "early" is not a gate mode: write "sequential"')
  })

  for (const bad of ['0', '5', '0.5', '-0.1', 'five percent', 'NaN'])
    test(`α "${bad}" is refused with the fix`, () => {
      const error = failure(() =>
        readGateMode({}, { ARBIGRAPH_GATE_MODE: 'sequential', ARBIGRAPH_GATE_ALPHA: bad }),
      )
      expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
      expect(error.message).toContain(
        `ARBIGRAPH_GATE_ALPHA "${bad}" is not an error level: write a number above 0 and below 0.5`,
      )
    })

  test('the gateAlpha option is checked too', () => {
    expect(failure(() => readGateMode({ gateMode: 'sequential', gateAlpha: 1 }, {})).message).toContain(
      'gateAlpha option "1" is not an error level',
    )
  })
})

describe('baseline rules', () => {
  test('split from the other rules', () => {
    const { paired, rest } = splitPairedRules(
      'chain/math.accuracy>=baseline, *.accuracy>=0.5,*/gsm/Foo.exact >= baseline',
    )
    expect(paired).toEqual([
      { text: 'chain/math.accuracy>=baseline', cell: ['chain', 'math'], metric: 'accuracy' },
      { text: '*/gsm/Foo.exact >= baseline', cell: ['*', 'gsm', 'Foo'], metric: 'exact' },
    ])
    expect(rest).toBe('*.accuracy>=0.5')
  })

  test('a malformed baseline rule says what it reads', () => {
    const error = failure(() => splitPairedRules('chain/math.tokens_mean<=baseline'))
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toContain('a baseline rule reads <cell>.accuracy>=baseline')
  })

  test('need sequential mode and a baseline file', () => {
    const gate = 'chain/math.accuracy>=baseline'
    expect(failure(() => resolveReporterOptions({}, { ARBIGRAPH_GATE: gate })).message).toContain(
      'baseline rules are sequential; set ARBIGRAPH_GATE_MODE=sequential',
    )
    expect(
      failure(() => resolveReporterOptions({}, { ARBIGRAPH_GATE: gate, ARBIGRAPH_GATE_MODE: 'sequential' }))
        .message,
    ).toContain('needs a baseline run: set ARBIGRAPH_GATE_BASELINE')
    const resolved = resolveReporterOptions(
      {},
      {
        ARBIGRAPH_GATE: gate,
        ARBIGRAPH_GATE_MODE: 'sequential',
        ARBIGRAPH_GATE_BASELINE: 'out/release.json',
      },
    )
    expect(resolved.gate).toEqual([])
    expect(resolved.paired).toHaveLength(1)
    expect(resolved.sequential).toEqual({ alpha: 0.05, baseline: 'out/release.json' })
  })
})
