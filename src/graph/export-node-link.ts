/**
 * Writes a skeleton as node-link JSON in our standard form: `edges` with `source`/`target`,
 * `graph.targets`, task nodes with `template`/`family`/`input_kind`/`output_kind`, junctions as
 * `kind: "adapter"` with `op` (and `index` for pick), `slot` on edges into a pack. NetworkX reads
 * it with `node_link_graph(data, edges="edges")`; `importNodeLink` reads it back to an equal graph.
 */
import type { Skeleton } from '../contracts/skeleton.ts'
import type { NodeLinkEdge, NodeLinkGraph, NodeLinkNode } from './node-link-schema.ts'

/**
 * @example JSON.stringify(exportNodeLink(skeleton), null, 2)
 */
export function exportNodeLink(graph: Skeleton): NodeLinkGraph {
  const nodes = graph.mapNodes((id, slot): NodeLinkNode => {
    if (slot.type === 'pick') return { id, kind: 'adapter', op: 'pick', index: slot.index }
    if (slot.type === 'pack') return { id, kind: 'adapter', op: 'pack' }
    const node: NodeLinkNode = { id, kind: 'task' }
    if (slot.family !== undefined) node.family = slot.family
    if (slot.template !== undefined) node.template = slot.template
    if (slot.inputKind !== undefined) node.input_kind = slot.inputKind
    if (slot.outputKind !== undefined) node.output_kind = slot.outputKind
    if (slot.label !== undefined) node.label = slot.label
    return node
  })
  const edges = graph.mapEdges(
    (_edge, { slot }, source, target): NodeLinkEdge =>
      slot === undefined ? { source, target } : { source, target, slot },
  )
  return {
    directed: true,
    multigraph: false,
    graph: { targets: [...graph.getAttribute('targets')] },
    nodes,
    edges,
  }
}
