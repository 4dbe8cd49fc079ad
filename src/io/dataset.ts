/**
 * Dataset files: JSONL, the manifest on line 1 and one instance per following line. Values are
 * Python repr strings (see contracts/value.ts). Reading validates every line and names the line
 * and field of the first problem; writing is atomic.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { z } from 'zod'
import { type Manifest, manifestSchema } from '../contracts/dataset.ts'
import { type Instance, instanceSchema } from '../contracts/instance.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { openAtomicLines } from './atomic-write.ts'
import { encodeInstance } from './instance-line.ts'
import { encodeManifest } from './manifest-line.ts'

export {
  encodeInstance,
  type WritableInstance,
  writeInstance,
  writeLine,
} from './instance-line.ts'
export { encodeManifest } from './manifest-line.ts'

/**
 * Parses one JSON line and validates it against `schema`; errors name `where` and the field.
 * @example decodeLine(instanceSchema, line, "d.jsonl:3")
 */
export function decodeLine<S extends z.ZodType>(schema: S, line: string, where: string): z.output<S> {
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_DATASET',
      `${where}: malformed JSON (${(error as Error).message})`,
    )
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success)
    throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', describeZodError(parsed.error, where))
  return parsed.data
}

/** Parses and validates one instance line; `where` prefixes messages (e.g. `d.jsonl:3`). */
export const decodeInstance = (line: string, where = 'instance'): Instance =>
  decodeLine(instanceSchema, line, where)

/** Parses and validates the manifest line. */
export const decodeManifest = (line: string, where = 'manifest'): Manifest =>
  decodeLine(manifestSchema, line, where)

/** Writes a dataset atomically: nothing appears at `path` unless every line was written. */
export async function writeDataset(
  path: string,
  manifest: Manifest,
  instances: Iterable<Instance> | AsyncIterable<Instance>,
): Promise<void> {
  const out = await openAtomicLines(path)
  try {
    await out.write(encodeManifest(manifest))
    for await (const instance of instances) await out.write(encodeInstance(instance))
    await out.commit()
  } catch (error) {
    await out.abort()
    throw error
  }
}

/** Streams a dataset: the manifest, then validated instances one by one. */
export async function* readDatasetLines(
  path: string,
): AsyncGenerator<{ manifest: Manifest } | { instance: Instance; line: number }> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let lineNo = 0
  for await (const line of lines) {
    lineNo++
    if (line.trim() === '') continue
    if (lineNo === 1) yield { manifest: decodeManifest(line, `${path}:1`) }
    else yield { instance: decodeInstance(line, `${path}:${lineNo}`), line: lineNo }
  }
  if (lineNo === 0)
    throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: empty file (expected a manifest line)`)
}

/**
 * Streams a dataset's validated instances one by one (the manifest at `manifest` once read), and
 * fails at the end when their number is not the manifest's count.
 * @example for await (const instance of readDatasetInstances('data.jsonl')) count(instance.prompt)
 */
export async function* readDatasetInstances(
  path: string,
  read: { manifest?: Manifest } = {},
): AsyncGenerator<Instance> {
  let count = 0
  for await (const item of readDatasetLines(path)) {
    if ('manifest' in item) read.manifest = item.manifest
    else {
      count++
      yield item.instance
    }
  }
  if (!read.manifest) throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: missing manifest line`)
  if (read.manifest.count !== count) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_DATASET',
      `${path}: manifest says ${read.manifest.count} instances, file has ${count}`,
    )
  }
}

/** Reads a whole dataset and checks the manifest's count. */
export async function readDataset(path: string): Promise<{ manifest: Manifest; instances: Instance[] }> {
  const read: { manifest?: Manifest } = {}
  const instances: Instance[] = []
  for await (const instance of readDatasetInstances(path, read)) instances.push(instance)
  return { manifest: read.manifest!, instances }
}
