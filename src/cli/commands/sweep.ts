/**
 * `arbigraph sweep <topology> --vary <option>=<v1,v2,…> [generate options] (--out DIR | --plan)`:
 * the points of a scaling sweep, generated as one dataset file per point
 * (`DIR/<option>-<value>.jsonl`, each written atomically, seeded with `<seed>/<option>=<value>`
 * so a point regenerates alone), with the cost preview — cases and first-turn prompt tokens per
 * point and in total — and the generation time of each point. `--plan` prints the preview
 * without writing anything. Run the points with a `defineSweep` suite (suites/sweeps/).
 */
import { join, relative, resolve } from 'node:path'
import type { Instance } from '../../contracts/instance.ts'
import { streamDataset, writeGeneratedDataset } from '../../generate/generate-dataset.ts'
import { readDatasetInstances } from '../../io/dataset.ts'
import { ensureDir } from '../../io/ensure-dir.ts'
import { formatCost, type PointCost, streamedCost } from '../../sweep/sweep-cost.ts'
import { parseSweepOptions, pointSpec, sweepName, sweepPoints } from '../../sweep/sweep-spec.ts'
import { intFlag, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'
import { progressPrinter } from '../progress-printer.ts'
import { buildSpec, FLAGS as GENERATE_FLAGS, usePoolFlags } from './generate.ts'

const FLAGS = {
  ...GENERATE_FLAGS,
  vary: { type: 'string' },
  name: { type: 'string' },
  branches: { type: 'string' },
  'branch-length': { type: 'string' },
  plan: { type: 'boolean' },
  epochs: { type: 'string' },
} as const

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** The prompts of instances as they come (generated, or read back from a file). */
async function* promptsOf(instances: AsyncIterable<Instance>): AsyncGenerator<string> {
  for await (const instance of instances) yield instance.prompt
}

/** `length=1,2,4` → the option key and its values. */
function parseVary(text: string | undefined): { axis: string; values: number[] } {
  const match = /^\s*([A-Za-z][\w-]*)\s*=\s*(.+)$/.exec(text ?? '')
  if (!match)
    throw usageError('sweep', `--vary expects <option>=<v1,v2,…>, e.g. "length=1,2,4,8", got "${text ?? ''}"`)
  const values = match[2]!.split(',').map((v) => v.trim())
  const bad = values.find((v) => !/^\d+$/.test(v))
  if (bad !== undefined) throw usageError('sweep', `--vary ${match[1]}: "${bad}" is not an integer ≥ 0`)
  const past = values.find((v) => Number(v) > MAX_POINT_VALUE)
  if (past !== undefined)
    throw usageError(
      'sweep',
      `--vary ${match[1]}: ${past} is past the largest point a sweep builds, ${MAX_POINT_VALUE}: every instance of a point is generated (also for --plan, whose prompt tokens are counted on the prompts themselves), and a 10⁵-task instance already has a first prompt of 27 million tokens and takes 0.7 GB to build`,
    )
  return { axis: camel(match[1]!), values: values.map(Number) }
}

/**
 * The largest value of a varied option. Every axis (tasks, chain length, distractors, branches,
 * fan-in) makes an instance grow with its value, and an instance is built whole: at 10⁵ tasks a
 * random DAG point took 0.7 GB and 74 s (`sweep random --vary nodes=8,100000 --plan`, a loaded
 * 2-core machine), so 10⁷ died out of heap after minutes instead of saying so up front.
 */
const MAX_POINT_VALUE = 100_000

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export const sweepCommand: Command = {
  name: 'sweep',
  usage: [
    'Usage: arbigraph sweep <topology> --vary <option>=<v1,v2,…> [options] (--out <dir> | --plan)',
    '',
    'One dataset per value of the varied option, everything else fixed, each point seeded',
    'with <seed>/<option>=<value> (so `arbigraph generate … --seed 0/length=8` reproduces a point).',
    '  --vary <o>=<list>        the option and its values, smallest first: length=1,2,4,8,16,32,64;',
    '                           distractors=0,2,4,8,16,32; nodes=8,64,1000; fan-in=1,2,3;',
    '                           branches=2,4,8 and branch-length=1,2,4 (multichain); each ≤ 100000',
    '  --name <name>            the sweep name in reports and gates (default <topology>-<option>)',
    '  --branches <b> --branch-length <l>  multichain shape (instead of --structure)',
    '  --epochs <k>             repetitions per case, for the cost preview (default 1)',
    '  --plan                   print the cost preview only; write nothing',
    '  --out <dir>              write <dir>/<option>-<value>.jsonl per point',
    '  …and every option of "arbigraph generate" (see arbigraph generate --help).',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('sweep', argv, FLAGS, {
      min: 1,
      max: 1,
      names: 'the topology name',
    })
    const { axis, values: axisValues } = parseVary(values.vary as string | undefined)
    if (values.plan !== true && typeof values.out !== 'string')
      throw usageError('sweep', 'missing --out <dir> (or --plan for the cost preview alone)')
    const pools = usePoolFlags(values, io.cwd)
    const fixed = { ...values }
    delete fixed[axis === 'fanIn' ? 'fan-in' : axis]
    if (values[axis === 'fanIn' ? 'fan-in' : axis] !== undefined)
      throw usageError('sweep', `--${axis} is the varied option; give its values in --vary only`)
    const spec = await buildSpec(positionals[0]!, fixed, io, 'sweep')
    for (const key of ['branches', 'branch-length'] as const) {
      const value = intFlag('sweep', key, values[key] as string | undefined, { min: 1 })
      if (value !== undefined && camel(key) !== axis) spec.options[camel(key)] = value
    }
    const sweep = parseSweepOptions(
      {
        ...(typeof values.name === 'string' ? { name: values.name } : {}),
        topology: spec.topology,
        options: spec.options,
        categories: spec.categories,
        vary: { [axis]: axisValues },
        samplesPerTask: spec.samplesPerTask,
        seed: spec.seed,
        ...(spec.targets ? { targets: spec.targets } : {}),
        ...(spec.repeatTemplates !== undefined ? { repeatTemplates: spec.repeatTemplates } : {}),
        ...(spec.maxAttempts !== undefined ? { maxAttempts: spec.maxAttempts } : {}),
      },
      'sweep',
    )
    const epochs = intFlag('sweep', 'epochs', values.epochs as string | undefined, { min: 1 }) ?? 1
    const workers = intFlag('sweep', 'workers', values.workers as string | undefined, { min: 1 }) ?? 1
    const dir = typeof values.out === 'string' ? resolve(io.cwd, values.out) : undefined
    // Not Node's recursive mkdir: under procfs (--out /proc/x) it retries forever.
    if (dir) ensureDir(dir, `sweep --out "${dir}"`)
    const costs: PointCost[] = []
    io.err(`sweep ${sweepName(sweep)}: ${axis} = ${axisValues.join(', ')}`)
    for (const point of sweepPoints(sweep)) {
      const pointSpecWithPools = { ...pointSpec(sweep, point), ...pools }
      const started = performance.now()
      // A point can take minutes (a 10^5-task graph): its progress as generate prints it, the
      // final count left to the point's own line. Its cost is counted one instance at a time,
      // read back from its file or as the instances come: a 10^5-task instance is 130 MB.
      const onProgress = progressPrinter(io, { last: false })
      let instances: AsyncIterable<Instance>
      let written = ''
      if (dir) {
        const file = join(dir, `${axis}-${point.value}.jsonl`)
        await writeGeneratedDataset(file, pointSpecWithPools, { workers, cwd: io.cwd, onProgress })
        instances = readDatasetInstances(file)
        written = ` → ${relative(io.cwd, file)}`
      } else {
        instances = (
          await streamDataset(pointSpecWithPools, 'instances', { workers, cwd: io.cwd, onProgress })
        ).items
      }
      const cost = await streamedCost(point, promptsOf(instances), epochs)
      io.err(
        `${axis}=${point.value}: ${cost.cases / epochs} instances in ${seconds(performance.now() - started)}${written}`,
      )
      costs.push(cost)
    }
    io.out(
      `cost before running (first-turn prompt tokens, cl100k_base; ${epochs} epoch${epochs === 1 ? '' : 's'}):`,
    )
    io.out(formatCost(costs))
    return 0
  },
}
