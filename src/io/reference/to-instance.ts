/**
 * A reference record as one of our instances: the reference prompt kept verbatim (it is the
 * user's file), one task node `t{n}` per stage with the template resolved from the reference's
 * task name and the parameters read from its block, junctions for multichain and custom
 * adapters, and as targets the node the record declares (not the last `task_N_out` the
 * reference harness grades, spec §11 B3).
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §7, §9 and §11 (B3).
 */
import type { Instance, TaskNode } from '../../contracts/instance.ts'
import { ArbigraphError } from '../../errors.ts'
import { kindOf } from '../../values.ts'
import type { ReferenceGraph, ReferenceStage } from './graph.ts'
import type { RecordKind } from './record.ts'
import type { StageHandlers } from './stage-handler.ts'

/** Our topology for each kind of reference record. */
export const topologyNames: Record<RecordKind, string> = {
  baseline: 'baseline',
  chain: 'chain',
  'cross-chain': 'chain',
  forgetting: 'forgetting',
  'fresh-forgetting': 'forgetting',
  multichain: 'multichain',
  custom: 'dag',
}

async function taskNode(stage: ReferenceStage, where: string, handlers: StageHandlers): Promise<TaskNode> {
  const importer = await handlers(stage.family)
  if (!importer)
    throw new ArbigraphError('ARBIGRAPH_UNKNOWN_FAMILY', `${where}: unknown category "${stage.family}"`)
  let output = stage.expected
  if (output === undefined) {
    if (!importer.solve) {
      const why = `task ${stage.number}'s output is not recorded and category "${stage.family}" cannot compute it yet`
      throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `${where}: ${why}`)
    }
    output = await importer.solve(stage)
  }
  return {
    id: stage.id,
    number: stage.number,
    family: stage.family,
    template: importer.template(stage),
    inputKind: kindOf(stage.input),
    outputKind: kindOf(output),
    source: { node: stage.sourceNode, name: stage.inputName },
    input: stage.input,
    params: importer.params(stage),
    output,
  }
}

export interface ImportContext {
  /** Prefixes error messages, e.g. `math_chain.json: samples[3]`. */
  where: string
  /** The file's seed (`summary.seed`), or a placeholder for unseeded files. */
  seed: string
  /** Topology options as the reference summary states them. */
  options?: Record<string, unknown>
  /** Each family's stage handler, from its category plugin. */
  handlers: StageHandlers
}

/**
 * Converts one reference graph into an instance.
 * @example const instance = await toInstance(file.graphs[0], { where: 'f: samples[0]', seed: '0', handlers })
 */
export async function toInstance(graph: ReferenceGraph, context: ImportContext): Promise<Instance> {
  const nodes: TaskNode[] = []
  for (const stage of graph.stages) {
    try {
      nodes.push(await taskNode(stage, context.where, context.handlers))
    } catch (error) {
      if (error instanceof ArbigraphError && !error.message.startsWith(context.where)) {
        throw new ArbigraphError(
          error.code,
          `${context.where}: task ${stage.number} (${stage.taskName}): ${error.message}`,
        )
      }
      throw error
    }
  }
  const target = nodes.find((node) => node.number === graph.targetNumber)!
  const topology = topologyNames[graph.kind]
  return {
    schema: 'arbigraph.instance/1',
    id: `${topology}/${target.family}/${target.template}#${graph.sampleIdx}`,
    topology: { name: topology, options: context.options ?? {} },
    categories: [...new Set(nodes.map((node) => node.family))],
    seed: context.seed,
    sample: graph.sampleIdx,
    task: target.template,
    family: target.family,
    staticInputs: graph.staticInputs.map((s) => ({ ...s })),
    nodes,
    junctions: graph.junctions.map((j) => ({ ...j, sources: [...j.sources] })),
    targets: [target.id],
    outputs: nodes.map((node) => `task_${node.number}_out`),
    prompt: graph.prompt,
  }
}
