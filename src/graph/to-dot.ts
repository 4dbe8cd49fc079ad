/**
 * Graphviz DOT for a skeleton, for `arbigraph viz` and the dashboard. Task slots are rounded
 * boxes labelled with id, family, kinds (`?` when free) and the pinned template; targets are
 * yellow with a thick border; junctions are grey ellipses labelled with their op (and pick
 * index); edges into a pack carry their slot. Nodes are listed in prompt order, so the layout
 * reads like the prompt. Per-node extras (a line of text, a fill colour) let a caller paint
 * results onto the graph, e.g. green for a correct node and red for a wrong one.
 *
 * Reference: spec §7.7 (`visualize_custom.py` drawing conventions).
 */
import type { Skeleton, SlotAttributes } from '../contracts/skeleton.ts'
import { kahnOrder } from './kahn-order.ts'
import { topologicalOrder } from './topological-order.ts'

export interface NodeDecoration {
  /** An extra label line, e.g. `correct` or `got 41, want 42`. */
  note?: string
  /** A Graphviz colour for the fill, e.g. `palegreen` or `#ffcccc`. */
  fill?: string
}

export interface ToDotOptions {
  /** Layout direction. @default 'LR' */
  rankdir?: 'LR' | 'TB'
  /** Graph name in the `digraph` header. @default 'skeleton' */
  name?: string
  /** Extra label lines and colours by node id. @default {} */
  decorations?: Readonly<Record<string, NodeDecoration>>
}

/** A DOT double-quoted string; `\n` inside labels is DOT's own line break. */
const dotString = (text: string) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`

function nodeStyle(
  id: string,
  slot: SlotAttributes,
  isTarget: boolean,
): { lines: string[]; attributes: string[] } {
  if (slot.type !== 'task') {
    const lines = [id, slot.type === 'pick' ? `pick index=${slot.index}` : 'pack']
    return { lines, attributes: ['shape=ellipse', 'style=filled', 'fillcolor=lightgrey'] }
  }
  const lines = [id, `${slot.family ?? 'any'} ${slot.inputKind ?? '?'}->${slot.outputKind ?? '?'}`]
  if (slot.template !== undefined) lines.push(`template=${slot.template}`)
  if (slot.label !== undefined && slot.label !== id) lines.splice(1, 0, slot.label)
  const attributes = ['shape=box', isTarget ? 'style="rounded,filled,bold"' : 'style="rounded,filled"']
  attributes.push(isTarget ? 'fillcolor=gold penwidth=3' : 'fillcolor=lightblue')
  return { lines, attributes }
}

/**
 * @example toDot(skeleton, { rankdir: 'TB', decorations: { t4: { note: 'wrong', fill: 'salmon' } } })
 */
export function toDot(graph: Skeleton, options: ToDotOptions = {}): string {
  const { rankdir = 'LR', name = 'skeleton', decorations = {} } = options
  const targets = new Set(graph.getAttribute('targets') ?? [])
  // A cyclic graph is still drawn (to show the cycle): fall back to insertion order.
  const order = kahnOrder(graph).length === graph.order ? topologicalOrder(graph) : graph.nodes()
  const out = [`digraph ${dotString(name)} {`, `  rankdir=${rankdir}`, '  node [fontname="Helvetica"]']
  for (const id of order) {
    const { lines, attributes } = nodeStyle(id, graph.getNodeAttributes(id), targets.has(id))
    const decoration = decorations[id]
    if (decoration?.note !== undefined) lines.push(decoration.note)
    if (decoration?.fill !== undefined) attributes.push(`fillcolor=${dotString(decoration.fill)}`)
    out.push(`  ${dotString(id)} [label=${dotString(lines.join('\n'))} ${attributes.join(' ')}]`)
  }
  graph.forEachEdge((_edge, { slot }, source, target) => {
    const label = slot === undefined ? '' : ` [label=${dotString(`slot ${slot}`)}]`
    out.push(`  ${dotString(source)} -> ${dotString(target)}${label}`)
  })
  out.push('}')
  return `${out.join('\n')}\n`
}
