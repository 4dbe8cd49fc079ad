/**
 * `arbigraph viz <dataset.jsonl> --index i --out g.svg [--dot]`: draws one instance's task graph.
 * Tasks are rounded boxes labelled `task_N: Template` with their kinds, the target(s) gold with a
 * thick border; junctions are grey ellipses (`pick [i]`, `pack`, edges into a pack labelled by
 * slot); static inputs are notes. Rendered to SVG with Graphviz compiled to WebAssembly
 * (@viz-js/viz), so no system Graphviz is needed; `--dot` writes the DOT source instead.
 * Reference: arbigraph-reference-math-generators.md §7.7 (visualize_custom.py's drawing).
 */
import { resolve } from 'node:path'
import type { Instance } from '../../contracts/instance.ts'
import { ArbigraphError } from '../../errors.ts'
import { writeFileAtomic } from '../../io/atomic-write.ts'
import { pyRepr } from '../../values.ts'
import { existingFile, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'
import { indexFlag, readInstanceAt } from './render.ts'

const quote = (text: string): string =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
const clip = (text: string, max = 40): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * The DOT source of an instance's task graph, nodes in prompt order.
 * @example instanceToDot(instance).startsWith('digraph') // true
 */
export function instanceToDot(instance: Instance, rankdir: 'LR' | 'TB' = 'LR'): string {
  const targets = new Set(instance.targets)
  const lines = [
    `digraph ${quote(instance.id)} {`,
    `  rankdir=${rankdir};`,
    '  node [fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ]
  for (const input of instance.staticInputs) {
    lines.push(
      `  ${quote(`static:${input.node}`)} [shape=note, label=${quote(`${input.name} = ${clip(pyRepr(input.value))}`)}];`,
    )
  }
  for (const node of instance.nodes) {
    const label = `task_${node.number}: ${node.template}\n${node.inputKind} -> ${node.outputKind}`
    const look = targets.has(node.id) ? 'fillcolor="gold", penwidth=2.5' : 'fillcolor="lightblue"'
    lines.push(`  ${quote(node.id)} [shape=box, style="rounded,filled", ${look}, label=${quote(label)}];`)
  }
  for (const j of instance.junctions) {
    const label = j.op === 'pick' ? `pick [${j.index ?? 0}]` : 'pack'
    lines.push(
      `  ${quote(j.id)} [shape=ellipse, style=filled, fillcolor="lightgrey", label=${quote(label)}];`,
    )
    j.sources.forEach((source, slot) => {
      const edgeLabel = j.op === 'pack' ? ` [label=${quote(`slot ${slot}`)}]` : ''
      lines.push(`  ${quote(source)} -> ${quote(j.id)}${edgeLabel};`)
    })
  }
  for (const node of instance.nodes) {
    const from = node.source.node ?? `static:${node.id}`
    lines.push(`  ${quote(from)} -> ${quote(node.id)};`)
  }
  lines.push('}')
  return `${lines.join('\n')}\n`
}

/**
 * SVG of a DOT source, rendered in-process.
 * @example const svg = await dotToSvg('digraph { a -> b }')
 */
export async function dotToSvg(dot: string): Promise<string> {
  // Imported here: the Graphviz WebAssembly build is large and `--dot` does not need it.
  const { instance: vizInstance } = await import('@viz-js/viz')
  const viz = await vizInstance()
  const result = viz.render(dot, { format: 'svg' })
  if (result.status !== 'success') {
    const why = result.errors.map((e) => e.message).join('; ')
    throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `Graphviz could not render the graph: ${why}`)
  }
  return result.output
}

/**
 * The `viz` command.
 * @example await main(['viz', 'chain-math.jsonl', '--index', '0', '--out', 'graph.svg'])
 */
export const vizCommand: Command = {
  name: 'viz',
  usage: [
    'Usage: arbigraph viz <dataset.jsonl> --index <i> --out <graph.svg> [--dot] [--rankdir LR|TB]',
    '',
    'Draws the task graph of instance i (0-based): tasks labelled task_N: Template, the target',
    'highlighted, junctions (pick, pack) as grey ellipses, static inputs as notes.',
    '',
    'Options:',
    '  --index <i>      instance to draw, counting from 0 (required)',
    '  --out <file>     output file, written atomically (required)',
    '  --dot            write the Graphviz DOT source instead of SVG',
    '  --rankdir <dir>  LR (left to right, default) or TB (top to bottom)',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(
      'viz',
      argv,
      {
        index: { type: 'string' },
        out: { type: 'string' },
        dot: { type: 'boolean' },
        rankdir: { type: 'string' },
      },
      { min: 1, max: 1, names: 'the dataset file' },
    )
    const index = indexFlag('viz', values.index)
    if (typeof values.out !== 'string') throw usageError('viz', 'missing --out <file>')
    const rankdir = values.rankdir ?? 'LR'
    if (rankdir !== 'LR' && rankdir !== 'TB')
      throw usageError('viz', `--rankdir expects LR or TB, got "${rankdir}"`)
    const instance = await readInstanceAt(existingFile(io.cwd, positionals[0]!), index)
    const dot = instanceToDot(instance, rankdir)
    await writeFileAtomic(resolve(io.cwd, values.out), values.dot ? dot : await dotToSvg(dot))
    io.out(`wrote ${values.out} (${instance.id})`)
    return 0
  },
}
