import { describe, expect, it } from 'vitest'
import { multichain } from '../../plugins/topologies/multichain.ts'
import type { ArbigraphError } from '../../src/errors.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { importNodeLink } from '../../src/graph/import-node-link.ts'
import { topologicalOrder } from '../../src/graph/topological-order.ts'
import { createRng } from '../../src/rng.ts'

describe('topologicalOrder', () => {
  it('numbers multichain tasks branch by branch and prints each junction before its reader', () => {
    const g = multichain.build(multichain.options.parse({}), createRng(0))
    expect(topologicalOrder(g)).toEqual([
      't1',
      't2',
      'pick1_0',
      't3',
      't4',
      'pick1_1',
      't5',
      't6',
      'pack1',
      't7',
      't8',
    ])
  })

  it('numbers a reference file by Kahn generations and a standard file by its node order', () => {
    const file = (graph: object) => ({
      graph,
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      edges: [{ source: 'a', target: 'b' }],
    })
    expect(topologicalOrder(importNodeLink(file({ target_node: 'b' })))).toEqual(['a', 'c', 'b'])
    expect(topologicalOrder(importNodeLink(file({ targets: ['b', 'c'] })))).toEqual(['a', 'b', 'c'])
  })

  it('falls back to Kahn order when insertion order is not topological', () => {
    const g = createSkeleton().task('late').task('early').graph
    g.addDirectedEdge('early', 'late')
    expect(topologicalOrder(g)).toEqual(['early', 'late'])
  })

  it('throws ARBIGRAPH_CYCLE naming the cycle', () => {
    const g = createSkeleton().task('a').task('b', { from: 'a' }).graph
    g.addDirectedEdge('b', 'a')
    try {
      topologicalOrder(g)
      expect.unreachable()
    } catch (error) {
      expect((error as ArbigraphError).code).toBe('ARBIGRAPH_CYCLE')
      expect((error as Error).message).toMatch(
        /graph\/topologicalOrder: the graph has a cycle "(a|b)" → "(a|b)" → "\1"/,
      )
    }
  })
})
