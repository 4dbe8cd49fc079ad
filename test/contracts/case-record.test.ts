import { describe, expect, it } from 'vitest'
import { caseRecordSchema, checkCaseRecord, encodeCaseRecord } from '../../src/contracts/case-record.ts'
import { decodeResults, isSimulated, modelLabel, RESULTS_SCHEMA } from '../../src/contracts/results.ts'
import { buildResults, runEnv } from '../../src/report/build-results.ts'
import { makeRecord } from '../metrics/make-record.ts'

const run = { started: 'a', finished: 'b', reason: 'passed', shard: null, merged: false, env: {} } as const

const withNode = makeRecord({
  grade: {
    schema: 'arbigraph.grade/1',
    instance: 'i',
    mode: 'arbigraph',
    correct: true,
    exact: true,
    nodes: [
      {
        node: 't1',
        name: 'task_1_out',
        target: true,
        expected: '123456789012345678901',
        answer: '123456789012345678901',
        got: '123456789012345678901',
        verdict: 'correct',
      },
    ],
    attribution: null,
  },
})

describe('case records', () => {
  it('stay JSON-plain: ints beyond 2^53 stay repr strings in the wire form, bigint when decoded', () => {
    const checked = checkCaseRecord(JSON.parse(JSON.stringify(withNode)))
    expect(checked.grade!.nodes[0]!.expected).toBe('123456789012345678901')
    const decoded = caseRecordSchema.parse(withNode)
    expect(decoded.grade!.nodes[0]!.expected).toBe(123456789012345678901n)
    expect(encodeCaseRecord(decoded)).toEqual(withNode)
  })

  it('need exactly one of grade and infraError', () => {
    const both = { ...withNode, infraError: { reason: 'x' } }
    expect(() => checkCaseRecord(both, 'chain/math #1')).toThrow(
      'chain/math #1: grade: exactly one of "grade" and "infraError" must be set',
    )
    expect(() => checkCaseRecord({ ...withNode, grade: null })).toThrow('exactly one of')
    expect(checkCaseRecord(makeRecord({ infra: 'HTTP 503' })).infraError).toEqual({ reason: 'HTTP 503' })
  })

  it('name the bad field', () => {
    try {
      checkCaseRecord({ ...withNode, turns: -1 }, 'rec')
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ code: 'ARBIGRAPH_BAD_INPUT' })
      expect((error as Error).message).toMatch(/^rec: turns: /)
    }
  })
})

describe('results files', () => {
  it('round-trip through JSON text', () => {
    const results = buildResults([withNode, makeRecord({ sample: 1, model: 'sim:oracle' })], run, 'test')
    expect(results.schema).toBe(RESULTS_SCHEMA)
    expect(results.model).toBe('qwen3.5-27b, sim:oracle')
    expect(results.simulated).toBe(true)
    expect(decodeResults(JSON.stringify(results), 'r.json')).toEqual(results)
  })

  it('reject duplicate trials and malformed JSON, naming the file', () => {
    const twice = buildResults([makeRecord(), makeRecord()], run, 'test')
    expect(() => decodeResults(JSON.stringify(twice), 'r.json')).toThrow(
      'r.json: records[1]: duplicate trial: case "chain-MulMod-0" epoch 0 (first at records[0])',
    )
    expect(() => decodeResults('{', 'r.json')).toThrow('r.json: malformed JSON')
  })

  it('label the model and flag simulation', () => {
    expect(modelLabel([])).toBe('unknown')
    expect(isSimulated([makeRecord()])).toBe(false)
  })

  it('keep ARBIGRAPH_* settings but no secrets', () => {
    expect(
      runEnv({
        ARBIGRAPH_EPOCHS: '3',
        ARBIGRAPH_API_KEY: 'sk-1',
        ARBIGRAPH_BASE_URL: 'http://user:pw@host:8000/v1',
        HOME: '/root',
      }),
    ).toEqual({ ARBIGRAPH_BASE_URL: 'http://***@host:8000/v1', ARBIGRAPH_EPOCHS: '3' })
  })
})
