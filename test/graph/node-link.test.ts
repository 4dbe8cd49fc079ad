import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { multichain } from '../../plugins/topologies/multichain.ts'
import { random } from '../../plugins/topologies/random.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { exportNodeLink } from '../../src/graph/export-node-link.ts'
import { importNodeLink } from '../../src/graph/import-node-link.ts'
import { readNodeLinkFile } from '../../src/graph/read-node-link-file.ts'
import { topologicalOrder } from '../../src/graph/topological-order.ts'
import { createRng } from '../../src/rng.ts'

const examples = join(import.meta.dirname, '../../examples/graphs')

const failure = (run: () => unknown): ArbigraphError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ArbigraphError)
    return error as ArbigraphError
  }
  throw new Error('expected an error')
}

const tiny = (edges: object, extra: object = {}) => ({
  directed: true,
  multigraph: false,
  graph: { target_node: 'b' },
  nodes: [
    { id: 'a', kind: 'task' },
    { id: 'b', kind: 'task' },
  ],
  ...edges,
  ...extra,
})

describe('importNodeLink', () => {
  it('reads the reference pick/pack example and numbers it like the reference', () => {
    const { skeleton } = readNodeLinkFile(join(examples, 'pick-pack.json'))
    expect(skeleton.getAttribute('targets')).toEqual(['t4'])
    expect(skeleton.getNodeAttributes('a2')).toEqual({ type: 'pick', index: 1 })
    expect(skeleton.getNodeAttributes('t1')).toEqual({
      type: 'task',
      family: 'math',
      inputKind: 'scalar',
      outputKind: 'list',
    })
    expect(skeleton.getEdgeAttributes('t3', 'a3')).toEqual({ slot: 1 })
    expect(topologicalOrder(skeleton)).toEqual(['t1', 'a1', 't2', 'a2', 't3', 'a3', 't4'])
  })

  it('accepts edges or links, and target or destination', () => {
    const base = exportNodeLink(importNodeLink(tiny({ edges: [{ source: 'a', target: 'b' }] })))
    for (const variant of [
      { links: [{ source: 'a', target: 'b' }] },
      { edges: [{ source: 'a', destination: 'b' }] },
      { links: [{ source: 'a', destination: 'b' }] },
    ])
      expect(exportNodeLink(importNodeLink(tiny(variant)))).toEqual(base)
    expect(base.edges).toEqual([{ source: 'a', target: 'b' }])
  })

  it('rejects edges and links together, and an edge with both endpoint keys', () => {
    const both = failure(() => importNodeLink(tiny({ edges: [], links: [] })))
    expect(both.message).toContain('links: give edges or links, not both')
    const ends = failure(() =>
      importNodeLink(tiny({ edges: [{ source: 'a', target: 'b', destination: 'b' }] })),
    )
    expect(ends.message).toContain('edges[0].destination: give target or destination, not both')
  })

  it('names unknown keys and unknown nodes', () => {
    const json = tiny({ edges: [{ source: 'a', destination: 'x' }] })
    ;(json.nodes[1] as Record<string, unknown>).colour = 'red'
    const shape = failure(() => importNodeLink(json, { source: 'graph file "g.json"' }))
    expect(shape.code).toBe('ARBIGRAPH_BAD_GRAPH')
    expect(shape.message).toContain('graph file "g.json" is not a valid task graph')
    expect(shape.message).toMatch(/nodes\[1\] \("b"\)\.colour: unknown key; known keys: id, kind, op, index/)
    delete (json.nodes[1] as Record<string, unknown>).colour
    expect(failure(() => importNodeLink(json)).message).toContain('edges[0].destination: unknown node "x"')
  })

  it('requires declared targets and checks them', () => {
    const none = failure(() =>
      importNodeLink({ nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ source: 'a', target: 'b' }] }),
    )
    expect(none.message).toContain('graph: no target declared; set graph.targets')
    const unknown = failure(() => importNodeLink({ graph: { target_node: 't9' }, nodes: [{ id: 'a' }] }))
    expect(unknown.message).toContain('graph.target_node: unknown node "t9"')
  })

  it('reports a cycle with the node names and the cycle code', () => {
    const json = tiny({
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
    })
    const error = failure(() => importNodeLink(json))
    expect(error.code).toBe('ARBIGRAPH_CYCLE')
    expect(error.message).toMatch(/cycle "(a|b)" → "(a|b)" → "\1"/)
  })

  it('reports kind mismatches with the file field names', () => {
    const json = {
      graph: { targets: ['t2'] },
      nodes: [
        { id: 't1', output_kind: 'scalar' },
        { id: 'p', kind: 'adapter', op: 'pick', index: 0 },
        { id: 't2' },
      ],
      edges: [
        { source: 't1', target: 'p' },
        { source: 'p', target: 't2' },
      ],
    }
    const error = failure(() => importNodeLink(json))
    expect(error.code).toBe('ARBIGRAPH_KIND_MISMATCH')
    expect(error.message).toContain(
      'nodes[0] ("t1").output_kind: is "scalar", but pick junction "p" reads a list',
    )
  })

  it('rejects malformed node fields with their paths', () => {
    const json = {
      graph: { targets: ['a'] },
      nodes: [
        { id: 'a', task_id: 3 },
        { id: 'p', kind: 'adapter', op: 'pick' },
        { id: 'a', kind: 'task' },
        { id: 'q', kind: 'adapter', op: 'pack', family: 'math' },
      ],
    }
    const text = failure(() => importNodeLink(json)).message
    expect(text).toContain('nodes[0] ("a").task_id: a task_id is an index into a family: set family too')
    expect(text).toContain('nodes[1] ("p").index: a pick needs the list position to take')
    expect(text).toContain('nodes[2] ("a").id: duplicate id; first used by nodes[0]')
    expect(text).toContain('nodes[3] ("q").family: only task nodes take this key')
    const kind = failure(() =>
      importNodeLink({ nodes: [{ id: 'a', input_kind: 'vector' }], graph: { targets: ['a'] } }),
    )
    expect(kind.message).toContain('nodes[0] ("a").input_kind: must be "scalar" or "list"')
  })

  it('keeps a numeric task_id as a canonical index, or resolves it', () => {
    const json = { graph: { target_node: 0 }, nodes: [{ id: 0, family: 'math', task_id: 21 }] }
    expect(importNodeLink(json).getNodeAttributes('0')).toEqual({
      type: 'task',
      family: 'math',
      template: '#21',
    })
    const resolved = importNodeLink(json, {
      resolveTemplate: (family, i) => (family === 'math' && i === 21 ? 'GrayCode' : undefined),
    })
    expect(resolved.getNodeAttributes('0')).toEqual({ type: 'task', family: 'math', template: 'GrayCode' })
    const missing = failure(() => importNodeLink(json, { resolveTemplate: () => undefined }))
    expect(missing.message).toContain('nodes[0] ("0").task_id: family "math" has no template at index 21')
  })

  it('numbers integer ids in NetworkX order, not JavaScript key order', () => {
    const json = {
      graph: { targets: [10, 2, 'b'] },
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 10 }, { id: 2 }],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'a', target: 10 },
        { source: 'a', target: 2 },
      ],
    }
    expect(topologicalOrder(importNodeLink(json))).toEqual(['a', 'b', '10', '2'])
  })

  it('reads the standard form (template, targets, label) and the links + integer-id example', () => {
    const diamond = readNodeLinkFile(join(examples, 'diamond.json')).skeleton
    expect(diamond.getNodeAttributes('seed')).toEqual({
      type: 'task',
      family: 'math',
      template: 'Convolution',
      label: 'Convolve the input',
    })
    const two = readNodeLinkFile(join(examples, 'two-targets.json')).skeleton
    expect(two.getAttribute('targets')).toEqual(['2', '4'])
  })
})

describe('readNodeLinkFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-graph-'))

  it('names the file and position of malformed JSON', () => {
    const path = join(dir, 'broken.json')
    writeFileSync(path, '{\n  "nodes": [\n    {"id": "a",}\n  ]\n}\n')
    const error = failure(() => readNodeLinkFile(path))
    expect(error.code).toBe('ARBIGRAPH_BAD_GRAPH')
    expect(error.message).toContain(`graph file "${path}" is not valid JSON at line 3`)
  })

  it('names a missing file', () => {
    const error = failure(() => readNodeLinkFile(join(dir, 'nope.json')))
    expect(error.code).toBe('ARBIGRAPH_BAD_INPUT')
    expect(error.message).toContain('nope.json": no such file')
  })
})

describe('exportNodeLink', () => {
  const roundTrip = (json: unknown) => exportNodeLink(importNodeLink(json))

  it('round-trips: export → import → export is the identity', () => {
    const graphs = [
      readNodeLinkFile(join(examples, 'pick-pack.json')).skeleton,
      readNodeLinkFile(join(examples, 'diamond.json')).skeleton,
      multichain.build(multichain.options.parse({}), createRng(0)),
      random.build(random.options.parse({ nodes: 300, fanIn: 4, pickRate: 0.4 }), createRng(3)),
    ]
    for (const graph of graphs) {
      const json = exportNodeLink(graph)
      expect(roundTrip(JSON.parse(JSON.stringify(json)))).toEqual(json)
      expect(importNodeLink(json).export().nodes).toEqual(graph.export().nodes)
    }
  })

  it('writes the standard form', () => {
    const json = exportNodeLink(readNodeLinkFile(join(examples, 'pick-pack.json')).skeleton)
    expect(json.graph).toEqual({ targets: ['t4'] })
    expect(json.nodes.find((n) => n.id === 'a1')).toEqual({ id: 'a1', kind: 'adapter', op: 'pick', index: 0 })
    expect(json.edges).toContainEqual({ source: 't2', target: 'a3', slot: 0 })
    expect(json).not.toHaveProperty('links')
  })
})
