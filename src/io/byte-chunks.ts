/**
 * Text written as UTF-8 into fixed-size byte chunks: a dataset line of a 10⁵-task instance is
 * 130 MB, and building it as one string, then one joined string, then one byte array held three
 * copies at once. Pieces go straight into the current chunk instead, so the bytes exist once,
 * in blocks a file stream writes as they are, and a worker can hand them over without a copy.
 */

/** Chunk size: large enough that writes are few, small enough that the last one wastes little. */
export const CHUNK_BYTES = 1 << 20

const utf8 = new TextEncoder()

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
    // A UTF-16 unit is at most 3 UTF-8 bytes: short pieces that surely fit are one call.
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
