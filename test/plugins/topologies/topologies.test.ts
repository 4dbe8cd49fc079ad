import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  baseline,
  chain,
  dag,
  forgetting,
  multichain,
  random,
  topologies,
} from '../../../plugins/topologies/index.ts'
import type { Skeleton } from '../../../src/contracts/skeleton.ts'
import type { Topology } from '../../../src/contracts/topology.ts'
import { exportNodeLink } from '../../../src/graph/export-node-link.ts'
import { topologicalOrder } from '../../../src/graph/topological-order.ts'
import { validateSkeleton } from '../../../src/graph/validate-skeleton.ts'
import { createRng } from '../../../src/rng.ts'

const rng = createRng(0)
const edges = (g: Skeleton) => exportNodeLink(g).edges
const issues = (
  schema: {
    safeParse(v: unknown): {
      success: boolean
      error?: { issues: { path: PropertyKey[]; message: string }[] }
    }
  },
  value: unknown,
) => (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)

describe('built-in topologies', () => {
  it('all build valid skeletons from their default options', () => {
    const example = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../examples/graphs/pick-pack.json'), 'utf8'),
    )
    for (const topology of topologies as readonly Topology<unknown>[]) {
      const options = topology.options.parse(topology.name === 'dag' ? { graph: example } : undefined)
      expect(validateSkeleton(topology.build(options, rng)), topology.name).toEqual([])
    }
    expect(topologies.map((t) => [t.name, t.defaults.layout, t.defaults.filter])).toEqual([
      ['baseline', 'single', 'baseline'],
      ['forgetting', 'independent', 'shared'],
      ['chain', 'dependent', 'shared'],
      ['multichain', 'dependent', 'shared'],
      ['dag', 'dependent', 'shared'],
      ['random', 'dependent', 'shared'],
    ])
  })

  it('baseline, forgetting and chain have their shapes', () => {
    expect(baseline.build(baseline.options.parse({}), rng).nodes()).toEqual(['t1'])
    const f = forgetting.build(forgetting.options.parse({ distractors: 2 }), rng)
    expect([f.nodes(), f.size, f.getAttribute('targets')]).toEqual([['t1', 't2', 't3'], 0, ['t3']])
    const c = chain.build(chain.options.parse({}), rng)
    expect(c.getAttribute('targets')).toEqual(['t4'])
    expect(edges(c)).toEqual([
      { source: 't1', target: 't2' },
      { source: 't2', target: 't3' },
      { source: 't3', target: 't4' },
    ])
    expect(issues(chain.options, { length: 0 })).toEqual(['length: Too small: expected number to be >=1'])
    expect(issues(forgetting.options, { distractors: 1, extra: 1 })[0]).toContain('Unrecognized key')
  })
})

describe('multichain', () => {
  it('builds the paper structure with picks by branch index and packs by slot', () => {
    const g = multichain.build(
      multichain.options.parse({ structure: "['m','m',['m','m'],['m','m'],'m','m']" }),
      rng,
    )
    expect(g.getAttribute('targets')).toEqual(['t8'])
    expect(g.getNodeAttributes('pick1_1')).toEqual({ type: 'pick', index: 1 })
    expect(g.getEdgeAttributes('t6', 'pack1')).toEqual({ slot: 1 })
    expect(g.inNeighbors('t7')).toEqual(['pack1'])
    expect(g.getNodeAttributes('t5')).toEqual({ type: 'task', family: 'math' })
  })

  it('handles several blocks and families', () => {
    const structure = ['g', ['m'], ['p', 'p', 'p'], ['m'], 'math', ['m'], ['m'], 'm']
    const g = multichain.build(multichain.options.parse({ structure }), rng)
    expect(validateSkeleton(g)).toEqual([])
    expect(topologicalOrder(g).filter((id) => g.getNodeAttribute(id, 'type') === 'task')).toEqual(
      Array.from({ length: 10 }, (_, i) => `t${i + 1}`),
    )
    expect(g.getNodeAttributes('t1')).toEqual({ type: 'task', family: 'gsm' })
    expect(g.getNodeAttributes('t3')).toEqual({ type: 'task', family: 'python' })
    expect(g.inNeighbors('pack1')).toEqual(['t2', 't5', 't6'])
    expect(g.inNeighbors('pick2_1')).toEqual(['t7'])
  })

  it('leaves * tasks (and the whole default layout) to the dataset categories', () => {
    const mixed = multichain.build(multichain.options.parse({ structure: "[*, ['*', p], [m], '*']" }), rng)
    expect(mixed.getNodeAttributes('t1')).toEqual({ type: 'task' })
    expect(mixed.getNodeAttributes('t2')).toEqual({ type: 'task' })
    expect(mixed.getNodeAttributes('t3')).toEqual({ type: 'task', family: 'python' })
    expect(mixed.getNodeAttributes('t4')).toEqual({ type: 'task', family: 'math' })
    const paper = multichain.build(multichain.options.parse({}), rng)
    const tasks = paper.filterNodes((_, a) => a.type === 'task')
    expect(tasks).toHaveLength(8)
    expect(tasks.map((id) => paper.getNodeAttributes(id))).toEqual(tasks.map(() => ({ type: 'task' })))
  })

  it('explains structure errors', () => {
    expect(issues(multichain.options, { structure: "['m',['m'],'m']" })).toEqual([
      'structure.1: a branch block needs at least 2 branches, found 1',
    ])
    expect(issues(multichain.options, { structure: [['m'], ['m'], 'm'] })).toEqual([
      'structure.0: a branch block needs a flat task before it (its branches pick from that output)',
    ])
    expect(issues(multichain.options, { structure: ['m', ['m'], ['m']] })).toEqual([
      'structure.2: a branch block needs a flat task after it (it reads the packed branch outputs)',
    ])
    expect(issues(multichain.options, { structure: ['m', 'm'] })[0]).toContain(
      'structure: needs at least one branch block',
    )
    const eleven = ['m', ...Array.from({ length: 11 }, () => ['m']), 'm']
    expect(issues(multichain.options, { structure: eleven })).toEqual([
      'structure.1: a branch block holds at most 10 branches (the packed list has 10 slots), found 11',
    ])
    expect(issues(multichain.options, { structure: ['m', [], ['m'], 'm'] })).toEqual([
      'structure.1: a branch needs at least one task',
    ])
    expect(issues(multichain.options, { structure: ['m', [['m']], ['m'], 'm'] })[0]).toContain('structure.1')
    expect(issues(multichain.options, { structure: "['m', ['m', 'm'" })).toEqual([
      `structure: expected "," or "]" but found "the end" in "['m', ['m', 'm'"`,
    ])
  })
})

describe('dag', () => {
  it('rejects a bad graph when the options are parsed', () => {
    const [message] = issues(dag.options, { graph: { nodes: [{ id: 'a' }] } })
    expect(message).toContain(
      'graph: graph/importNodeLink: the "graph" option of topology "dag" is not a valid task graph',
    )
    expect(message).toContain('graph: no target declared')
    expect(issues(dag.options, {})[0]).toContain('give the node-link JSON object')
  })
})

describe('random', () => {
  const build = (options: object, seed: number | string) =>
    random.build(random.options.parse(options), createRng(seed).split('random'))

  it('is deterministic: same seed, identical export; another seed differs', () => {
    const a = JSON.stringify(exportNodeLink(build({ nodes: 500, fanIn: 3 }, 1)))
    expect(JSON.stringify(exportNodeLink(build({ nodes: 500, fanIn: 3 }, 1)))).toBe(a)
    expect(JSON.stringify(exportNodeLink(build({ nodes: 500, fanIn: 3 }, 2)))).not.toBe(a)
  })

  it('is always valid, uses picks and packs, respects width and fan-in, and is kind-satisfiable', () => {
    for (let seed = 0; seed < 40; seed++) {
      const options = {
        nodes: 1 + ((seed * 7) % 60),
        width: 1 + (seed % 5),
        fanIn: 1 + (seed % 4),
        pickRate: (seed % 3) / 2,
      }
      const g = build(options, seed)
      expect(validateSkeleton(g), JSON.stringify(options)).toEqual([])
      g.forEachNode((id, slot) => {
        if (slot.type === 'pack') expect(g.inDegree(id)).toBeLessThanOrEqual(options.fanIn)
      })
      // Pin kinds the way any generator could: outputs from the readers, inputs from the source.
      g.forEachNode((id, slot) => {
        if (slot.type !== 'task') return
        const read = g.outNeighbors(id).map((n) => g.getNodeAttribute(n, 'type'))
        slot.outputKind = read.includes('pick') ? 'list' : 'scalar'
      })
      g.forEachNode((id, slot) => {
        if (slot.type !== 'task') return
        const [source] = g.inNeighbors(id)
        if (source === undefined) return
        const from = g.getNodeAttributes(source)
        slot.inputKind = from.type === 'task' ? from.outputKind! : from.type === 'pick' ? 'scalar' : 'list'
      })
      expect(validateSkeleton(g)).toEqual([])
    }
    const big = build({ nodes: 2000 }, 'mix')
    const count = (type: string) => big.filterNodes((_id, slot) => slot.type === type).length
    expect(count('task')).toBe(2000)
    expect(count('pick')).toBeGreaterThan(50)
    expect(count('pack')).toBeGreaterThan(50)
  })

  // Speed is measured by `npm run bench:generate`, not asserted here (timing depends on machine load).
  it('builds and validates 10,000 tasks', () => {
    build({ nodes: 1000 }, 'warm-up')
    const start = performance.now()
    const g = build({ nodes: 10_000 }, 'big')
    const built = performance.now() - start
    const validated = performance.now()
    expect(validateSkeleton(g)).toEqual([])
    const validateMs = performance.now() - validated
    console.info(
      `random: 10,000 tasks (${g.order} nodes, ${g.size} edges, ${g.getAttribute('targets').length} targets) built in ${built.toFixed(0)} ms, validated in ${validateMs.toFixed(0)} ms`,
    )
    expect(g.filterNodes((_id, slot) => slot.type === 'task').length).toBe(10_000)
  })
})
