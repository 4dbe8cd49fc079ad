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
 * copy. Longer text takes Buffer's native UTF-8 encoder.
 */
const SHORT_TEXT = 64

/** `-9007199254740991`: the longest safe integer in decimal. */
const MAX_SAFE_DIGITS = 17

const QUOTE = 0x22
const BACKSLASH = 0x5c
const MINUS = 0x2d
const ZERO = 0x30

export class ByteChunks {
  /** The chunks filled so far and not yet taken, in order (the current one is added by `finish`). */
  private full: Uint8Array[] = []
  private buffer: Buffer
  private used = 0

  constructor(private readonly size = CHUNK_BYTES) {
    this.buffer = Buffer.allocUnsafeSlow(size)
  }

  /** Appends `text` as UTF-8. */
  write(text: string): void {
    if (text.length <= SHORT_TEXT && this.writeAscii(text)) return
    // A UTF-16 unit is at most 3 UTF-8 bytes: pieces that surely fit are one call.
    if (text.length * 3 <= this.size - this.used) {
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

  /**
   * Appends `JSON.stringify(text)`, for short strings (ids, names): an ASCII string that needs no
   * escape is copied a character at a time, with no string made for its JSON.
   * @example out.writeJsonString('task_3_out') // "task_3_out", quotes included
   */
  writeJsonString(text: string): void {
    const length = text.length
    if (length + 2 <= SHORT_TEXT && this.fits(length + 2)) {
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
    if (!Number.isSafeInteger(n) || !this.fits(MAX_SAFE_DIGITS)) {
      this.write(String(n))
      return
    }
    const buffer = this.buffer
    let at = this.used
    if (n < 0) {
      buffer[at++] = MINUS
      n = -n
    }
    let digits = 1
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++
    this.used = at + digits
    for (let end = at + digits - 1; end > at; end--) {
      const tens = Math.floor(n / 10)
      buffer[end] = ZERO + (n - tens * 10)
      n = tens
    }
    buffer[at] = ZERO + n
  }

  /** A short ASCII text copied a character at a time, skipping a native call; false if it is not ASCII. */
  private writeAscii(text: string): boolean {
    const length = text.length
    if (!this.fits(length)) return false
    const buffer = this.buffer
    const at = this.used
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i)
      if (c > 0x7f) return false
      buffer[at + i] = c
    }
    this.used = at + length
    return true
  }

  /**
   * Whether `bytes` more fit in the current chunk; when not, the caller writes through `write`,
   * which fills the chunk to its end, so every chunk but the last is full.
   */
  private fits(bytes: number): boolean {
    return this.used + bytes <= this.size
  }

  private next(): void {
    this.full.push(this.buffer.subarray(0, this.used))
    this.buffer = Buffer.allocUnsafeSlow(this.size)
    this.used = 0
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
