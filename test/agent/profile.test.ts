import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defaultRegistry } from '../../plugins/index.ts'
import { chain } from '../../plugins/topologies/chain.ts'
import {
  DEFAULT_TOPOLOGY_BUDGET,
  profileFor,
  resolveProfile,
  topologyBudget,
} from '../../src/agent/profile.ts'
import { topology } from '../../src/contracts/topology.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { getTopology } from '../../src/registry.ts'

const userTopology = (harness?: object) =>
  topology({
    name: 'mine',
    summary: 'a user topology',
    options: z.strictObject({}),
    defaults: { repeatTemplates: false, filter: 'shared', layout: 'single' },
    ...(harness ? { harness } : {}),
    build: () => createSkeleton().task('t1').target('t1'),
  })

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

  it('takes turn caps and repair budgets from the topology: the same as the reference for every built-in', () => {
    const registry = defaultRegistry()
    const shape = (name: string) => {
      const { maxTurns, repairBudget } = profileFor(getTopology(registry, name))
      return [maxTurns, repairBudget.toolRepair, repairBudget.finalAnswerRepair, repairBudget.cutoffRepair]
    }
    expect(shape('baseline')).toEqual([200, 5, 3, 3])
    expect(shape('forgetting')).toEqual([1200, 5, 12, 12])
    expect(shape('chain')).toEqual([1200, 5, 12, 12])
    expect(shape('multichain')).toEqual([2000, 5, 24, 24])
    expect(shape('dag')).toEqual([2000, 5, 24, 24])
    expect(shape('random')).toEqual([2000, 5, 24, 24])
  })

  it('gives a topology that declares no budget the documented default, and fills a partial one from it', () => {
    expect(topologyBudget(userTopology())).toEqual(DEFAULT_TOPOLOGY_BUDGET)
    expect(DEFAULT_TOPOLOGY_BUDGET).toEqual({
      maxTurns: 1200,
      repairBudget: { toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 12 },
    })
    const partial = profileFor(userTopology({ maxTurns: 50, repairs: { cutoffRepair: 1 } }))
    expect(partial.maxTurns).toBe(50)
    expect(partial.repairBudget).toEqual({ toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 1 })
  })

  it('rejects a bad topology budget where the topology is declared, naming the topology and field', () => {
    const bad = () => userTopology({ maxTurns: 0 })
    expect(bad).toThrow(ArbigraphError)
    expect(bad).toThrow(/topology "mine": harness\.maxTurns: /)
    expect(() => userTopology({ repairs: { toolRepairs: 2 } })).toThrow(
      /topology "mine": harness\.repairs: .*"toolRepairs"/,
    )
    // A plain object that skipped topology() is checked when its budget is read.
    const plain = { name: 'plain', harness: { repairs: { cutoffRepair: -1 } } }
    expect(() => topologyBudget(plain)).toThrow(/topology "plain": harness\.repairs\.cutoffRepair: /)
  })

  it('applies overrides on top of the topology defaults', () => {
    const profile = profileFor(chain, { protocol: 'text', maxTurns: 7, repairBudget: { cutoffRepair: 0 } })
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
