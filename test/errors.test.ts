import { describe, expect, it } from 'vitest'
import { CalculatorError } from '../src/agent/calculator/calculator-error.ts'
import { ArbigraphError } from '../src/errors.ts'

describe('ArbigraphError', () => {
  it('an error made by another copy of the class (the bundled CLI, the unbundled package) is ours', async () => {
    // The same file under another URL: a second copy of the module, as the bundled CLI has.
    const copy = new URL('../src/errors.ts?copy', import.meta.url).href
    const other = (await import(/* @vite-ignore */ copy)) as typeof import('../src/errors.ts')
    expect(other.ArbigraphError).not.toBe(ArbigraphError)
    const error = new other.ArbigraphError('ARBIGRAPH_BAD_INPUT', 'from the other copy')
    expect(error instanceof ArbigraphError).toBe(true)
    expect(new ArbigraphError('ARBIGRAPH_BAD_INPUT', 'x') instanceof other.ArbigraphError).toBe(true)
  })

  it('plain errors are not ours, and subclasses still check their own class', () => {
    expect(new Error('x') instanceof ArbigraphError).toBe(false)
    expect({ code: 'ARBIGRAPH_BAD_INPUT' } instanceof ArbigraphError).toBe(false)
    expect(new ArbigraphError('ARBIGRAPH_BAD_INPUT', 'x') instanceof CalculatorError).toBe(false)
    const calc = new CalculatorError('ZeroDivisionError', 'division by zero')
    expect(calc instanceof CalculatorError && calc instanceof ArbigraphError).toBe(true)
  })
})
