/**
 * Text written as UTF-8 into fixed-size byte chunks: a dataset line of a 10⁵-task instance is
 * 130 MB, and building it as one string, then one joined string, then one byte array held three
 * copies at once. Pieces go straight into the current chunk instead, so the bytes exist once,
 * in blocks a file stream writes as they are, and a worker can hand them over without a copy.
 */

/** Chunk size: large enough that writes are few, small enough that the last one wastes little. */
export const CHUNK_BYTES = 1 << 20

const utf8 = new TextEncoder()

/**
 * Text up to this length is copied in JavaScript when it is ASCII: a record of a 10⁴-task
 * instance is written in thousands of small pieces, and one native call each cost more than the
 * copy. Longer text takes Buffer's native UTF-8 encoder. A fast path taken only when its piece
 * fits in the current chunk, else `write`, which fills the chunk to its end: every chunk but the
 * last is full (to the last whole character). The checks are written out in each method, not in
 * a helper: `generate` runs without V8's inlining (see bin/arbigraph.js).
 */
const SHORT_TEXT = 64

/** `-9007199254740991`: the longest safe integer in decimal. */
const MAX_SAFE_DIGITS = 17

/**
 * Text with its UTF-8 bytes made once, for a piece written many times over (the part of a node
 * record every node of one template shares).
 */
export interface EncodedText {
  readonly text: string
  readonly bytes: Uint8Array
}

/** @example out.writeEncoded(encodeText(',"params":')) */
export const encodeText = (text: string): EncodedText => ({ text, bytes: Buffer.from(text, 'utf8') })

/** Character codes for `writeAscii`, and for the writer's own bytes. */
export const QUOTE = 0x22
export const OPEN_BRACKET = 0x5b
export const CLOSE_BRACKET = 0x5d
export const OPEN_BRACE = 0x7b
export const CLOSE_BRACE = 0x7d
export const COMMA = 0x2c
export const COLON = 0x3a
const BACKSLASH = 0x5c
const MINUS = 0x2d
const ZERO = 0x30
const SPACE = 0x20

/**
 * Writes a safe integer's decimal digits into `buffer` at `at`, returning where they end; the
 * caller has checked that `MAX_SAFE_DIGITS` bytes fit.
 */
function digitsAt(buffer: Buffer, at: number, n: number): number {
  if (n < 0) {
    buffer[at++] = MINUS
    n = -n
  }
  if (n < 10) {
    buffer[at] = ZERO + n
    return at + 1
  }
  if (n < 100) {
    const tens = (n / 10) | 0
    buffer[at] = ZERO + tens
    buffer[at + 1] = ZERO + (n - tens * 10)
    return at + 2
  }
  let digits = 1
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++
  const end = at + digits
  for (let i = end - 1; i > at; i--) {
    const tens = Math.floor(n / 10)
    buffer[i] = ZERO + (n - tens * 10)
    n = tens
  }
  buffer[at] = ZERO + n
  return end
}

/**
 * Bytes this writer wrote, where they lie: a chunk (full, or still being filled) and the range
 * in it. Its bytes do not change after they are written, so they can be written again by copy.
 */
export interface WrittenSpan {
  readonly chunk: Buffer
  readonly start: number
  readonly end: number
}

export class ByteChunks {
  /** The chunks filled so far and not yet taken, in order (the current one is added by `finish`). */
  private full: Uint8Array[] = []
  private buffer: Buffer
  private used = 0
  /** Chunks begun before the current one, counting taken ones: `position` tells them apart. */
  private begun = 0

  constructor(private readonly size = CHUNK_BYTES) {
    this.buffer = Buffer.allocUnsafeSlow(size)
  }

  /** Appends `text` as UTF-8. */
  write(text: string): void {
    const length = text.length
    if (length <= SHORT_TEXT && this.used + length <= this.size) {
      const buffer = this.buffer
      const at = this.used
      let i = 0
      for (; i < length; i++) {
        const c = text.charCodeAt(i)
        if (c > 0x7f) break
        buffer[at + i] = c
      }
      if (i === length) {
        this.used = at + length
        return
      }
    }
    // A UTF-16 unit is at most 3 UTF-8 bytes: pieces that surely fit are one call.
    if (length * 3 <= this.size - this.used) {
      this.used += this.buffer.write(text, this.used)
      return
    }
    let rest = text
    for (;;) {
      // encodeInto never splits a surrogate pair, so a chunk boundary falls between characters.
      const { read, written } = utf8.encodeInto(rest, this.buffer.subarray(this.used))
      this.used += written
      if (read === rest.length) return
      rest = rest.slice(read)
      this.next()
    }
  }

  /** Appends one ASCII character by its code (a bracket, a quote, a comma). */
  writeAscii(code: number): void {
    if (this.used < this.size) this.buffer[this.used++] = code
    else this.write(String.fromCharCode(code))
  }

  /**
   * Appends a piece encoded beforehand: one copy of its bytes when they fit in the chunk, else
   * its text, which `write` splits between characters as it fills the chunk.
   */
  writeEncoded(piece: EncodedText): void {
    const bytes = piece.bytes
    const length = bytes.length
    if (this.used + length <= this.size) {
      // Copied in JavaScript: pieces are a few dozen bytes, and TypedArray's set cost more.
      const buffer = this.buffer
      const at = this.used
      for (let i = 0; i < length; i++) buffer[at + i] = bytes[i]!
      this.used = at + length
      return
    }
    this.write(piece.text)
  }

  /**
   * Appends `JSON.stringify(text)`, for short strings (ids, names): an ASCII string that needs no
   * escape is copied a character at a time, with no string made for its JSON.
   * @example out.writeJsonString('task_3_out') // "task_3_out", quotes included
   */
  writeJsonString(text: string): void {
    const length = text.length
    if (length + 2 <= SHORT_TEXT && this.used + length + 2 <= this.size) {
      const buffer = this.buffer
      let at = this.used
      buffer[at++] = QUOTE
      for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i)
        if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) {
          this.write(JSON.stringify(text))
          return
        }
        buffer[at++] = c
      }
      buffer[at++] = QUOTE
      this.used = at
      return
    }
    this.write(JSON.stringify(text))
  }

  /**
   * Appends an integer in decimal, as `String(n)` writes it: a Python int's digits, a task
   * number, written digit by digit with no string made (other numbers take `String`).
   */
  writeInteger(n: number): void {
    if (!Number.isSafeInteger(n) || this.used + MAX_SAFE_DIGITS > this.size) {
      this.write(String(n))
      return
    }
    this.used = digitsAt(this.buffer, this.used, n)
  }

  /**
   * Appends a list of Python ints as their repr, `[1, -2, 3]`, one call for the whole list: a
   * 10⁴-task instance writes ~10⁵ such lists. Writes nothing and returns false when an item is
   * not an int within 2^53 or the list may not fit in the chunk; the caller then writes it.
   */
  writeIntList(items: readonly unknown[]): boolean {
    const length = items.length
    let at = this.used
    // Each item at most its digits and a separator.
    if (at + length * (MAX_SAFE_DIGITS + 2) + 2 > this.size) return false
    const buffer = this.buffer
    buffer[at++] = OPEN_BRACKET
    for (let i = 0; i < length; i++) {
      const item = items[i]
      const n = typeof item === 'bigint' ? Number(item) : Number.NaN
      if (!Number.isSafeInteger(n)) return false
      if (i > 0) {
        buffer[at++] = COMMA
        buffer[at++] = SPACE
      }
      // Most ints of a graph are below 100 (inputs are reduced mod 100): no call for those.
      if (n >= 0 && n < 10) buffer[at++] = ZERO + n
      else at = digitsAt(buffer, at, n)
    }
    buffer[at++] = CLOSE_BRACKET
    this.used = at
    return true
  }

  /**
   * Where the next byte goes, as a number that grows with every byte written and jumps to the
   * next multiple of the chunk size with a new chunk (for `spanSince`).
   */
  get position(): number {
    return this.begun * this.size + this.used
  }

  /**
   * The bytes written since `position` was `start`, when they all lie in the current chunk;
   * undefined when a chunk was filled meanwhile (a span is one range of one chunk).
   */
  spanSince(start: number): WrittenSpan | undefined {
    const base = this.begun * this.size
    if (start < base) return undefined
    return { chunk: this.buffer, start: start - base, end: this.used }
  }

  /**
   * Appends a span's bytes again, which must be whole characters (a span of ASCII is). Writes
   * nothing and returns false when they do not fit in the current chunk, or their chunk was
   * handed to another thread since (its bytes are gone); the caller then writes them.
   */
  writeSpan(span: WrittenSpan): boolean {
    const { chunk, start, end } = span
    const length = end - start
    if (this.used + length > this.size || end > chunk.length) return false
    const buffer = this.buffer
    const at = this.used
    // Short spans (most lists of a graph) copied in JavaScript: a native call costs more.
    if (length <= SHORT_TEXT) for (let i = 0; i < length; i++) buffer[at + i] = chunk[start + i]!
    else chunk.copy(buffer, at, start, end)
    this.used = at + length
    return true
  }

  private next(): void {
    this.full.push(this.buffer.subarray(0, this.used))
    this.buffer = Buffer.allocUnsafeSlow(this.size)
    this.used = 0
    this.begun++
  }

  /**
   * The chunks filled since the last call, for writing while more text comes; the one being
   * filled stays. One writer across many small lines keeps the buffers few: a fresh megabyte
   * per few-kilobyte line is external memory that makes V8 run a full collection every few
   * dozen lines.
   */
  take(): Uint8Array[] {
    const taken = this.full
    this.full = []
    return taken
  }

  /** Every chunk not yet taken, the last one trimmed; the writer must not be used afterwards. */
  finish(): Uint8Array[] {
    if (this.used > 0) this.next()
    return this.full
  }
}
