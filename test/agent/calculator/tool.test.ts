import { describe, expect, it } from 'vitest'
import {
  calculatorTool,
  normalizeToolArguments,
  runCalculator,
  runCalculatorCall,
} from '../../../src/agent/calculator/index.ts'
import { ArbigraphError } from '../../../src/errors.ts'

describe('calculatorTool', () => {
  it('is an OpenAI function tool named calculator with expressions required', () => {
    expect(calculatorTool.type).toBe('function')
    expect(calculatorTool.function.name).toBe('calculator')
    expect(calculatorTool.function.parameters.required).toEqual(['expressions'])
    expect(calculatorTool.function.parameters.properties.expressions.items).toEqual({ type: 'string' })
    expect(calculatorTool.function.description).toContain('gcd')
  })
})

describe('normalizeToolArguments › accepted shapes (reference §1.4)', () => {
  it.each([
    ['an object with expressions', { expressions: ['1+2'] }, { expressions: ['1+2'] }],
    ['an object with expression', { expression: '1+2' }, { expression: '1+2' }],
    ['a JSON string of an object', '{"expressions": ["1+2"]}', { expressions: ['1+2'] }],
    ['a JSON string of a list', '["1+2", "3"]', { expressions: ['1+2', '3'] }],
    ['a plain string', '1+2', { expression: '1+2' }],
    ['a JSON scalar string stays raw', '5', { expression: '5' }],
    ['a bare list', ['1', '2'], { expressions: ['1', '2'] }],
    [
      'a lone arguments key, unwrapped',
      { arguments: { arguments: { expression: '7' } } },
      { expression: '7' },
    ],
    ['a lone arguments key holding JSON', { arguments: '{"expressions": ["4"]}' }, { expressions: ['4'] }],
    [
      'a nested arguments key, merged',
      { name: 'calculator', arguments: { expressions: ['4'] } },
      { expressions: ['4'] },
    ],
    ['expressions as a JSON string', { expressions: '["1", "2"]' }, { expressions: ['1', '2'] }],
    ['expressions as a plain string', { expressions: '1+1' }, { expressions: ['1+1'] }],
    ['a non-string expression, stringified', { expression: 5 }, { expression: '5' }],
    ['a null expression, as Python prints it', { expression: null }, { expression: 'None' }],
  ])('%s', (_name, raw, want) => {
    expect(normalizeToolArguments(raw)).toEqual(want)
  })

  it.each([
    [42, 'got int'],
    [null, 'got NoneType'],
    [true, 'got bool'],
    [{ foo: 1 }, 'expected "expressions" (array of strings) or "expression" (string), got keys ["foo"]'],
    [{ expressions: 5 }, '"expressions" must be an array of strings, got int'],
  ])('rejects %j with a coded error', (raw, fragment) => {
    let caught: unknown
    try {
      normalizeToolArguments(raw)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ArbigraphError)
    expect((caught as ArbigraphError).code).toBe('ARBIGRAPH_BAD_INPUT')
    expect((caught as ArbigraphError).message).toContain(fragment)
  })
})

describe('runCalculator › result text', () => {
  it('returns {"results": [...]} as Python json.dumps writes it', () => {
    expect(runCalculator({ expressions: ['1+2', '7/2', '1/0'] })).toBe(
      '{"results": ["3", "3.5", "Error: division by zero"]}',
    )
  })

  it('returns the bare string for the legacy expression field', () => {
    expect(runCalculator({ expression: '60 / 120 * 100' })).toBe('50.0')
  })

  it('reports non-string items with their Python type name', () => {
    expect(runCalculator({ expressions: [5, 2.5, null, ['1'], '2'] })).toBe(
      '{"results": ["Error: expression must be a string, got int", "Error: expression must be a string, got float", ' +
        '"Error: expression must be a string, got NoneType", "Error: expression must be a string, got list", "2"]}',
    )
  })

  it('escapes non-ASCII in results as json.dumps does', () => {
    expect(runCalculator({ expressions: ['3×4'] })).toBe(
      '{"results": ["Error: unsupported character \'\\u00d7\' (U+00D7) at position 1; write \'*\' instead"]}',
    )
  })

  it('refuses more than 64 expressions in one call', () => {
    expect(runCalculator({ expressions: Array.from({ length: 65 }, () => '1') })).toBe(
      'Error: too many expressions (65); send at most 64 per call',
    )
  })
})

describe('runCalculatorCall', () => {
  it('normalizes then runs', () => {
    expect(runCalculatorCall('{"expression": "2**-1"}')).toBe('0.5')
    expect(runCalculatorCall(['-7//2'])).toBe('{"results": ["-4"]}')
  })

  it('answers Failed to parse arguments for unusable shapes', () => {
    expect(runCalculatorCall(42)).toBe(
      'Failed to parse arguments: expected an object with "expressions" or "expression", got int',
    )
  })
})
