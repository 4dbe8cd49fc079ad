/**
 * `arbigraph import-gsm-symbolic <templates dir> [--overrides dir] --out pool.json`: loads
 * GSM-Symbolic's annotated templates (Apple format) from a local copy, applies same-named
 * overrides, tries every template for each chained value 0–99, and writes a pool of the ones
 * that instantiate; every other template is listed with the reason. `generate --gsm-pool` and
 * check-reference (`ARBIGRAPH_GSM_POOL`) read the pool. We ship no GSM-Symbolic text: the pool is
 * made from the user's own copy.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1–8.2.
 */
import { resolve } from 'node:path'
import { parseCommandArgs, usageError } from '../../src/cli/args.ts'
import type { Command } from '../../src/cli/command.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { writeFileAtomic } from '../../src/io/atomic-write.ts'
import { buildPool, readTemplateFolder } from './template-pool.ts'

/** Templates the reference's GSM tasks use as targets (at least 4 operations in `#answer`). */
const MIN_TARGET_OPERATIONS = 4

export const importGsmSymbolicCommand: Command = {
  name: 'import-gsm-symbolic',
  usage: [
    'Usage: arbigraph import-gsm-symbolic <templates dir> [--overrides <dir>] --out <pool.json>',
    '',
    'Reads every *.json template of the folder (sorted by name; a same-named file in --overrides',
    'replaces the original), keeps those that instantiate for at least one chained value 0-99,',
    'and lists every other one with the reason. Use the pool with "generate --gsm-pool".',
    '',
    'Options:',
    '  --overrides <dir>   corrected templates replacing same-named originals',
    '  --out <pool.json>   output file, written atomically (required)',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(
      'import-gsm-symbolic',
      argv,
      { overrides: { type: 'string' }, out: { type: 'string' } },
      { min: 1, max: 1, names: 'the templates folder' },
    )
    if (typeof values.out !== 'string') throw usageError('import-gsm-symbolic', 'missing --out <pool.json>')
    const dir = resolve(io.cwd, positionals[0]!)
    const overrides = typeof values.overrides === 'string' ? resolve(io.cwd, values.overrides) : undefined
    let pool: ReturnType<typeof buildPool>
    try {
      pool = buildPool(readTemplateFolder(dir, overrides))
    } catch (error) {
      if (!(error instanceof ArbigraphError)) throw error
      io.err(`arbigraph import-gsm-symbolic: ${error.message}`)
      return 2
    }
    for (const u of pool.unusable) io.out(`cannot use ${u.id}: ${u.reason}`)
    const targets = pool.templates.filter((t) => t.operations >= MIN_TARGET_OPERATIONS).length
    const total = pool.templates.length + pool.unusable.length
    await writeFileAtomic(resolve(io.cwd, values.out), `${JSON.stringify(pool, null, 2)}\n`)
    io.out(
      `pool: ${pool.templates.length}/${total} templates instantiate (${targets} with at least ${MIN_TARGET_OPERATIONS} operations); wrote ${values.out}`,
    )
    return pool.templates.length > 0 ? 0 : 1
  },
}
