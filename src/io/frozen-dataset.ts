/**
 * A frozen dataset: a dataset file evaluated instance for instance, as it is, instead of
 * instances generated from a spec at collection time. Two formats are read:
 * - our JSONL (manifest line, then one instance per line), checked before a single case runs so
 *   a run never reports numbers for instances other than those the file was written with;
 * - the reference's released format (`math_chain.json`, `python_baseline.json`, harness results
 *   files), converted through the importer (src/io/reference/reference-instances.ts).
 *
 * How a JSONL file is checked, and why two ways: a file with a generation spec (what
 * `arbigraph generate` writes) is regenerated from its spec and seed and compared byte for byte,
 * instance by instance, which proves more than a stored digest can (the instances are what the
 * spec makes, so a consistent edit of an instance and its digest is caught too) and needs no
 * change to the generator's output (which stays byte-identical and streamed). A file without a
 * spec (what `arbigraph import-reference` writes) cannot be regenerated without its source, so
 * its manifest holds the SHA-256 of each instance line (`instanceSha256`), compared line by
 * line. Either way the first instance that differs is named by position, line and id. A file
 * with neither is refused: nothing could tell a changed file from the original.
 *
 * The dataset's content hash is the SHA-256 of its instance lines (each followed by a newline),
 * `tail -n +2 file.jsonl | sha256sum`: the manifest is left out, so the generator's version does
 * not change the identity of unchanged instances, and a reference file and its import hash alike.
 */
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { createInterface } from 'node:readline'
import { builtins } from '../builtins.ts'
import type { Manifest } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import {
  firstDifference,
  type Json,
  type LoadedPools,
  planRegeneration,
  regenerateAt,
} from '../generate/regeneration.ts'
import type { Registry } from '../registry.ts'
import { decodeInstance, decodeManifest } from './dataset.ts'
import { isReferenceFormat } from './frozen-dataset-format.ts'
import { encodeInstance } from './instance-line.ts'
import { readReferenceFile } from './reference/read.ts'
import { referenceInstances } from './reference/reference-instances.ts'

/** A dataset read, checked and hashed. */
export interface FrozenDataset {
  /** The file's name without folders (informative). */
  file: string
  /** Content hash: SHA-256 (hex) of the instance lines, each followed by a newline. */
  sha256: string
  /** The instances in file order; an instance's index is its position here. */
  instances: Instance[]
  /** `jsonl` (ours) or `reference` (the reference's released format, imported). */
  format: 'jsonl' | 'reference'
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The SHA-256 (hex) of each instance's line, as the manifest's `instanceSha256` records them.
 * @example instanceDigests(instances)[0] // '9f86d081…'
 */
export const instanceDigests = (instances: readonly Instance[]): string[] =>
  instances.map((instance) => sha256(encodeInstance(instance)))

/**
 * Reads a dataset file of either format, refusing a changed JSONL file.
 * @example const { sha256, instances } = await loadFrozenDataset('data/chain-math.jsonl', registry)
 */
export async function loadFrozenDataset(path: string, registry: Registry): Promise<FrozenDataset> {
  if (isReferenceFormat(path)) {
    const instances = await referenceInstances(await readReferenceFile(path))
    const hash = createHash('sha256')
    for (const instance of instances) hash.update(`${encodeInstance(instance)}\n`)
    return { file: basename(path), sha256: hash.digest('hex'), instances, format: 'reference' }
  }
  return readJsonlDataset(path, registry)
}

/** The id a line names, read without parsing it (a changed line may no longer be JSON). */
function lineId(line: string): string | undefined {
  const match = /^\{"schema":"[^"]*","id":("(?:[^"\\]|\\.)*")/.exec(line)
  if (!match) return undefined
  try {
    return JSON.parse(match[1]!) as string
  } catch {
    return undefined
  }
}

function modified(path: string, lineNo: number, line: string, why: string): ArbigraphError {
  const index = lineNo - 2
  const id = lineId(line)
  return new ArbigraphError(
    'ARBIGRAPH_DATASET_MODIFIED',
    `${path}:${lineNo}: instance ${index}${id === undefined ? '' : ` ("${id}")`} ${why}; the file was changed after it was written: restore it (e.g. git checkout), or regenerate / re-import it and evaluate that`,
  )
}

/** How each instance line is checked: against a stored digest, or against its regeneration. */
type LineCheck = (line: string, index: number, lineNo: number) => Promise<void>

/** A spec's pools a run can regenerate with: those ARBIGRAPH_PYTHON_POOL / ARBIGRAPH_GSM_POOL name (as `generate` records them). */
interface RunPools {
  loaded: LoadedPools
  /** The variable that names `category`'s pool file. */
  variable: (category: string) => string
}

async function runPools(): Promise<RunPools> {
  const loaded: LoadedPools = {}
  const variables = new Map<string, string>()
  for (const { category, env } of (await builtins()).pools ?? []) {
    variables.set(category, env)
    const file = process.env[env]
    if (!file) continue
    loaded[category] = {
      file: basename(file),
      sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
    }
  }
  return {
    loaded,
    variable: (category) => `the variable ${variables.get(category) ?? `for the ${category} pool`}`,
  }
}

function lineCheck(path: string, manifest: Manifest, registry: Registry, pools: RunPools): LineCheck {
  const digests = manifest.instanceSha256
  if (digests) {
    if (digests.length !== manifest.count)
      throw new ArbigraphError(
        'ARBIGRAPH_DATASET_MODIFIED',
        `${path}:1: the manifest lists ${digests.length} instance digests for ${manifest.count} instances; the file was changed after it was written`,
      )
    return async (line, index, lineNo) => {
      if (sha256(line) !== digests[index])
        throw modified(path, lineNo, line, "does not match its SHA-256 in the manifest's instanceSha256")
    }
  }
  const regeneration = planRegeneration(manifest, registry, pools.loaded, pools.variable)
  if (!regeneration.ok)
    throw new ArbigraphError(
      'ARBIGRAPH_DATASET_UNVERIFIED',
      `${path}: cannot check the file before evaluating it: ${regeneration.reason}, and its manifest has no instanceSha256; re-import it with "arbigraph import-reference" or regenerate it with "arbigraph generate"`,
    )
  if (regeneration.count !== manifest.count)
    throw new ArbigraphError(
      'ARBIGRAPH_DATASET_MODIFIED',
      `${path}:1: the manifest's spec makes ${regeneration.count} instances, its count says ${manifest.count}; the file was changed after it was written`,
    )
  return async (line, index, lineNo) => {
    const regenerated = encodeInstance(await regenerateAt(regeneration.plan, index))
    if (regenerated === line) return
    let at: string
    try {
      const found = firstDifference(JSON.parse(line) as Json, JSON.parse(regenerated) as Json)
      at = found ? ` (first at ${found.path})` : ' (other key order or spacing)'
    } catch {
      at = ' (the line is not JSON any more)'
    }
    throw modified(path, lineNo, line, `differs from what the manifest's spec generates at its position${at}`)
  }
}

async function readJsonlDataset(path: string, registry: Registry): Promise<FrozenDataset> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  const hash = createHash('sha256')
  const instances: Instance[] = []
  let manifest: Manifest | undefined
  let check: LineCheck | undefined
  let lineNo = 0
  try {
    for await (const line of lines) {
      lineNo++
      if (lineNo === 1) {
        manifest = decodeManifest(line, `${path}:1`)
        check = lineCheck(path, manifest, registry, await runPools())
        continue
      }
      if (line === '' && lineNo > manifest!.count + 1) continue // a trailing blank line
      const index = instances.length
      if (index >= manifest!.count)
        throw new ArbigraphError(
          'ARBIGRAPH_DATASET_MODIFIED',
          `${path}:${lineNo}: the manifest says ${manifest!.count} instances, the file has more; the file was changed after it was written`,
        )
      // The check comes first: a changed line is named as changed even where it no longer parses.
      await check!(line, index, lineNo)
      instances.push(decodeInstance(line, `${path}:${lineNo}`))
      hash.update(`${line}\n`)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: no such dataset file`)
    throw error
  }
  if (!manifest)
    throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: empty file (expected a manifest line)`)
  if (instances.length !== manifest.count)
    throw new ArbigraphError(
      'ARBIGRAPH_DATASET_MODIFIED',
      `${path}: the manifest says ${manifest.count} instances, the file has ${instances.length}; the file was changed after it was written`,
    )
  return { file: basename(path), sha256: hash.digest('hex'), instances, format: 'jsonl' }
}
