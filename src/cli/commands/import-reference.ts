/**
 * `arbigraph import-reference <ref.json> --out <dataset.jsonl>`: converts a reference dataset
 * (or harness results file) into one of our dataset files, one instance per record, keeping
 * the reference prompts verbatim. The file is written atomically: on any error nothing appears
 * at the output path.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.
 */
import { resolve } from 'node:path'
import { referenceStageHandlers } from '../../builtins.ts'
import { MANIFEST_SCHEMA, type Manifest } from '../../contracts/dataset.ts'
import type { Instance } from '../../contracts/instance.ts'
import { writeDataset } from '../../io/dataset.ts'
import { type ReferenceFile, readReferenceFile } from '../../io/reference/read.ts'
import type { StageHandlers } from '../../io/reference/stage-handler.ts'
import { toInstance } from '../../io/reference/to-instance.ts'
import { GENERATOR } from '../../version.ts'
import { parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'

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

export const importReferenceCommand: Command = {
  name: 'import-reference',
  usage: [
    'Usage: arbigraph import-reference <ref.json> --out <dataset.jsonl>',
    '',
    'Converts every record of a reference dataset or harness results file into an instance: the',
    'prompt is kept as is; each stage becomes a task node with its input, printed parameters and',
    'ground truth; multichain and custom adapters become junctions; the target is the task the',
    'record declares. The output is written atomically (nothing is written on error).',
    '',
    'Options:',
    '  --out <file>   the dataset file to write (required)',
  ].join('\n'),
  async run(argv, io) {
    const { positionals, values } = parseCommandArgs(
      'import-reference',
      argv,
      { out: { type: 'string', short: 'o' } },
      { min: 1, max: 1, names: 'the reference file' },
    )
    if (typeof values.out !== 'string' || values.out === '')
      throw usageError('import-reference', 'missing --out <dataset.jsonl>')
    const file = await readReferenceFile(resolve(io.cwd, positionals[0]!))
    const instances = await referenceInstances(file)
    const out = resolve(io.cwd, values.out)
    const source = { kind: 'reference' as const, file: file.name, mode: file.mode }
    const manifest: Manifest = {
      schema: MANIFEST_SCHEMA,
      generator: GENERATOR,
      source,
      count: instances.length,
    }
    await writeDataset(out, manifest, instances)
    io.out(`wrote ${instances.length} instances to ${values.out} (from ${file.name}, mode ${file.mode})`)
    return 0
  },
}
