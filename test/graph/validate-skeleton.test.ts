import { describe, expect, it } from 'vitest'
import type { Skeleton } from '../../src/contracts/skeleton.ts'
import type { ArbigraphError } from '../../src/errors.ts'
import { assertValidSkeleton } from '../../src/graph/assert-valid-skeleton.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { formatSkeletonIssues } from '../../src/graph/format-skeleton-issues.ts'
import { validateSkeleton } from '../../src/graph/validate-skeleton.ts'

const messages = (graph: Skeleton) => formatSkeletonIssues(validateSkeleton(graph), 100)

const thrown = (run: () => unknown): ArbigraphError => {
  try {
    run()
  } catch (error) {
    return error as ArbigraphError
  }
  throw new Error('expected an error')
}

describe('validateSkeleton', () => {
  it('accepts the pick/pack example', () => {
    const g = createSkeleton()
    g.task('t1').pick('p0', { from: 't1', index: 0 }).task('t2', { from: 'p0' })
    g.pick('p1', { from: 't1', index: 1 }).task('t3', { from: 'p1' })
    g.pack('k', { from: ['t2', 't3'] }).task('t4', { from: 'k' })
    expect(validateSkeleton(g.target('t4'))).toEqual([])
  })

  it('names the nodes of a cycle', () => {
    const g = createSkeleton()
      .task('a')
      .task('b', { from: 'a' })
      .task('c', { from: 'b' })
      .task('d', { from: 'c' }).graph
    g.addDirectedEdge('c', 'a')
    g.setAttribute('targets', ['d'])
    const issues = validateSkeleton(g)
    const cycle = issues.find((i) => i.code === 'ARBIGRAPH_CYCLE')
    expect(cycle?.message).toMatch(/the graph has a cycle "(a|b|c)" → .* → .* → "\1"/)
    for (const id of ['a', 'b', 'c']) expect(cycle?.message).toContain(`"${id}"`)
    expect(cycle?.message).not.toContain('"d"')
    const error = thrown(() => assertValidSkeleton(g, 'graph file "x.json"'))
    expect(error.code).toBe('ARBIGRAPH_CYCLE')
    expect(error.message).toContain('graph file "x.json" is not a valid task graph')
  })

  it('rejects a pick with two parents, naming both', () => {
    const g = createSkeleton()
      .task('t1')
      .task('t2')
      .pick('p', { from: 't1', index: 0 })
      .task('t3', { from: 'p' }).graph
    g.addDirectedEdge('t2', 'p')
    g.setAttribute('targets', ['t3'])
    expect(messages(g)).toContain(
      'nodes[2] ("p"): reads 2 inputs ("t1", "t2"); a pick reads exactly one list',
    )
    expect(thrown(() => assertValidSkeleton(g)).code).toBe('ARBIGRAPH_BAD_GRAPH')
  })

  it('rejects pack slots that are not 0..n-1', () => {
    const g = createSkeleton().task('a').task('b').graph
    g.addNode('k', { type: 'pack' })
    g.addDirectedEdge('a', 'k', { slot: 0 })
    g.addDirectedEdge('b', 'k', { slot: 2 })
    g.addNode('t', { type: 'task' })
    g.addDirectedEdge('k', 't')
    g.setAttribute('targets', ['t'])
    expect(messages(g)).toBe(
      'nodes[2] ("k").slot: input slots are {0, 2}; they must be exactly {0..1}, one per input',
    )
  })

  it('rejects a pack of more than 10 inputs instead of dropping the extras', () => {
    const g = createSkeleton()
    const ids = Array.from({ length: 11 }, (_, i) => `s${i}`)
    for (const id of ids) g.task(id)
    g.pack('k', { from: ids }).task('t', { from: 'k' })
    expect(messages(g.target('t'))).toContain(
      'nodes[11] ("k"): packs 11 inputs; at most 10 fit in the packed list',
    )
  })

  it('rejects junctions that feed nothing, two nodes or another junction, and a bad index', () => {
    const g = createSkeleton()
      .task('t1')
      .pick('p', { from: 't1', index: -1 })
      .pick('q', { from: 'p', index: 0 }).graph
    g.setAttribute('targets', ['t1'])
    const text = messages(g)
    expect(text).toContain('nodes[1] ("p").index: must be an integer ≥ 0, got -1')
    expect(text).toContain('nodes[1] ("p"): feeds pick junction "q"; a junction must feed a task')
    expect(text).toContain('nodes[2] ("q"): feeds nothing; a junction feeds exactly one task')
  })

  it('rejects a task with two inputs', () => {
    const g = createSkeleton().task('a').task('b').task('c', { from: 'a' }).graph
    g.addDirectedEdge('b', 'c')
    g.setAttribute('targets', ['c'])
    expect(messages(g)).toContain('nodes[2] ("c"): reads 2 inputs ("a", "b"); a task reads one value')
  })

  it('accepts nodes on neither side of a target, as the reference does: distractors, single or chained', () => {
    const g = createSkeleton().task('d').task('a').task('b', { from: 'a' }).task('c').target('c')
    expect(validateSkeleton(g)).toEqual([])
  })

  it('allows tasks downstream of a target, also through junctions', () => {
    const g = createSkeleton()
      .task('t1')
      .task('t2', { from: 't1' })
      .task('t3', { from: 't2' })
      .pick('p', { from: 't3', index: 0 })
      .task('t4', { from: 'p' })
      .target('t2')
    expect(validateSkeleton(g)).toEqual([])
  })

  it("accepts a branch merging with the target's output downstream, and a branch off its input", () => {
    // t1 (target) and x are packed for t2; y reads t1's producer r but feeds no target.
    const g = createSkeleton()
      .task('r')
      .task('t1', { from: 'r' })
      .task('y', { from: 'r' })
      .task('x')
      .pack('k', { from: ['t1', 'x'] })
      .task('t2', { from: 'k' })
    expect(validateSkeleton(g.target('t1'))).toEqual([])
  })

  it('walks upstream and downstream separately: a node between two targets still reaches past them', () => {
    // t2 is upstream of t3 and downstream of t1; t4 is downstream of t1 only through t2.
    const g = createSkeleton()
      .task('t1')
      .task('t2', { from: 't1' })
      .pick('p', { from: 't2', index: 0 })
      .task('t3', { from: 'p' })
      .pick('q', { from: 't2', index: 1 })
      .task('t4', { from: 'q' })
    expect(validateSkeleton(g.target('t3', 't1'))).toEqual([])
  })

  it('checks the declared targets', () => {
    const g = createSkeleton().task('t1').pick('p', { from: 't1', index: 0 }).task('t2', { from: 'p' }).graph
    g.setAttribute('targets', ['zz', 'p'])
    const text = messages(g)
    expect(text).toContain('graph.targets[0]: unknown node "zz"')
    expect(text).toContain('graph.targets[1]: "p" is a pick junction; a target must be a task slot')
    g.setAttribute('targets', [])
    expect(messages(g)).toContain('graph.targets: no target declared')
  })

  it('checks pinned kinds along edges and uses the label in messages', () => {
    const g = createSkeleton()
    g.task('t1', { outputKind: 'scalar', label: 'first' }).pick('p', { from: 't1', index: 0 })
    g.task('t2', { from: 'p', inputKind: 'list', outputKind: 'list' }).task('t3', {
      from: 't2',
      inputKind: 'scalar',
    })
    const issues = validateSkeleton(g.target('t3'))
    expect(issues.every((i) => i.code === 'ARBIGRAPH_KIND_MISMATCH')).toBe(true)
    const text = formatSkeletonIssues(issues)
    expect(text).toContain('nodes[0] ("first").output_kind: is "scalar", but pick junction "p" reads a list')
    expect(text).toContain(
      'nodes[2] ("t2").input_kind: is "list", but its input pick junction "p" gives a scalar',
    )
    expect(text).toContain('nodes[3] ("t3").input_kind: is "scalar", but its input task "t2" gives a list')
    expect(thrown(() => assertValidSkeleton(g.graph)).code).toBe('ARBIGRAPH_KIND_MISMATCH')
  })

  it('rejects an unpinned task read by both a pick and a pack', () => {
    const g = createSkeleton()
      .task('t1')
      .task('t0')
      .pick('p', { from: 't1', index: 0 })
      .task('t2', { from: 'p' })
    g.pack('k', { from: ['t1', 't0'] }).task('t3', { from: 'k' })
    expect(messages(g.target('t2', 't3'))).toBe(
      'nodes[0] ("t1").output_kind: pick junction "p" needs a list but pack junction "k" needs a scalar; one output cannot be both',
    )
  })

  it('rejects a slot on an edge that does not go into a pack', () => {
    const g = createSkeleton().task('a').task('b').graph
    g.addDirectedEdge('a', 'b', { slot: 0 })
    g.setAttribute('targets', ['b'])
    expect(messages(g)).toBe('edges[0].slot: "a" → "b": a slot only belongs on an edge into a pack')
  })
})
