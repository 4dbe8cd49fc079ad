/**
 * Reads a file holding one JSON object in bounded memory: every top-level member comes out as
 * its own JSON text, except the array under one key (a results file's `records`), which comes
 * out element by element. Memory holds one member or element at a time, never the whole file,
 * so a results file of any size is read, where one `readFile` + `JSON.parse` stops at V8's
 * longest string (about 512 M characters) and needs the file's size several times over in heap.
 *
 * The file is scanned as bytes (JSON's structural characters are ASCII, and no byte of a UTF-8
 * multi-byte character is below 0x80, so a chunk boundary never confuses the scan): the scanner
 * checks the object's own punctuation and leaves everything inside a member or element to
 * `JSON.parse`, so any layout (pretty, compact, one element per line) is read, and nothing that
 * is not one valid JSON object passes.
 */
import { createReadStream } from 'node:fs'

/**
 * A top-level member (`index` undefined) or one element of the streamed array. The streamed array
 * itself comes first as a member whose text is `[]`, then its elements.
 */
export interface JsonPart {
  key: string
  /** Position in the streamed array; undefined for a member. */
  index?: number
  /** The member's value or the element, as JSON text. */
  text: string
}

/** The file is not one JSON object; the message says where (byte offset) and what was expected. */
export class JsonShapeError extends Error {
  override name = 'JsonShapeError'
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const COLON = 0x3a
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09
const blank = (text: string) => /^[ \t\n\r]*$/.test(text)

/** The index of the next `byte` in `chunk` from `from`, or the chunk's length when there is none. */
const indexOrEnd = (chunk: Buffer, byte: number, from: number): number => {
  const at = chunk.indexOf(byte, from)
  return at < 0 ? chunk.length : at
}

/** Bytes read at a time. */
const READ_BYTES = 1 << 20

type Mode = 'start' | 'key' | 'keyString' | 'colon' | 'value' | 'elements' | 'afterValue' | 'end'

/**
 * The parts of the JSON object in `file`, in file order; the array under `streamed` element by element.
 * @example for await (const part of jsonObjectParts('out/results.json', 'records')) if (part.index !== undefined) JSON.parse(part.text)
 */
export async function* jsonObjectParts(file: string, streamed: string): AsyncGenerator<JsonPart> {
  for await (const parts of jsonObjectPartBatches(file, streamed)) yield* parts
}

/**
 * The same parts, a batch per chunk read (about 1 MiB): a reader of 10⁶ records loops over each
 * batch synchronously instead of awaiting every part.
 * @example for await (const parts of jsonObjectPartBatches('out/results.json', 'records')) for (const part of parts) …
 */
export async function* jsonObjectPartBatches(file: string, streamed: string): AsyncGenerator<JsonPart[]> {
  const scanner = chunkScanner(streamed)
  for await (const chunk of createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
    const parts = scanner.scan(chunk)
    if (parts.length > 0) yield parts
  }
  scanner.end()
}

/**
 * The scanner's state and its per-chunk loop, in a plain function rather than the generator:
 * V8 optimizes a hot loop of an ordinary function, while a loop inside a resumed async generator
 * ran interpreted (about 100 ns a byte, where JSON.parse takes about 10).
 */
function chunkScanner(streamed: string): { scan(chunk: Buffer): JsonPart[]; end(): void } {
  let mode: Mode = 'start'
  let depth = 0
  let inString = false
  let escaped = false
  let firstKey = true
  let key = ''
  let index = 0
  let commaInArray = false
  let started = false // the member's value has begun (a non-space byte)
  let streamedSeen = false
  let pieces: Buffer[] = []
  let from = -1 // where the capture began in the current chunk; -1: none
  let offset = 0 // bytes before the current chunk
  let ready: JsonPart[] = []

  const fail = (at: number, what: string): never => {
    throw new JsonShapeError(`${what} at byte ${offset + at}`)
  }
  const take = (chunk: Buffer, end: number): string => {
    pieces.push(chunk.subarray(from, end))
    const bytes = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)
    pieces = []
    from = -1
    try {
      return bytes.toString('utf8')
    } catch {
      return fail(end, `a value of ${bytes.length} bytes, too large for one string, ends`)
    }
  }
  const member = (chunk: Buffer, end: number) => {
    const text = take(chunk, end)
    if (blank(text)) fail(end, `no value for "${key}"`)
    ready.push({ key, text })
  }
  const element = (chunk: Buffer, end: number, last: boolean) => {
    const text = take(chunk, end)
    if (blank(text)) {
      if (last && index === 0 && !commaInArray) return // []
      fail(end, `an empty element in "${key}"`)
    }
    ready.push({ key, index: index++, text })
  }

  const scan = (chunk: Buffer): JsonPart[] => {
    // Inside a string only a quote or a backslash matters: the next of each is found natively
    // (memchr) and kept until passed, so string bytes are skipped, not stepped through — strings
    // are most of a results file's bytes (answers, transcripts refs, ids).
    let nextQuote = -1
    let nextBackslash = -1
    for (let i = 0; i < chunk.length; i++) {
      if (inString && !escaped) {
        if (nextQuote < i) nextQuote = indexOrEnd(chunk, QUOTE, i)
        if (nextBackslash < i) nextBackslash = indexOrEnd(chunk, BACKSLASH, i)
        i = Math.min(nextQuote, nextBackslash)
        if (i >= chunk.length) break
      }
      const b = chunk[i]!
      if (inString) {
        if (escaped) escaped = false
        else if (b === BACKSLASH) escaped = true
        else if (b === QUOTE) {
          inString = false
          if (mode === 'keyString') {
            try {
              key = JSON.parse(take(chunk, i + 1)) as string
            } catch (error) {
              fail(i, (error as Error).message)
            }
            mode = 'colon'
          }
        }
        continue
      }
      switch (mode) {
        case 'start':
          if (b === OPEN_BRACE) {
            depth = 1
            mode = 'key'
          } else if (!isSpace(b)) fail(i, 'expected a JSON object ("{")')
          break
        case 'key':
          if (b === QUOTE) {
            inString = true
            from = i
            mode = 'keyString'
          } else if (b === CLOSE_BRACE && firstKey) mode = 'end'
          else if (!isSpace(b)) fail(i, 'expected a member name')
          break
        case 'colon':
          if (b === COLON) {
            mode = 'value'
            started = false
            from = i + 1
          } else if (!isSpace(b)) fail(i, `expected ":" after "${key}"`)
          break
        case 'value':
          if (b === OPEN_BRACKET && depth === 1 && key === streamed && !started) {
            if (streamedSeen) fail(i, `a second "${key}"`)
            streamedSeen = true
            pieces = []
            ready.push({ key, text: '[]' })
            mode = 'elements'
            depth = 2
            index = 0
            commaInArray = false
            from = i + 1
          } else if (b === QUOTE) inString = true
          else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++
          else if (depth > 1 && (b === CLOSE_BRACE || b === CLOSE_BRACKET)) depth--
          else if (depth === 1 && (b === COMMA || b === CLOSE_BRACE)) {
            member(chunk, i)
            firstKey = false
            mode = b === COMMA ? 'key' : 'end'
          } else if (depth === 1 && b === CLOSE_BRACKET) fail(i, 'unexpected "]"')
          if (!isSpace(b)) started = true
          break
        case 'elements':
          if (b === QUOTE) inString = true
          else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++
          else if (depth > 2 && (b === CLOSE_BRACE || b === CLOSE_BRACKET)) depth--
          else if (depth === 2 && b === COMMA) {
            element(chunk, i, false)
            commaInArray = true
            from = i + 1
          } else if (depth === 2 && b === CLOSE_BRACKET) {
            element(chunk, i, true)
            depth = 1
            mode = 'afterValue'
          } else if (depth === 2 && b === CLOSE_BRACE) fail(i, `unexpected "}" in "${key}"`)
          break
        case 'afterValue':
          if (b === COMMA || b === CLOSE_BRACE) {
            firstKey = false
            mode = b === COMMA ? 'key' : 'end'
          } else if (!isSpace(b)) fail(i, `expected "," or "}" after "${key}"`)
          break
        case 'end':
          if (!isSpace(b)) fail(i, 'unexpected data after the JSON object')
      }
    }
    if (from >= 0) {
      pieces.push(chunk.subarray(from))
      from = 0
    }
    offset += chunk.length
    const out = ready
    ready = []
    return out
  }
  const end = () => {
    if (mode !== 'end') fail(0, 'the file ends before its JSON object does')
  }
  return { scan, end }
}
