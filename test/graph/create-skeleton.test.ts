import { describe, expect, it } from 'vitest'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'

describe('createSkeleton', () => {
  it('builds nodes in call order with pack slots by position', () => {
    const g = createSkeleton()
      .task('a')
      .task('b')
      .pack('k', { from: ['b', 'a'] })
      .task('c', { from: 'k' })
      .target('c')
    expect(g.nodes()).toEqual(['a', 'b', 'k', 'c'])
    expect(g.getEdgeAttributes('b', 'k')).toEqual({ slot: 0 })
    expect(g.getEdgeAttributes('a', 'k')).toEqual({ slot: 1 })
    expect(g.getAttribute('targets')).toEqual(['c'])
  })

  it('rejects duplicate ids, unknown sources and unknown targets', () => {
    expect(() => createSkeleton().task('a').task('a')).toThrow(
      'graph/createSkeleton: node "a" is added twice',
    )
    expect(() => createSkeleton().task('b', { from: 'a' })).toThrow(
      'node "b" reads from "a", which is not added yet',
    )
    expect(() => createSkeleton().task('a').target('z')).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_GRAPH',
        message: 'graph/createSkeleton: target "z" is not a node',
      }),
    )
  })
})
