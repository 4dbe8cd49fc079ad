import { describe, expect, it } from 'vitest'
import { multichain } from '../../plugins/topologies/multichain.ts'
import { random } from '../../plugins/topologies/random.ts'
import type { Skeleton } from '../../src/contracts/skeleton.ts'
import type { ArbigraphError } from '../../src/errors.ts'
import { assertValidIndex } from '../../src/graph/assert-valid-index.ts'
import { assertValidSkeleton } from '../../src/graph/assert-valid-skeleton.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { promptOrder } from '../../src/graph/index-order.ts'
import {
  compactSkeleton,
  indexSkeleton,
  pinTemplate,
  type SkeletonIndex,
  sameSkeleton,
  skeletonGraph,
} from '../../src/graph/skeleton-index.ts'
import { topologicalOrder } from '../../src/graph/topological-order.ts'
import { validateSkeleton } from '../../src/graph/validate-skeleton.ts'
import { createRng } from '../../src/rng.ts'

const SHAPES = [
  { nodes: 40 },
  { nodes: 300, fanIn: 4, width: 7, pickRate: 0.6 },
  { nodes: 500, fanIn: 1, pickRate: 0 },
  { nodes: 200, fanIn: 10, width: 3, pickRate: 1 },
]
const randomGraphs = (): [string, Skeleton][] =>
  SHAPES.flatMap((shape) =>
    [0, 1, 2].map((seed): [string, Skeleton] => [
      `${JSON.stringify(shape)} seed ${seed}`,
      random.build(random.options.parse(shape), createRng(seed).split('skeleton')),
    ]),
  )

const ids = (index: SkeletonIndex, positions: ArrayLike<number>) =>
  Array.from(positions, (i) => index.ids[i]!)
const neighbours = (index: SkeletonIndex, edges: SkeletonIndex['inputs'], i: number) =>
  ids(index, edges.to.subarray(edges.start[i]!, edges.start[i + 1]!))

function thrown(fn: () => unknown): ArbigraphError {
  try {
    fn()
  } catch (error) {
    return error as ArbigraphError
  }
  throw new Error('expected an error')
}

describe('skeleton index', () => {
  it("lists every node's inputs, pack slots and readers in graphology's order (random graphs, fixed seeds)", () => {
    for (const [name, graph] of randomGraphs()) {
      const index = indexSkeleton(graph)
      expect(index.ids, name).toEqual(graph.nodes())
      index.ids.forEach((id, i) => {
        expect(neighbours(index, index.inputs, i), name).toEqual(graph.inNeighbors(id))
        expect(neighbours(index, index.readers, i), name).toEqual(graph.outNeighbors(id))
        const slots = Array.from(
          index.inputSlots.subarray(index.inputs.start[i]!, index.inputs.start[i + 1]!),
        )
        expect(slots, name).toEqual(graph.mapInEdges(id, (_e, attributes) => attributes.slot ?? -1))
      })
      expect(ids(index, index.targets), name).toEqual(graph.getAttribute('targets'))
    }
  })

  it('keeps graphology’s order for integer-like ids, which it lists before the others', () => {
    const graph = createSkeleton()
      .task('x')
      .task('2')
      .pack('10', { from: ['x', '2'] })
      .task('c', { from: '10' })
      .target('c')
    const index = indexSkeleton(graph)
    const pack = index.ids.indexOf('10')
    expect(neighbours(index, index.inputs, pack)).toEqual(graph.inNeighbors('10'))
    expect(neighbours(index, index.inputs, pack)).toEqual(['2', 'x'])
  })

  it('gives the prompt order topologicalOrder gives the graph', () => {
    const multi = multichain.build(multichain.options.parse({}), createRng(0))
    for (const [name, graph] of [...randomGraphs(), ['multichain', multi] as [string, Skeleton]]) {
      const index = indexSkeleton(graph)
      expect(ids(index, promptOrder(index)), name).toEqual(topologicalOrder(graph))
    }
  })

  it('orders a graph whose insertion order is not topological by its graph (Kahn order)', () => {
    const graph = createSkeleton().task('late').task('early').task('last').graph
    graph.addDirectedEdge('early', 'late')
    graph.addDirectedEdge('late', 'last')
    const index = indexSkeleton(graph)
    expect(ids(index, promptOrder(index))).toEqual(topologicalOrder(graph))
    expect(ids(index, promptOrder(index))).toEqual(['early', 'late', 'last'])
  })

  it('round-trips through a graph: skeletonGraph rebuilds the same nodes, edges and targets', () => {
    for (const [name, graph] of randomGraphs()) {
      // Edge keys are graphology's running counters; everything else must match.
      const shape = (g: Skeleton) => ({
        ...g.export(),
        edges: g.export().edges.map(({ key: _key, ...e }) => e),
      })
      expect(shape(skeletonGraph(indexSkeleton(graph))), name).toEqual(shape(graph))
    }
  })

  it("random's index is the index of random's graph, for the same options and stream", () => {
    for (const shape of SHAPES) {
      for (const seed of [0, 5]) {
        const options = random.options.parse(shape)
        const laid = random.index!(options, createRng(seed).split('skeleton'))
        const built = indexSkeleton(random.build(options, createRng(seed).split('skeleton')))
        expect(sameSkeleton(laid, built), `${JSON.stringify(shape)} seed ${seed}`).toBe(true)
        expect(laid.graph).toBeUndefined()
      }
    }
  })

  it('tells different skeletons apart', () => {
    const a = random.index!(random.options.parse({ nodes: 50 }), createRng(1))
    const b = random.index!(random.options.parse({ nodes: 50 }), createRng(2))
    expect(sameSkeleton(a, a)).toBe(true)
    expect(sameSkeleton(a, b)).toBe(false)
    expect(sameSkeleton(a, pinTemplate(a, a.targets[0]!, 'math', 'DivisorSum'))).toBe(false)
  })

  it('pins a template on a copy and keeps the graph the index came from', () => {
    const graph = createSkeleton().task('a').task('b', { from: 'a' }).target('b')
    const index = indexSkeleton(graph)
    const pinned = pinTemplate(index, 1, 'math', 'DivisorSum')
    expect(pinned.slots[1]).toEqual({ type: 'task', family: 'math', template: 'DivisorSum' })
    expect(index.slots[1]).toEqual({ type: 'task' })
    expect(pinned.graph).toBe(graph)
    expect(graph.getNodeAttributes('b')).toEqual({ type: 'task' })
    // Same fields in the same order as a spread copy, whatever the slot holds besides its type.
    for (const slot of [
      { type: 'task' },
      { type: 'task', inputKind: 'list', label: 'b' },
      { type: 'task', family: 'gsm', template: 'Old', outputKind: 'scalar' },
    ] as const) {
      const other = pinTemplate({ ...index, slots: [index.slots[0]!, slot] }, 1, 'math', 'DivisorSum')
      expect(JSON.stringify(other.slots[1])).toBe(
        JSON.stringify({ ...slot, family: 'math', template: 'DivisorSum' }),
      )
    }
  })

  it('places pack slots with their edges when laid out directly', () => {
    const index = compactSkeleton(
      ['a', 'b', 'k', 'c'],
      [{ type: 'task' }, { type: 'task' }, { type: 'pack' }, { type: 'task' }],
      Int32Array.of(1, 0, 2),
      Int32Array.of(2, 2, 3),
      Int32Array.of(0, 1, -1),
      [3],
    )
    expect(neighbours(index, index.inputs, 2)).toEqual(['b', 'a'])
    expect(Array.from(index.inputSlots.subarray(0, 2))).toEqual([0, 1])
    expect(neighbours(index, index.readers, 0)).toEqual(['k'])
    expect(skeletonGraph(index).getEdgeAttributes('b', 'k')).toEqual({ slot: 0 })
  })
})

describe('assertValidIndex', () => {
  it('accepts every random layout (fixed seeds)', () => {
    for (const shape of SHAPES) {
      const index = random.index!(random.options.parse(shape), createRng(3))
      expect(assertValidIndex(index)).toBe(index)
    }
  })

  it('rejects a laid-out index with the words the graph validator uses', () => {
    // Task "c" reads two inputs: a task reads one value.
    const twoInputs = compactSkeleton(
      ['a', 'b', 'c'],
      [{ type: 'task' }, { type: 'task' }, { type: 'task' }],
      Int32Array.of(0, 1),
      Int32Array.of(2, 2),
      Int32Array.of(-1, -1),
      [2],
    )
    const error = thrown(() => assertValidIndex(twoInputs, 'the sample skeleton'))
    const expected = thrown(() => assertValidSkeleton(skeletonGraph(twoInputs), 'the sample skeleton'))
    expect(error.code).toBe('ARBIGRAPH_BAD_GRAPH')
    expect(error.message).toBe(expected.message)
    expect(error.message).toContain('reads 2 inputs ("a", "b")')
  })

  it('accepts a laid-out index with a chain on neither side of its target, as a graph would be', () => {
    const stray = compactSkeleton(
      ['a', 'b', 'p', 'c'],
      [{ type: 'task' }, { type: 'task' }, { type: 'pick', index: 0 }, { type: 'task' }],
      Int32Array.of(1, 2),
      Int32Array.of(2, 3),
      Int32Array.of(-1, -1),
      [0],
    )
    expect(assertValidIndex(stray)).toBe(stray)
    expect(validateSkeleton(skeletonGraph(stray))).toEqual([])
  })

  it('validates a graph-made index as its graph', () => {
    const graph = createSkeleton()
      .task('a')
      .pick('p', { from: 'a', index: -1 })
      .task('b', { from: 'p' })
      .target('b')
    expect(thrown(() => assertValidIndex(indexSkeleton(graph))).message).toContain('must be an integer ≥ 0')
  })
})
