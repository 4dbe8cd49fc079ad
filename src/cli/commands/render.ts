/**
 * `arbigraph render <dataset.jsonl> --index i [--json]`: prints the prompt of one instance, or
 * with `--json` the whole instance as stored (values as Python repr strings).
 */
import type { Instance } from '../../contracts/instance.ts'
import { ArbigraphError } from '../../errors.ts'
import { encodeInstance, readDatasetLines } from '../../io/dataset.ts'
import { existingFile, intFlag, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'

/**
 * Streams a dataset up to instance `index` (0-based); an index past the end names the count.
 * @example const instance = await readInstanceAt('d.jsonl', 0)
 */
export async function readInstanceAt(path: string, index: number): Promise<Instance> {
  let seen = 0
  for await (const item of readDatasetLines(path)) {
    if (!('instance' in item)) continue
    if (seen === index) return item.instance
    seen++
  }
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_INPUT',
    `${path}: --index ${index} is out of range (the file has ${seen} instance${seen === 1 ? '' : 's'}, indices from 0)`,
  )
}

/**
 * The `--index` flag, required by render and viz.
 * @example indexFlag('render', '3') // 3
 */
export function indexFlag(command: string, text: string | boolean | undefined): number {
  if (typeof text !== 'string') throw usageError(command, 'missing --index <i>')
  return intFlag(command, 'index', text, { min: 0 })!
}

/**
 * The `render` command.
 * @example await main(['render', 'chain-math.jsonl', '--index', '0'])
 */
export const renderCommand: Command = {
  name: 'render',
  usage: [
    'Usage: arbigraph render <dataset.jsonl> --index <i> [--json]',
    '',
    'Prints the prompt of instance i (0-based) of a dataset file.',
    '',
    'Options:',
    '  --index <i>  instance to print, counting from 0 (required)',
    '  --json       print the whole instance as JSON instead of the prompt',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(
      'render',
      argv,
      { index: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: 'the dataset file' },
    )
    const index = indexFlag('render', values.index)
    const instance = await readInstanceAt(existingFile(io.cwd, positionals[0]!), index)
    if (values.json) io.out(JSON.stringify(JSON.parse(encodeInstance(instance)), null, 2))
    else io.out(instance.prompt.replace(/\n$/, ''))
    return 0
  },
}
