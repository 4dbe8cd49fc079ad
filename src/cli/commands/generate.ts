/**
 * `arbigraph generate <topology> … --out file.jsonl`: builds a generation spec from flags,
 * generates the dataset (optionally on worker threads) with progress on stderr, and writes it
 * atomically — on any error no file, not even a partial one, appears at `--out`. Topology flags
 * are passed only to topologies whose options name them, so `chain --width 3` is a usage error
 * rather than silently ignored.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename, relative, resolve } from 'node:path'
import { builtins } from '../../builtins.ts'
import type { GenerateSpec } from '../../contracts/dataset.ts'
import { ArbigraphError } from '../../errors.ts'
import { writeGeneratedDataset } from '../../generate/generate-dataset.ts'
import { getTopology, type PluginGenerator } from '../../registry.ts'
import type { FlagSpec, ParsedArgs } from '../args.ts'
import { existingFile, intFlag, parseCommandArgs, usageError } from '../args.ts'
import type { CliIo, Command } from '../command.ts'
import { progressPrinter } from '../progress-printer.ts'
import { cliRegistry, optionFlag, topologyOptionKeys } from './list.ts'

/** The flags of `generate`; `arbigraph sweep` takes them too. */
export const FLAGS = {
  length: { type: 'string' },
  distractors: { type: 'string' },
  structure: { type: 'string' },
  graph: { type: 'string' },
  nodes: { type: 'string' },
  width: { type: 'string' },
  'fan-in': { type: 'string' },
  'pick-rate': { type: 'string' },
  category: { type: 'string' },
  targets: { type: 'string' },
  'samples-per-task': { type: 'string' },
  seed: { type: 'string' },
  workers: { type: 'string' },
  'max-attempts': { type: 'string' },
  'repeat-templates': { type: 'boolean' },
  out: { type: 'string' },
} as const

/**
 * The pool flags of the built-in categories (`--python-pool`, `--gsm-pool`), as options.
 * @example Object.keys(await poolFlags()) // ['python-pool', 'gsm-pool']
 */
export async function poolFlags(): Promise<FlagSpec> {
  const pools = (await builtins()).pools ?? []
  return Object.fromEntries(pools.map((p) => [p.flag, { type: 'string' } as const]))
}

const list = (text: string | boolean | undefined): string[] | undefined =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined

/** Reads a node-link graph file; malformed JSON names the file. */
function readGraphFile(cwd: string, path: string): unknown {
  const full = existingFile(cwd, path)
  try {
    return JSON.parse(readFileSync(full, 'utf8'))
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_GRAPH', `${path}: malformed JSON (${(error as Error).message})`)
  }
}

/** A probability flag: a decimal number in [0, 1]. */
function rateFlag(text: string, command: string): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw usageError(command, `--pick-rate expects a number between 0 and 1, got "${text}"`)
  }
  return value
}

/** The topology options given on the command line, by option key. */
function topologyFlags(values: ParsedArgs['values'], cwd: string, command: string): Record<string, unknown> {
  const ints = (['length', 'distractors', 'nodes', 'width'] as const).map(
    (key) => [key, intFlag(command, key, values[key] as string | undefined)] as const,
  )
  const options: Record<string, unknown> = Object.fromEntries(ints.filter(([, v]) => v !== undefined))
  const fanIn = intFlag(command, 'fan-in', values['fan-in'] as string | undefined, { min: 1 })
  if (fanIn !== undefined) options.fanIn = fanIn
  if (typeof values['pick-rate'] === 'string') options.pickRate = rateFlag(values['pick-rate'], command)
  if (typeof values.structure === 'string') options.structure = values.structure
  if (typeof values.graph === 'string') options.graph = readGraphFile(cwd, values.graph)
  return options
}

/**
 * Builds the spec; the generator validates it (and the topology its options) in full. `command`
 * names the command in usage errors (`arbigraph sweep` builds its fixed options here too).
 * @example await buildSpec('chain', { length: '4' }, io) // { topology: 'chain', options: { length: 4 }, … }
 */
export async function buildSpec(
  topologyName: string,
  values: ParsedArgs['values'],
  io: CliIo,
  command = 'generate',
): Promise<GenerateSpec> {
  const options = topologyFlags(values, io.cwd, command)
  const categories = list(values.category) ?? ['math']
  const topology = getTopology(
    await cliRegistry(io, { categories, topologies: [topologyName] }),
    topologyName,
  )
  const accepted = topologyOptionKeys(topology)
  const refused = accepted && Object.keys(options).filter((key) => !accepted.includes(key))
  if (refused && refused.length > 0) {
    const takes = accepted.length
      ? `its options: ${accepted.map(optionFlag).join(', ')}`
      : 'it takes no options'
    throw usageError(
      command,
      `topology "${topology.name}" does not take ${refused.map(optionFlag).join(', ')} (${takes})`,
    )
  }
  const maxAttempts = intFlag(command, 'max-attempts', values['max-attempts'] as string | undefined, {
    min: 1,
  })
  const targets = list(values.targets)
  return {
    topology: topology.name,
    options,
    categories,
    ...(targets ? { targets } : {}),
    samplesPerTask:
      intFlag(command, 'samples-per-task', values['samples-per-task'] as string | undefined, { min: 1 }) ??
      16,
    seed: typeof values.seed === 'string' ? values.seed : '0',
    ...(values['repeat-templates'] ? { repeatTemplates: true } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
    ...(await loadedPools(io.cwd)),
  }
}

/**
 * The task pools this run reads (from `--python-pool` / `--gsm-pool`, or the variables they set),
 * recorded in the manifest by file name and SHA-256 so that a regeneration can check it has the
 * same pool.
 */
async function loadedPools(cwd: string): Promise<Pick<GenerateSpec, 'pools'>> {
  const pools: NonNullable<GenerateSpec['pools']> = {}
  for (const { category, env } of (await builtins()).pools ?? []) {
    const path = process.env[env]
    if (!path) continue
    const file = existingFile(cwd, path)
    pools[category] = {
      file: basename(file),
      sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
    }
  }
  return Object.keys(pools).length > 0 ? { pools } : {}
}

/**
 * Points the python and gsm categories at the pool files of `--python-pool` / `--gsm-pool` (set
 * before any registry is built: the categories read it, and worker threads inherit it) and
 * returns the pools in use as a manifest records them.
 * @example usePoolFlags({ 'python-pool': 'pool.json' }, cwd) // { pools: { python: { file: 'pool.json', sha256: '…' } } }
 */
export async function usePoolFlags(
  values: ParsedArgs['values'],
  cwd: string,
): Promise<Pick<GenerateSpec, 'pools'>> {
  for (const { flag, env } of (await builtins()).pools ?? []) {
    const path = values[flag]
    if (typeof path === 'string') process.env[env] = existingFile(cwd, path)
  }
  return loadedPools(cwd)
}

/** The built-in plugin's generator named `name` (`transduction`), if there is one. */
async function pluginGenerator(name: string | undefined): Promise<PluginGenerator | undefined> {
  const entry = (await builtins()).generators?.find((g) => g.name === name)
  return entry?.load()
}

/**
 * The `generate` command.
 * @example await main(['generate', 'chain', '--length', '4', '--out', 'chain-math.jsonl'])
 */
export const generateCommand: Command = {
  name: 'generate',
  usage: [
    'Usage: arbigraph generate <topology> [options] --out <file.jsonl>',
    '',
    'Topology options (each topology takes some of these; see "arbigraph list"):',
    '  --length <n>            tasks in a chain',
    '  --distractors <k>       distractor tasks (forgetting)',
    "  --structure <list>      multichain structure, e.g. \"['m','m',['m','g'],['m','g'],'m','m']\"",
    '                          (* = any --category; default: the paper layout with * in every slot)',
    '  --graph <file.json>     custom DAG as node-link JSON',
    '  --nodes <n> --width <w> --fan-in <f> --pick-rate <p>',
    '                          random DAG: task count, layer width, in-degree, chance of a pick',
    '',
    'Spec options:',
    '  --category <a,b>        categories to draw tasks from (default: math)',
    '  --targets <A,B>         target template ids (default: every template that fits)',
    '  --samples-per-task <n>  samples per target (default: 16)',
    '  --seed <s>              dataset seed (default: 0)',
    '  --repeat-templates      let a template appear on several nodes of one instance',
    '  --max-attempts <n>      attempts per sample before giving up (default: 100)',
    '  --python-pool <file>    python functions from a pool file (arbigraph import-leetcode); every',
    "                          python node records the pool's sha256 in its preprocess.origin",
    '  --gsm-pool <file>       GSM templates from a pool file (arbigraph import-gsm-symbolic)',
    '',
    'Run options:',
    '  --workers <n>           threads that make samples, this one included (default: 1; the',
    '                          output does not depend on it)',
    '  --out <file.jsonl>      output file, written atomically (required)',
    '',
    'Long-Transduction documents: arbigraph generate transduction --help',
  ].join('\n'),
  // A plugin's generator (Long-Transduction and its tokenizer) is imported only when named.
  usageFor: async (argv) => (await pluginGenerator(argv[0]))?.usage,
  async run(argv, io) {
    // A plugin's generator has its own flags, so it takes over before topology parsing.
    const generator = await pluginGenerator(argv[0])
    if (generator) return generator.run(argv.slice(1), io)
    const { values, positionals } = parseCommandArgs(
      'generate',
      argv,
      { ...FLAGS, ...(await poolFlags()) },
      {
        min: 1,
        max: 1,
        names: 'the topology name',
      },
    )
    if (typeof values.out !== 'string') throw usageError('generate', 'missing --out <file.jsonl>')
    await usePoolFlags(values, io.cwd)
    const spec = await buildSpec(positionals[0]!, values, io)
    const workers = intFlag('generate', 'workers', values.workers as string | undefined, { min: 1 }) ?? 1
    const out = resolve(io.cwd, values.out)
    const manifest = await writeGeneratedDataset(out, spec, {
      workers,
      cwd: io.cwd,
      onProgress: progressPrinter(io),
    })
    io.out(`wrote ${manifest.count} instances to ${relative(io.cwd, out) || out}`)
    return 0
  },
}
