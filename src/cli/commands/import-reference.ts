/**
 * `arbigraph import-reference <ref.json> --out <dataset.jsonl>`: converts a reference dataset
 * (or harness results file) into one of our dataset files, one instance per record, keeping
 * the reference prompts verbatim. The file is written atomically: on any error nothing appears
 * at the output path.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.
 */
import { resolve } from 'node:path'
import { MANIFEST_SCHEMA, type Manifest } from '../../contracts/dataset.ts'
import { writeDataset } from '../../io/dataset.ts'
import { instanceDigests } from '../../io/frozen-dataset.ts'
import { readReferenceFile } from '../../io/reference/read.ts'
import { referenceInstances } from '../../io/reference/reference-instances.ts'
import { GENERATOR } from '../../version.ts'
import { parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'

export { referenceInstances }

export const importReferenceCommand: Command = {
  name: 'import-reference',
  usage: [
    'Usage: arbigraph import-reference <ref.json> --out <dataset.jsonl>',
    '',
    'Converts every record of a reference dataset or harness results file into an instance: the',
    'prompt is kept as is; each stage becomes a task node with its input, printed parameters and',
    'ground truth; multichain and custom adapters become junctions; the target is the task the',
    'record declares. The manifest records the SHA-256 of every instance line, so a changed file is',
    'refused when evaluated. The output is written atomically (nothing is written on error).',
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
      // No spec to regenerate from: the digests are how a later run knows the file is as written.
      instanceSha256: instanceDigests(instances),
    }
    await writeDataset(out, manifest, instances)
    io.out(`wrote ${instances.length} instances to ${values.out} (from ${file.name}, mode ${file.mode})`)
    return 0
  },
}
