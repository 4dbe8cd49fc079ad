/**
 * A reference dataset or harness results file as our instances, one per record, in file order:
 * what `arbigraph import-reference` writes and what a suite of a reference file
 * (`defineSuite({ dataset: 'math_chain.json' })`) evaluates.
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.
 */
import { referenceStageHandlers } from '../../builtins.ts'
import type { Instance } from '../../contracts/instance.ts'
import type { ReferenceFile } from './read.ts'
import type { StageHandlers } from './stage-handler.ts'
import { toInstance } from './to-instance.ts'

/** The topology options a reference summary states, under our names. */
function summaryOptions(file: ReferenceFile): Record<string, unknown> {
  const { summary } = file
  const options: Record<string, unknown> = {}
  if (typeof summary.num_distractors === 'number') options.distractors = summary.num_distractors
  if (summary.structure !== undefined) options.structure = summary.structure
  if (typeof summary.target_node === 'string') options.targetNode = summary.target_node
  return options
}

/**
 * Every record of a reference file as an instance; ids are made unique where the reference
 * repeats a task name under two task ids (six Python names do).
 * @example const instances = await referenceInstances(await readReferenceFile('math_chain.json'))
 */
export async function referenceInstances(file: ReferenceFile, handlers?: StageHandlers): Promise<Instance[]> {
  const stageHandlers = handlers ?? (await referenceStageHandlers())
  const seed = file.summary.seed === undefined ? 'unseeded' : String(file.summary.seed)
  const options = summaryOptions(file)
  const seen = new Set<string>()
  const instances: Instance[] = []
  for (const [i, graph] of file.graphs.entries()) {
    const instance = await toInstance(graph, {
      where: `${file.path}: samples[${i}]`,
      seed,
      options,
      handlers: stageHandlers,
    })
    if (seen.has(instance.id)) instance.id = `${instance.id}@${i}`
    seen.add(instance.id)
    instances.push(instance)
  }
  return instances
}
