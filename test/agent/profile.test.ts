import { describe, expect, it } from 'vitest'
import { profileFor, resolveProfile } from '../../src/agent/profile.ts'
import { ArbigraphError } from '../../src/errors.ts'

describe('agent/profile', () => {
  it('defaults to the reference release settings', () => {
    expect(resolveProfile()).toEqual({
      protocol: 'chat',
      maxTokens: 16384,
      repairMaxTokens: 32768,
      maxTurns: 200,
      requireInitialCalculatorCall: true,
      repairBudget: { toolRepair: 5, finalAnswerRepair: 3, cutoffRepair: 3 },
      temperature: 0,
      topP: 0.95,
      requestTimeoutMs: 600_000,
      idleTimeoutMs: 120_000,
    })
  })

  it('takes turn caps and repair budgets from the topology', () => {
    const shape = (name: string) => {
      const { maxTurns, repairBudget } = profileFor(name)
      return [maxTurns, repairBudget.toolRepair, repairBudget.finalAnswerRepair, repairBudget.cutoffRepair]
    }
    expect(shape('baseline')).toEqual([200, 5, 3, 3])
    expect(shape('forgetting')).toEqual([1200, 5, 12, 12])
    expect(shape('chain')).toEqual([1200, 5, 12, 12])
    expect(shape('multichain')).toEqual([2000, 5, 24, 24])
    expect(shape('dag')).toEqual([2000, 5, 24, 24])
  })

  it('applies overrides on top of the topology defaults', () => {
    const profile = profileFor('chain', { protocol: 'text', maxTurns: 7, repairBudget: { cutoffRepair: 0 } })
    expect(profile).toMatchObject({ protocol: 'text', maxTurns: 7 })
    expect(profile.repairBudget).toEqual({ toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 0 })
  })

  it('rejects a bad field with ARBIGRAPH_BAD_CONFIG naming it', () => {
    const bad = () => resolveProfile({ repairBudget: { toolRepair: -1 } })
    expect(bad).toThrow(ArbigraphError)
    expect(bad).toThrow(/harness profile: repairBudget\.toolRepair: /)
    try {
      resolveProfile({ protocol: 'xml' as 'text' })
    } catch (error) {
      expect(error).toMatchObject({
        code: 'ARBIGRAPH_BAD_CONFIG',
        message: expect.stringContaining('protocol'),
      })
      return
    }
    expect.unreachable()
  })
})
