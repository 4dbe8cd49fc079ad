/**
 * `arbigraph validate <dataset.jsonl>`: checks a dataset file line by line and reports every
 * problem with its line number. Each line must parse against its schema; the manifest count and
 * instance ids must agree; each instance must be well formed (numbering, targets, outputs,
 * junction and input sources); every value passed along an edge must equal its source's value;
 * and every node's output is recomputed with its template's exact solver, so a tampered ground
 * truth is caught. Generated (not imported) instances must also re-render to their stored prompt,
 * and are regenerated from the manifest's spec (all, or a seeded sample) and compared byte for
 * byte, so a manifest that contradicts its instances is caught. Imported files cannot be
 * regenerated, and the command says so instead of a plain "ok".
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Manifest } from '../../contracts/dataset.ts'
import type { Instance } from '../../contracts/instance.ts'
import type { Issue } from '../../errors.ts'
import { formatPath } from '../../errors.ts'
import { GENERATOR } from '../../generate/dataset-plan.ts'
import {
  firstDifference,
  type Json,
  type LoadedPools,
  planRegeneration,
  type Regeneration,
  regenerateAt,
  samplePositions,
} from '../../generate/regeneration.ts'
import { decodeInstance, decodeManifest, encodeInstance } from '../../io/dataset.ts'
import type { Registry } from '../../registry.ts'
import { existingFile, intFlag, parseCommandArgs, usageError } from '../args.ts'
import type { Command } from '../command.ts'
import { poolFlags, usePoolFlags } from './generate.ts'
import { dataflowIssues, issue, registryIssues, structureIssues } from './instance-issues.ts'
import { cliRegistry } from './list.ts'

/** One problem found in a dataset file. */
export interface DatasetProblem {
  line: number
  message: string
}

export interface ValidateOptions {
  /** Regenerate only this many instances, chosen by `sampleSeed`. @default every instance */
  sample?: number
  /** @default '0' */
  sampleSeed?: string
  /** The task pools the registry was built with (see planRegeneration). @default {} */
  pools?: LoadedPools
}

export interface ValidationReport {
  count: number
  problems: DatasetProblem[]
  /** Instances regenerated and found byte-identical, or why none could be. */
  regeneration: { checked: number; of: number } | { skipped: string }
}

/** Compares one stored line with the instance the spec puts at its position. */
async function regenerationIssues(
  plan: Extract<Regeneration, { ok: true }>['plan'],
  index: number,
  text: string,
  instance: Instance,
): Promise<Issue[]> {
  let regenerated: string
  try {
    regenerated = encodeInstance(await regenerateAt(plan, index))
  } catch (error) {
    return [
      issue([], `instance "${instance.id}": the spec does not regenerate it: ${(error as Error).message}`),
    ]
  }
  if (regenerated === text) return []
  const at = firstDifference(JSON.parse(text) as Json, JSON.parse(regenerated) as Json)
  const where = at
    ? `first at ${at.path}: stored ${clip(at.stored)}, regenerated ${clip(at.regenerated)}`
    : 'same values, other key order or spacing'
  return [
    issue(
      [],
      `instance "${instance.id}": differs from what the manifest's spec regenerates at this position (${where})`,
    ),
  ]
}

const clip = (value: Json): string => {
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

/**
 * Checks every line of a dataset file; an empty list of problems means the file is valid.
 * @example const { count, problems } = await validateDataset('d.jsonl', defaultRegistry())
 */
export async function validateDataset(
  path: string,
  registry: Registry,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const problems: DatasetProblem[] = []
  const report = (line: number, issues: Issue[]) => {
    for (const { path: at, message } of issues)
      problems.push({ line, message: at.length ? `${formatPath(at)}: ${message}` : message })
  }
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let manifest: Manifest | undefined
  let regeneration: Regeneration | undefined
  let positions: Set<number> | undefined
  let checked = 0
  let differing = 0
  let lineNo = 0
  let count = 0
  const ids = new Map<string, number>()
  for await (const text of lines) {
    lineNo++
    if (text.trim() === '') continue
    try {
      if (lineNo === 1) {
        manifest = decodeManifest(text, 'manifest')
        regeneration = planRegeneration(manifest, registry, options.pools ?? {}, poolFlag)
        if (!regeneration.ok && regeneration.problem)
          report(1, [issue([], `not regenerated: ${regeneration.reason}`)])
        if (regeneration.ok && options.sample !== undefined)
          positions = samplePositions(manifest.count, options.sample, options.sampleSeed ?? '0')
        continue
      }
      const index = count++
      const instance = decodeInstance(text, 'instance')
      const first = ids.get(instance.id)
      if (first !== undefined)
        report(lineNo, [issue(['id'], `duplicate id "${instance.id}" (first on line ${first})`)])
      else ids.set(instance.id, lineNo)
      const shape = structureIssues(instance)
      report(lineNo, shape)
      if (shape.length > 0) continue
      report(lineNo, dataflowIssues(instance))
      report(lineNo, await registryIssues(instance, registry, manifest?.source === undefined))
      if (regeneration?.ok && index >= regeneration.count) {
        report(lineNo, [
          issue(
            [],
            `instance "${instance.id}": the manifest's spec regenerates no instance at this position`,
          ),
        ])
      } else if (regeneration?.ok && (!positions || positions.has(index))) {
        checked++
        const differ = await regenerationIssues(regeneration.plan, index, text, instance)
        report(lineNo, differ)
        differing += differ.length
      }
    } catch (error) {
      report(lineNo, [issue([], (error as Error).message)])
    }
  }
  if (lineNo === 0) problems.push({ line: 1, message: 'empty file (expected a manifest line)' })
  else if (manifest && manifest.count !== count) {
    problems.push({
      line: 1,
      message: `count: the manifest says ${manifest.count} instances, the file has ${count}`,
    })
  }
  if (regeneration?.ok && regeneration.count !== count) {
    const { targets, spec } = regeneration.plan
    problems.push({
      line: 1,
      message: `spec: regenerates ${regeneration.count} instances (${targets.length} targets, ${spec.samplesPerTask} sample${spec.samplesPerTask === 1 ? '' : 's'} each), the file has ${count}`,
    })
  }
  if (differing > 0 && manifest && manifest.generator !== GENERATOR) {
    problems.push({
      line: 1,
      message: `generator: the file was written by ${manifest.generator} and regenerated by ${GENERATOR}; a change of generator also changes the bytes`,
    })
  }
  return {
    count,
    problems,
    regeneration: regeneration?.ok
      ? { checked, of: count }
      : { skipped: regeneration?.reason ?? 'no manifest' },
  }
}

const poolFlag = (category: string) => `--${category}-pool`

/** At most this many problems are printed; the total is always given. */
const PRINT_LIMIT = 50

/**
 * The `validate` command.
 * @example await main(['validate', 'data/chain-math.jsonl']) // prints "ok 640 instances"
 */
export const validateCommand: Command = {
  name: 'validate',
  usage: [
    'Usage: arbigraph validate <dataset.jsonl> [--sample <n> [--sample-seed <s>]]',
    '                          [--python-pool <file>] [--gsm-pool <file>]',
    '',
    "Checks every line against its schema, the manifest count, unique ids and each instance's",
    "structure; recomputes every node's output with its template and compares it with the stored",
    "ground truth; regenerates every instance from the manifest's spec and compares the bytes.",
    '  --sample <n>          regenerate only n instances, chosen by --sample-seed (default 0)',
    '  --python-pool <file>  the pool the spec names (checked by its sha256); same for --gsm-pool',
    'Prints "ok N instances (…)", or each problem with its line number (exit code 1). An imported',
    'reference file cannot be regenerated; the summary says so.',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(
      'validate',
      argv,
      {
        sample: { type: 'string' },
        'sample-seed': { type: 'string' },
        ...(await poolFlags()),
      },
      { min: 1, max: 1, names: 'the dataset file' },
    )
    const file = positionals[0]!
    const sample = intFlag('validate', 'sample', values.sample as string | undefined, { min: 1 })
    const sampleSeed = typeof values['sample-seed'] === 'string' ? values['sample-seed'] : undefined
    if (sampleSeed !== undefined && sample === undefined)
      throw usageError('validate', '--sample-seed chooses the instances of --sample <n>; give --sample too')
    const pools = (await usePoolFlags(values, io.cwd)).pools ?? {}
    const registry = await cliRegistry(io)
    const { count, problems, regeneration } = await validateDataset(existingFile(io.cwd, file), registry, {
      ...(sample === undefined ? {} : { sample }),
      ...(sampleSeed === undefined ? {} : { sampleSeed }),
      pools,
    })
    if (problems.length === 0) {
      if ('skipped' in regeneration) {
        io.out(`checked ${count} instances, no problems found, but NOT regenerated: ${regeneration.skipped}`)
      } else {
        const which =
          regeneration.checked === regeneration.of
            ? `all ${regeneration.checked}`
            : `${regeneration.checked} sampled (--sample-seed ${sampleSeed ?? '0'})`
        io.out(`ok ${count} instances (${which} regenerated byte for byte)`)
      }
      return 0
    }
    for (const problem of problems.slice(0, PRINT_LIMIT))
      io.err(`${file}:${problem.line}: ${problem.message}`)
    if (problems.length > PRINT_LIMIT) io.err(`… and ${problems.length - PRINT_LIMIT} more`)
    io.err(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file} (${count} instances)`)
    return 1
  },
}
