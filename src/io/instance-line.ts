/**
 * One instance as its dataset line, written as UTF-8 straight into byte chunks: the bytes
 * `z.encode(instanceSchema, …)` then `JSON.stringify` give (fields in schema order, values as
 * their Python repr, absent optional fields left out; a test holds the two equal). Built
 * directly because the schema walk was half the time and most of the memory of writing a
 * 10⁵-task instance, and byte by byte because a 10⁴-task instance is 10⁴ node records: made as
 * strings, each was ~50 short-lived strings and then one more copy when encoded.
 */
import type { Instance, Junction, StaticInput, TaskNode } from '../contracts/instance.ts'
import type { RenderedInstance } from '../render/render-prompt.ts'
import { type PyValue, pyFloatRepr } from '../values.ts'
import {
  ByteChunks,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  type EncodedText,
  encodeText,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  type WrittenSpan,
} from './byte-chunks.ts'
import { escapeJsonText } from './json-text.ts'

const json = JSON.stringify

/** An instance to write: with its prompt, or with its prompt still to be rendered part by part. */
export type WritableInstance = Instance | RenderedInstance

/**
 * The Python repr of a value, as `pyRepr` (values.ts) writes it, without making the string. A
 * repr is digits, signs, `.`, `e`, `inf`, `nan`, brackets, commas and spaces: never a character
 * JSON escapes, so inside quotes it is its own JSON string.
 */
function writeRepr(value: PyValue, out: ByteChunks): void {
  if (typeof value === 'bigint') {
    // Exact below 2^53; larger ints take their own digits.
    const small = Number(value)
    if (Number.isSafeInteger(small)) out.writeInteger(small)
    else out.write(value.toString())
  } else if (typeof value === 'number') out.write(pyFloatRepr(value))
  else if (!out.writeIntList(value)) {
    out.writeAscii(OPEN_BRACKET)
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.writeEncoded(ITEM_SEPARATOR)
      writeRepr(value[i]!, out)
    }
    out.writeAscii(CLOSE_BRACKET)
  }
}

const ITEM_SEPARATOR = encodeText(', ')

/** A value's repr as a JSON string. */
function writeReprString(value: PyValue, out: ByteChunks): void {
  out.writeAscii(QUOTE)
  writeRepr(value, out)
  out.writeAscii(QUOTE)
}

/**
 * The lists a line has written so far, and where their repr went. A task's input is the very
 * list its source's output is (a task's or a junction's), so a 10⁴-task instance wrote some
 * 6000 lists twice, digit by digit; the second time is now a copy of the first's bytes. By
 * identity: nothing runs between the writes of one line's records that could change a list.
 */
type WrittenLists = Map<readonly PyValue[], WrittenSpan>

/** A value's repr as a JSON string, a list copied from where `written` says it went before. */
function writeSharedReprString(value: PyValue, out: ByteChunks, written: WrittenLists): void {
  if (!Array.isArray(value)) {
    writeReprString(value, out)
    return
  }
  out.writeAscii(QUOTE)
  const span = written.get(value)
  if (span === undefined || !out.writeSpan(span)) {
    const start = out.position
    writeRepr(value, out)
    const made = out.spanSince(start)
    if (made !== undefined) written.set(value, made)
  }
  out.writeAscii(QUOTE)
}

/** `{"key":"repr",…}` for a record of Python values (a node's parameters). */
function writeReprRecord(params: Record<string, PyValue>, out: ByteChunks): void {
  out.writeAscii(OPEN_BRACE)
  const keys = Object.keys(params)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (i > 0) out.writeAscii(COMMA)
    out.writeJsonString(key)
    out.writeAscii(COLON)
    writeReprString(params[key]!, out)
  }
  out.writeAscii(CLOSE_BRACE)
}

/**
 * `JSON.stringify(record)` for a record of strings, booleans and integers (a node's preprocess
 * options), without making the string; any other value and the record takes JSON.stringify.
 */
function writeFlatRecord(record: Record<string, unknown>, out: ByteChunks): void {
  const keys = Object.keys(record)
  for (const key of keys) {
    const value = record[key]
    if (typeof value !== 'string' && typeof value !== 'boolean' && !Number.isSafeInteger(value)) {
      out.write(json(record))
      return
    }
  }
  out.write('{')
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) out.write(',')
    out.writeJsonString(keys[i]!)
    out.write(':')
    const value = record[keys[i]!] as string | boolean | number
    if (typeof value === 'string') out.writeJsonString(value)
    else if (typeof value === 'boolean') out.write(value ? 'true' : 'false')
    else out.writeInteger(value)
  }
  out.write('}')
}

/** A short string as JSON (an item of a junction's sources). */
const writeString = (text: string, out: ByteChunks): void => out.writeJsonString(text)

/** The longest a process's tables of shared node-record pieces get before they start over. */
const MAX_PIECES = 4096

/**
 * Pieces of node records made once per pair of field values: every node of one template shares
 * its `,"family":…,"template":…` and every node of one pair of kinds its `,"inputKind":…`, and
 * a 10⁴-task instance wrote those five fields, each a key and a value, ten thousand times over.
 */
class PairPieces {
  private readonly byFirst = new Map<string, Map<string, EncodedText>>()
  private count = 0

  constructor(private readonly make: (first: string, second: string) => string) {}

  get(first: string, second: string): EncodedText {
    let bySecond = this.byFirst.get(first)
    if (bySecond === undefined) {
      bySecond = new Map()
      this.byFirst.set(first, bySecond)
    }
    let piece = bySecond.get(second)
    if (piece === undefined) {
      // Bounded for a long-lived process that writes instances of ever new made-up templates.
      if (++this.count > MAX_PIECES) {
        this.byFirst.clear()
        this.byFirst.set(first, bySecond)
        bySecond.clear()
        this.count = 1
      }
      piece = encodeText(this.make(first, second))
      bySecond.set(second, piece)
    }
    return piece
  }
}

const templatePieces = new PairPieces(
  (family, template) => `,"family":${json(family)},"template":${json(template)}`,
)
const kindPieces = new PairPieces(
  (inputKind, outputKind) =>
    `,"inputKind":${json(inputKind)},"outputKind":${json(outputKind)},"source":{"node":`,
)

/**
 * `,"preprocess":{…}}` of the records a template's nodes share (fill-attempt.ts makes one per
 * template and freezes it), encoded once. Only a frozen record of plain scalar fields: its text cannot change.
 */
const preprocessPieces = new WeakMap<object, EncodedText | null>()

function preprocessPiece(record: Record<string, unknown>): EncodedText | undefined {
  if (!Object.isFrozen(record)) return undefined
  let piece = preprocessPieces.get(record)
  if (piece === undefined) {
    // Frozen fields can still be getters, or hold objects that change: those are written afresh.
    // Which kind a frozen record is cannot change, so that is remembered too (null).
    const fields = Object.values(Object.getOwnPropertyDescriptors(record))
    const fixed = fields.every(
      (field) => field.get === undefined && (typeof field.value !== 'object' || field.value === null),
    )
    piece = fixed ? encodeText(`,"preprocess":${json(record)}}`) : null
    preprocessPieces.set(record, piece)
  }
  return piece ?? undefined
}

const NODE_ID = encodeText('{"id":')
const NODE_NUMBER = encodeText(',"number":')
const NULL = encodeText('null')
const SOURCE_NAME = encodeText(',"name":')
const NODE_INPUT = encodeText('},"input":')
const NODE_PARAMS = encodeText(',"params":')
const NODE_OUTPUT = encodeText(',"output":')
const NODE_PREPROCESS = encodeText(',"preprocess":')
const CLOSE = encodeText('}')

function writeNode(node: TaskNode, out: ByteChunks, written: WrittenLists): void {
  out.writeEncoded(NODE_ID)
  out.writeJsonString(node.id)
  out.writeEncoded(NODE_NUMBER)
  out.writeInteger(node.number)
  out.writeEncoded(templatePieces.get(node.family, node.template))
  out.writeEncoded(kindPieces.get(node.inputKind, node.outputKind))
  if (node.source.node === null) out.writeEncoded(NULL)
  else out.writeJsonString(node.source.node)
  out.writeEncoded(SOURCE_NAME)
  out.writeJsonString(node.source.name)
  out.writeEncoded(NODE_INPUT)
  writeSharedReprString(node.input, out, written)
  out.writeEncoded(NODE_PARAMS)
  writeReprRecord(node.params, out)
  out.writeEncoded(NODE_OUTPUT)
  writeSharedReprString(node.output, out, written)
  if (node.preprocess === undefined) {
    out.writeEncoded(CLOSE)
    return
  }
  const piece = preprocessPiece(node.preprocess)
  if (piece !== undefined) {
    out.writeEncoded(piece)
    return
  }
  out.writeEncoded(NODE_PREPROCESS)
  writeFlatRecord(node.preprocess, out)
  out.writeEncoded(CLOSE)
}

const JUNCTION_ID = NODE_ID
const JUNCTION_OP = encodeText(',"op":')
const JUNCTION_INDEX = encodeText(',"index":')
const JUNCTION_SOURCES = encodeText(',"sources":')
const JUNCTION_NAME = SOURCE_NAME
const JUNCTION_OUTPUT = NODE_OUTPUT

function writeJunction(junction: Junction, out: ByteChunks, written: WrittenLists): void {
  out.writeEncoded(JUNCTION_ID)
  out.writeJsonString(junction.id)
  out.writeEncoded(JUNCTION_OP)
  out.writeJsonString(junction.op)
  if (junction.index !== undefined) {
    out.writeEncoded(JUNCTION_INDEX)
    out.writeInteger(junction.index)
  }
  out.writeEncoded(JUNCTION_SOURCES)
  writeArray(junction.sources, writeString, out, undefined)
  out.writeEncoded(JUNCTION_NAME)
  out.writeJsonString(junction.name)
  out.writeEncoded(JUNCTION_OUTPUT)
  writeSharedReprString(junction.output, out, written)
  out.writeAscii(CLOSE_BRACE)
}

const STATIC_NODE = encodeText('{"node":')
const STATIC_VALUE = encodeText(',"value":')

function writeStaticInput(input: StaticInput, out: ByteChunks, written: WrittenLists): void {
  out.writeEncoded(STATIC_NODE)
  out.writeJsonString(input.node)
  out.writeEncoded(SOURCE_NAME)
  out.writeJsonString(input.name)
  out.writeEncoded(STATIC_VALUE)
  writeSharedReprString(input.value, out, written)
  out.writeAscii(CLOSE_BRACE)
}

function writeArray<T, C>(
  items: readonly T[],
  writeItem: (item: T, out: ByteChunks, context: C) => void,
  out: ByteChunks,
  context: C,
) {
  out.writeAscii(OPEN_BRACKET)
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.writeAscii(COMMA)
    writeItem(items[i]!, out, context)
  }
  out.writeAscii(CLOSE_BRACKET)
}

/** Characters escaped at a time in a long string. */
const STRING_SLICE = 1 << 16

/**
 * A string as JSON, escaped a slice at a time: a 10⁵-task prompt is 60 M characters, and its
 * escaped copy was one more string of that size. Escaping is per character, except that a
 * surrogate pair must stay in one slice (split, each half would be escaped as a lone one).
 */
function writeLongString(text: string, out: ByteChunks): void {
  if (text.length <= STRING_SLICE) {
    out.write(json(text))
    return
  }
  out.write('"')
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + STRING_SLICE, text.length)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    out.write(escapeJsonText(text.slice(start, end)))
    start = end
  }
  out.write('"')
}

/**
 * A prompt given as its parts, as the JSON string of the prompt they join into (`joinParts`:
 * blank lines between parts, one final newline). Each part is escaped and written as it is
 * rendered, which gives the same characters: a blank line stands between any two parts, so no
 * surrogate pair spans two.
 */
function writePromptParts(instance: RenderedInstance, out: ByteChunks): void {
  out.write('"')
  let first = true
  instance.eachPromptPart((part) => {
    if (!first) out.write('\\n\\n')
    first = false
    out.write(escapeJsonText(part.text))
  })
  out.write('\\n"')
}

/**
 * Appends one instance as its dataset line, without the newline. A rendered instance's prompt
 * is written part by part as it is rendered, as the same characters its joined prompt would give. Reading still
 * validates every line against the schema.
 */
export function writeInstance(instance: WritableInstance, out: ByteChunks): void {
  const { topology } = instance
  out.write(
    `{"schema":${json(instance.schema)},"id":${json(instance.id)},"topology":{"name":${json(topology.name)},"options":${json(topology.options)}},"categories":${json(instance.categories)},"seed":${json(instance.seed)},"sample":${json(instance.sample)},"task":${json(instance.task)},"family":${json(instance.family)},"staticInputs":`,
  )
  const written: WrittenLists = new Map()
  writeArray(instance.staticInputs, writeStaticInput, out, written)
  out.write(',"nodes":')
  writeArray(instance.nodes, writeNode, out, written)
  out.write(',"junctions":')
  writeArray(instance.junctions, writeJunction, out, written)
  out.write(`,"targets":${json(instance.targets)},"outputs":${json(instance.outputs)},"prompt":`)
  if ('eachPromptPart' in instance) writePromptParts(instance, out)
  else writeLongString(instance.prompt, out)
  out.write('}')
}

/** Appends one instance's dataset line, newline included, to `out`. */
export function writeLine(instance: WritableInstance, out: ByteChunks): void {
  writeInstance(instance, out)
  out.write('\n')
}

/** Chunks for one line as a string: small, as most lines are a few kilobytes. */
const LINE_CHUNK_BYTES = 1 << 16

/** One instance as its dataset line (see `writeInstance`). */
export function encodeInstance(instance: WritableInstance): string {
  const out = new ByteChunks(LINE_CHUNK_BYTES)
  writeInstance(instance, out)
  return Buffer.concat(out.finish()).toString('utf8')
}
