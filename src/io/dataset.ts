/**
 * Dataset files: JSONL, the manifest on line 1 and one instance per following line. Values are
 * Python repr strings (see contracts/value.ts). Reading validates every line and names the line
 * and field of the first problem; writing is atomic.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { type Manifest, manifestSchema } from '../contracts/dataset.ts'
import {
  type Instance,
  instanceSchema,
  type Junction,
  type StaticInput,
  type TaskNode,
} from '../contracts/instance.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import type { PromptPart } from '../render/prompt-parts.ts'
import type { RenderedInstance } from '../render/render-prompt.ts'
import { type PyValue, pyRepr } from '../values.ts'
import { openAtomicLines } from './atomic-write.ts'
import { ByteChunks } from './byte-chunks.ts'
import { escapeJsonText, jsonString } from './json-text.ts'

const json = JSON.stringify

/*
 * A Python repr (see values.ts) is digits, signs, `.`, `e`, `inf`, `nan`, brackets, commas and
 * spaces: never a character JSON escapes, so its JSON is the repr in quotes, with no pass over it.
 */

/** `"key":value` pairs of a record of Python values, each value as its repr (a JSON string). */
function reprRecord(params: Record<string, PyValue>): string {
  let out = ''
  for (const key of Object.keys(params))
    out += `${out === '' ? '' : ','}${jsonString(key)}:"${pyRepr(params[key]!)}"`
  return `{${out}}`
}

/** A JSON array of short strings (a junction's sources). */
function stringArray(items: readonly string[]): string {
  let out = ''
  for (let i = 0; i < items.length; i++) out += i === 0 ? jsonString(items[i]!) : `,${jsonString(items[i]!)}`
  return `[${out}]`
}

const nodeText = (node: TaskNode): string =>
  `{"id":${jsonString(node.id)},"number":${json(node.number)},"family":${jsonString(node.family)},"template":${jsonString(node.template)},"inputKind":${jsonString(node.inputKind)},"outputKind":${jsonString(node.outputKind)},"source":{"node":${node.source.node === null ? 'null' : jsonString(node.source.node)},"name":${jsonString(node.source.name)}},"input":"${pyRepr(node.input)}","params":${reprRecord(node.params)},"output":"${pyRepr(node.output)}"${node.preprocess === undefined ? '' : `,"preprocess":${json(node.preprocess)}`}}`

const junctionText = (junction: Junction): string =>
  `{"id":${jsonString(junction.id)},"op":${jsonString(junction.op)}${junction.index === undefined ? '' : `,"index":${json(junction.index)}`},"sources":${stringArray(junction.sources)},"name":${jsonString(junction.name)},"output":"${pyRepr(junction.output)}"}`

const staticInputText = (input: StaticInput): string =>
  `{"node":${jsonString(input.node)},"name":${jsonString(input.name)},"value":"${pyRepr(input.value)}"}`

/** Characters escaped at a time in a long string. */
const STRING_SLICE = 1 << 16

/**
 * A string as JSON, escaped a slice at a time: a 10⁵-task prompt is 60 M characters, and its
 * escaped copy was one more string of that size. Escaping is per character, except that a
 * surrogate pair must stay in one slice (split, each half would be escaped as a lone one).
 */
function writeLongString(text: string, write: (piece: string) => void): void {
  if (text.length <= STRING_SLICE) {
    write(json(text))
    return
  }
  write('"')
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + STRING_SLICE, text.length)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    write(escapeJsonText(text.slice(start, end)))
    start = end
  }
  write('"')
}

/**
 * A prompt given as its parts, as the JSON string of the prompt they join into (`joinParts`:
 * blank lines between parts, one final newline). Each part is escaped on its own, which gives
 * the same characters: a blank line stands between any two parts, so no surrogate pair spans two.
 */
function writePromptParts(parts: readonly PromptPart[], write: (piece: string) => void): void {
  write('"')
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) write('\\n\\n')
    write(escapeJsonText(parts[i]!.text))
  }
  write('\\n"')
}

/** Characters of array elements gathered into one piece: fewer, longer writes. */
const ARRAY_PIECE = 1 << 14

/** Writes the elements of a JSON array a few kilobytes at a time (a 10⁵-task instance has 10⁵ nodes). */
function writeArray<T>(items: readonly T[], text: (item: T) => string, write: (piece: string) => void): void {
  let piece = '['
  for (let i = 0; i < items.length; i++) {
    piece += i === 0 ? text(items[i]!) : `,${text(items[i]!)}`
    if (piece.length >= ARRAY_PIECE) {
      write(piece)
      piece = ''
    }
  }
  write(`${piece}]`)
}

/** An instance to write: with its prompt, or with the prompt's parts not yet joined. */
export type WritableInstance = Instance | RenderedInstance

/**
 * One instance as the JSON line written to a dataset file, handed to `write` piece by piece: the
 * bytes `z.encode(instanceSchema, …)` gives (fields in schema order, values as their Python repr,
 * absent optional fields left out; a test holds the two equal), built directly because the
 * schema walk was half the time and most of the memory of writing a 10⁵-task instance. A
 * rendered instance's prompt is written from its parts, as the same characters its joined
 * prompt would give. Reading still validates every line against the schema.
 */
export function writeInstance(instance: WritableInstance, write: (piece: string) => void): void {
  const { topology } = instance
  write(
    `{"schema":${json(instance.schema)},"id":${json(instance.id)},"topology":{"name":${json(topology.name)},"options":${json(topology.options)}},"categories":${json(instance.categories)},"seed":${json(instance.seed)},"sample":${json(instance.sample)},"task":${json(instance.task)},"family":${json(instance.family)},"staticInputs":`,
  )
  writeArray(instance.staticInputs, staticInputText, write)
  write(',"nodes":')
  writeArray(instance.nodes, nodeText, write)
  write(',"junctions":')
  writeArray(instance.junctions, junctionText, write)
  write(`,"targets":${json(instance.targets)},"outputs":${json(instance.outputs)},"prompt":`)
  if ('promptParts' in instance) writePromptParts(instance.promptParts, write)
  else writeLongString(instance.prompt, write)
  write('}')
}

/** One instance as its dataset line (see `writeInstance`). */
export function encodeInstance(instance: WritableInstance): string {
  const pieces: string[] = []
  writeInstance(instance, (piece) => pieces.push(piece))
  return pieces.join('')
}

/**
 * Instances as dataset lines in UTF-8, each ending in a newline, in chunks of about a megabyte
 * (no line exists as one string on the way).
 * @example Buffer.concat(encodeLineBytes([instance])).toString() === `${encodeInstance(instance)}\n`
 */
export function encodeLineBytes(instances: readonly WritableInstance[]): Uint8Array[] {
  const out = new ByteChunks()
  for (const instance of instances) writeLine(instance, out)
  return out.finish()
}

/** Appends one instance's dataset line, newline included, to `out` as UTF-8. */
export function writeLine(instance: WritableInstance, out: ByteChunks): void {
  writeInstance(instance, (piece) => out.write(piece))
  out.write('\n')
}

export const encodeManifest = (manifest: Manifest): string =>
  JSON.stringify(z.encode(manifestSchema, manifest))

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

/** Reads a whole dataset and checks the manifest's count. */
export async function readDataset(path: string): Promise<{ manifest: Manifest; instances: Instance[] }> {
  let manifest: Manifest | undefined
  const instances: Instance[] = []
  for await (const item of readDatasetLines(path)) {
    if ('manifest' in item) manifest = item.manifest
    else instances.push(item.instance)
  }
  if (!manifest) throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: missing manifest line`)
  if (manifest.count !== instances.length) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_DATASET',
      `${path}: manifest says ${manifest.count} instances, file has ${instances.length}`,
    )
  }
  return { manifest, instances }
}
