/**
 * Custom graphs with pinned tasks (issue 30, item 5): every shape the reference's custom
 * generator accepts generates here, and a graph that cannot work is refused naming the node and
 * the cause. task_id is the reference's canonical index: 21 GrayCodeSequence (scalar → list),
 * 10 ConvexHullArea (list → scalar), 30 DivisorSigmaSquare and 31 DivisorSum (scalar → scalar).
 */
import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import {
  expectConsistent,
  type RefEdge,
  type RefNode,
  refGraph,
  refPack,
  refPick,
  refTask,
} from '../fixtures/reference-graph.ts'
import { rejection } from '../rejection.ts'

const registry = defaultRegistry()
const ss = { input_kind: 'scalar', output_kind: 'scalar' }
const sl = { input_kind: 'scalar', output_kind: 'list' }

const spec = (graph: object, extra: Record<string, unknown> = {}) => ({
  topology: 'dag',
  options: { graph },
  categories: ['math'],
  samplesPerTask: 2,
  seed: 'pins',
  ...extra,
})

async function generates(targets: string | string[], nodes: RefNode[], edges: RefEdge[]) {
  const graph = refGraph(targets, nodes, edges)
  const { instances } = await generateDataset(spec(graph), { registry })
  expect(instances.length).toBeGreaterThan(0)
  for (const instance of instances) await expectConsistent(instance, graph, registry)
  return instances
}

describe('custom graphs with pinned tasks generate as the reference does', () => {
  it('the issue: a target pinning a task_id and feeding a later node', async () => {
    const instances = await generates(
      't2',
      [refTask('t1', ss), refTask('t2', { task_id: 30 }), refTask('t3', ss)],
      [
        ['t1', 't2'],
        ['t2', 't3'],
      ],
    )
    expect(instances.map((i) => i.task)).toEqual(['DivisorSigmaSquare', 'DivisorSigmaSquare'])
    expect(instances[0]!.id).toBe('dag/math/DivisorSigmaSquare#0')
  })

  it('a pinned list-writing target feeding picks, and a pinned target merged downstream by a pack', async () => {
    await generates(
      't1',
      [refTask('t1', { task_id: 21 }), refPick('a'), refPick('b', 1), refTask('t2', ss), refTask('t3', ss)],
      [
        ['t1', 'a'],
        ['t1', 'b'],
        ['a', 't2'],
        ['b', 't3'],
      ],
    )
    await generates(
      't2',
      [refTask('t1', ss), refTask('t2', { task_id: 31 }), refTask('x', ss), refPack('k'), refTask('t3')],
      [
        ['t1', 't2'],
        ['t2', 'k', 0],
        ['x', 'k', 1],
        ['k', 't3'],
      ],
    )
  })

  it('pins at a root, at an inner node and several in sequence, list and scalar kinds', async () => {
    await generates(
      't4',
      [
        refTask('t1', { ...sl, task_id: 21 }),
        refTask('t2', { input_kind: 'list', output_kind: 'scalar', task_id: 10 }),
        refTask('t3', { ...ss, task_id: 31 }),
        refTask('t4'),
      ],
      [
        ['t1', 't2'],
        ['t2', 't3'],
        ['t3', 't4'],
      ],
    )
  })

  it('several targets, one pinned, one fed through a pick', async () => {
    const instances = await generates(
      ['t2', 't4'],
      [refTask('t1', sl), refPick('p'), refTask('t2', { task_id: 30 }), refTask('t3', sl), refTask('t4')],
      [
        ['t1', 'p'],
        ['p', 't2'],
        ['t3', 't4'],
      ],
    )
    expect(new Set(instances.map((i) => i.task))).toEqual(new Set(['DivisorSigmaSquare']))
  })
})

describe('a custom graph that cannot work is refused with the node and the cause', () => {
  const refused = async (graph: object, extra: Record<string, unknown> = {}) =>
    rejection(generateDataset(spec(graph, extra), { registry }))

  it('a pinned target whose output its successor cannot read', async () => {
    const graph = refGraph(
      't2',
      [
        refTask('t1', ss),
        refTask('t2', { task_id: 30 }),
        refTask('t3', { input_kind: 'list', output_kind: 'list' }),
      ],
      [
        ['t1', 't2'],
        ['t2', 't3'],
      ],
    )
    const error = await refused(graph)
    expect(error.code).toBe('ARBIGRAPH_UNSATISFIABLE')
    expect(error.message).toBe(
      'node "t2": its successors ("t3") accept list, but its possible kinds are scalar->scalar, set by its pinned task_id 30; change the graph\'s kinds, pins or categories',
    )
  })

  it('a pinned target that a pick would read as a list', async () => {
    const graph = refGraph(
      't2',
      [refTask('t2', { task_id: 31 }), refPick('p'), refTask('t3', ss)],
      [
        ['t2', 'p'],
        ['p', 't3'],
      ],
    )
    expect((await refused(graph)).message).toContain(
      'node "t2": its successors ("p") accept list, but its possible kinds are scalar->scalar, set by its pinned task_id 31',
    )
  })

  it('a pinned target whose declared kinds contradict its pin', async () => {
    const graph = refGraph('t1', [refTask('t1', { task_id: 31, input_kind: 'list' })], [])
    expect((await refused(graph)).message).toBe(
      'topology "dag": "DivisorSum" cannot be a target: node "t1" declares input_kind list, but "DivisorSum" (scalar->scalar) does not read a list',
    )
  })

  it('an inner pin whose declared kinds contradict it', async () => {
    const graph = refGraph(
      't2',
      [refTask('t1', { input_kind: 'list', output_kind: 'list', task_id: 31 }), refTask('t2')],
      [['t1', 't2']],
    )
    expect((await refused(graph)).message).toBe(
      'node "t1": its declared kinds list->list contradict its pinned task_id 31, which takes scalar->scalar; change the graph\'s kinds, pins or categories',
    )
  })

  it('a task_id past the end of its family', async () => {
    for (const target of ['t1', 't2']) {
      const graph = refGraph(target, [refTask('t1', { ...ss, task_id: 40 }), refTask('t2')], [['t1', 't2']])
      const error = await refused(graph)
      expect(error.code).toBe('ARBIGRAPH_UNKNOWN_TEMPLATE')
      expect(error.message).toBe(
        'node "t1": task_id 40 is not a template of category "math" (its task_ids are 0–39)',
      )
    }
  })

  it('asking for another target than the one the graph pins', async () => {
    const graph = refGraph('t1', [refTask('t1', { task_id: 30 })], [])
    expect((await refused(graph, { targets: ['DivisorSum'] })).message).toBe(
      'topology "dag": "DivisorSum" cannot be a target: node "t1" is pinned to task_id 30 ("DivisorSigmaSquare"), so "DivisorSum" cannot be its template',
    )
  })

  it('an unpinned target no template fits: one reason per kinds, each naming its node', async () => {
    // t0's pin writes a list; the target declares that it reads a scalar.
    const graph = refGraph(
      't1',
      [refTask('t0', { task_id: 21 }), refTask('t1', { input_kind: 'scalar' })],
      [['t0', 't1']],
    )
    const error = await refused(graph)
    expect(error.code).toBe('ARBIGRAPH_UNSATISFIABLE')
    const reasons = error.message
      .replace(
        'topology "dag": no template of category "math" fits the target slot (category "math" has templates of kinds list->list, list->scalar, scalar->list, scalar->scalar): ',
        '',
      )
      .split(' | ')
    expect(reasons).toEqual([
      'list->list: topology "dag": "Convolution" cannot be a target: node "t1" declares input_kind scalar, but "Convolution" (list->list) does not read a scalar',
      'list->scalar: topology "dag": "ConvexHullArea" cannot be a target: node "t1" declares input_kind scalar, but "ConvexHullArea" (list->scalar) does not read a scalar',
      'scalar->list: node "t0": its successors ("t1") accept scalar, but its possible kinds are scalar->list, set by its pinned task_id 21; change the graph\'s kinds, pins or categories',
      'scalar->scalar: node "t0": its successors ("t1") accept scalar, but its possible kinds are scalar->list, set by its pinned task_id 21; change the graph\'s kinds, pins or categories',
    ])
  })
})
