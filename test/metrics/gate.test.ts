import { describe, expect, it } from 'vitest'
import { isSimulatedModel } from '../../src/contracts/results.ts'
import type { ArbigraphError } from '../../src/errors.ts'
import { evaluateGate, formatBroken, needsTasks, parseGate } from '../../src/metrics/gate.ts'
import { simulatedGateRefusal } from '../../src/metrics/simulated-gate.ts'
import { summarize } from '../../src/metrics/summarize.ts'
import { makeRecord } from './make-record.ts'

const parseError = (text: string): ArbigraphError => {
  try {
    parseGate(text)
  } catch (error) {
    return error as ArbigraphError
  }
  throw new Error(`expected "${text}" to be rejected`)
}

describe('parseGate', () => {
  it('reads comma-separated rules with every op and cell form', () => {
    const rules = parseGate(
      'chain/math.accuracy>=0.7, *.ci_low>0.5,chain/*.n==10,*/gsm.infra_errors<=0,a/b/T.exact<1',
    )
    expect(rules.map((r) => [r.cell.join('/'), r.metric, r.op, r.threshold])).toEqual([
      ['chain/math', 'accuracy', '>=', 0.7],
      ['*/*', 'ci_low', '>', 0.5],
      ['chain/*', 'n', '==', 10],
      ['*/gsm', 'infra_errors', '<=', 0],
      ['a/b/T', 'exact', '<', 1],
    ])
    expect(rules[1]!.text).toBe('*.ci_low>0.5')
    expect(needsTasks(rules)).toBe(true)
    expect(needsTasks(rules.slice(0, 4))).toBe(false)
  })

  it('ignores empty rules (a trailing comma)', () => {
    expect(parseGate('*.n>=1,')).toHaveLength(1)
  })

  it('rejects an unknown metric, naming the rule and the known metrics', () => {
    const error = parseError('chain/math.acc>=0.7')
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toContain('ARBIGRAPH_GATE rule "chain/math.acc>=0.7": unknown metric "acc"')
    expect(error.message).toContain('accuracy, accuracy_all, ci_low')
  })

  it('rejects a rate outside [0, 1] and suggests the fraction', () => {
    const error = parseError('*.accuracy>=70')
    expect(error.message).toContain('rule "*.accuracy>=70": accuracy is a rate in [0, 1]; write 0.7 for 70%')
  })

  it('rejects a missing op, a bad number and a bad cell', () => {
    expect(parseError('chain/math.accuracy').message).toContain('expected <cell>.<metric><op><number>')
    expect(parseError('*.accuracy>=high').message).toContain('"high" is not a number')
    expect(parseError('chain.accuracy>=0.5').message).toContain('bad cell "chain"')
    expect(parseError('a//b.n>=1').message).toContain('bad cell "a//b"')
  })

  it('names the source of the rules', () => {
    try {
      parseGate('x', '--gate')
      expect.unreachable()
    } catch (error) {
      expect((error as Error).message).toMatch(/^--gate rule "x"/)
    }
  })
})

describe('evaluateGate', () => {
  const records = [
    makeRecord({ sample: 0 }),
    makeRecord({ sample: 1 }),
    makeRecord({ sample: 2, correct: false }),
    makeRecord({ topology: 'baseline', category: 'gsm', task: 'G', sample: 0 }),
    makeRecord({ topology: 'baseline', category: 'gsm', task: 'G', sample: 1, infra: 'HTTP 500' }),
  ]
  const { cells } = summarize(records, { byTask: true })
  const broken = (rules: string) => evaluateGate(parseGate(rules), cells)

  it('holds when every matching cell satisfies the rule', () => {
    expect(broken('chain/math.accuracy>=0.6,*.n>=1,baseline/*.accuracy==1')).toEqual([])
  })

  it('reports each breaking cell with its actual value', () => {
    const result = broken('*.accuracy>=0.9')
    expect(result.map((b) => [b.cell, b.actual])).toEqual([['chain/math', 2 / 3]])
    expect(formatBroken(result[0]!)).toBe(
      'gate: rule "*.accuracy>=0.9" is broken: chain/math has accuracy 0.6667',
    )
  })

  it('* matches topology × category cells, not per-task cells; three parts match tasks', () => {
    expect(broken('*.n>=3').map((b) => b.cell)).toEqual(['baseline/gsm'])
    expect(broken('*/*/G.infra_errors==0').map((b) => b.cell)).toEqual(['baseline/gsm/G'])
  })

  it('a rule that matches no cell is broken', () => {
    const result = broken('multichain/math.accuracy>=0.5')
    expect(result).toHaveLength(1)
    expect(result[0]!.cell).toBeNull()
    expect(formatBroken(result[0]!)).toContain('no cell matches it')
  })

  it('supports every op', () => {
    expect(broken('chain/math.n>3')).toHaveLength(1)
    expect(broken('chain/math.n<3')).toHaveLength(1)
    expect(broken('chain/math.n<=3')).toHaveLength(0)
    expect(broken('chain/math.correct==2')).toHaveLength(0)
  })
})

describe('simulatedGateRefusal', () => {
  it('decides from the model and every record, never from a stored flag', () => {
    const real = makeRecord({ model: 'qwen3' })
    const sim = makeRecord({ model: 'sim:noisy', sample: 1 })
    expect(simulatedGateRefusal({ model: 'qwen3', records: [real] }, {})).toBeUndefined()
    // One simulated record among real ones, whatever the label says.
    expect(simulatedGateRefusal({ model: 'qwen3', records: [real, sim] }, {})).toContain(
      'gate: refused — these results are SIMULATED (model "qwen3")',
    )
    expect(simulatedGateRefusal({ model: 'qwen3, sim:noisy', records: [] }, {})).toContain('SIMULATED')
    expect(
      simulatedGateRefusal({ model: 'sim:noisy', records: [sim] }, { ARBIGRAPH_ALLOW_SIMULATED: '1' }),
    ).toBeUndefined()
    expect([isSimulatedModel('qwen3, sim:oracle'), isSimulatedModel('simple:sim')]).toEqual([true, false])
  })
})
