/**
 * An append-only JSONL file that survives `kill -9`. Each record becomes one buffer (line plus
 * newline) handed to ONE `write` call on a file opened with O_APPEND, and writes are queued so
 * lines never interleave. A process killed mid-write therefore leaves at most one truncated
 * final line, which readers skip (see `readJsonLines`); nothing before it is ever damaged.
 * `append` resolves once the kernel has the bytes, so a caller that waits for it before
 * answering its client never reports work the log does not hold.
 */
import type { FileHandle } from 'node:fs/promises'
import { open, truncate } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ensureDir } from '../io/ensure-dir.ts'

export interface AppendLog {
  readonly path: string
  /** Appends one JSON line; resolves with the byte range it occupies once written. */
  append(record: unknown): Promise<{ offset: number; length: number }>
  /** Waits for queued lines, then closes the file. */
  close(): Promise<void>
}

/**
 * Opens (creating folders and the file) a JSONL log for appending.
 * @example
 * const log = await openAppendLog('out/run.jsonl')
 * await log.append({ ok: true })
 * await log.close()
 */
export async function openAppendLog(path: string): Promise<AppendLog> {
  ensureDir(dirname(path), `"${path}"`)
  const handle: FileHandle = await open(path, 'a')
  let size = (await handle.stat()).size
  let tail: Promise<unknown> = Promise.resolve()
  let closed = false
  const writeAll = async (buffer: Buffer) => {
    let offset = 0
    // One call normally writes everything; the loop only covers a short write (disk full, signals).
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset)
      offset += bytesWritten
    }
  }
  return {
    path,
    append(record) {
      if (closed) return Promise.reject(new Error(`pool/append-log: "${path}" is closed`))
      const buffer = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8')
      // Writes are queued in order, so the line lands exactly at the current end.
      const range = { offset: size, length: buffer.length }
      size += buffer.length
      const written = tail.then(() => writeAll(buffer)).then(() => range)
      tail = written.catch(() => {})
      return written
    },
    async close() {
      if (closed) return
      closed = true
      await tail
      await handle.close()
    },
  }
}

/** What scanning a JSONL file had to skip, and where its valid prefix ends. */
export interface ScanReport {
  /** 1-based numbers and reasons of lines that were not valid JSON. */
  skipped: { line: number; reason: string }[]
  /** Byte length of the valid prefix: everything up to the last complete, parseable line. */
  validBytes: number
}

/**
 * Visits each JSON line of a file with its byte range, reading in chunks so a file larger
 * than memory can be indexed. A missing file has no lines. A bad line is skipped and reported
 * rather than thrown, because the usual cause is a run killed mid-write.
 * @example await scanJsonLines('cache.jsonl', (record, offset, length) => index.set(record.key, { offset, length }))
 */
export async function scanJsonLines(
  path: string,
  visit: (record: unknown, offset: number, length: number) => void,
): Promise<ScanReport> {
  const report: ScanReport = { skipped: [], validBytes: 0 }
  let stream: AsyncIterable<Buffer>
  try {
    const handle = await open(path, 'r')
    stream = handle.createReadStream({ highWaterMark: 1 << 20 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report
    throw error
  }
  let pending = Buffer.alloc(0)
  let pendingOffset = 0
  let line = 0
  const take = (bytes: Buffer, offset: number, complete: boolean) => {
    line++
    const text = bytes.toString('utf8')
    if (text.trim() === '') return
    try {
      if (!complete) throw new Error('no trailing newline (the writer was interrupted)')
      visit(JSON.parse(text), offset, bytes.length + 1)
      report.validBytes = offset + bytes.length + 1
    } catch (error) {
      report.skipped.push({ line, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  for await (const chunk of stream) {
    let buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk
    let start = 0
    for (let end = buffer.indexOf(0x0a); end >= 0; end = buffer.indexOf(0x0a, start)) {
      take(buffer.subarray(start, end), pendingOffset + start, true)
      start = end + 1
    }
    pendingOffset += start
    buffer = buffer.subarray(start)
    pending = Buffer.from(buffer)
  }
  if (pending.length > 0) take(pending, pendingOffset, false)
  return report
}

/** A JSONL file's parsed lines, and what had to be skipped. */
export interface JsonLines extends ScanReport {
  records: unknown[]
}

/**
 * Reads a whole JSONL file written by `openAppendLog` (see `scanJsonLines` for large files).
 * @example const { records, skipped } = await readJsonLines('transcript.jsonl')
 */
export async function readJsonLines(path: string): Promise<JsonLines> {
  const records: unknown[] = []
  const report = await scanJsonLines(path, (record) => records.push(record))
  return { records, ...report }
}

/**
 * Cuts a truncated tail off a JSONL file so the next append starts on a fresh line.
 * @example await trimTornTail('cache.jsonl', report.validBytes)
 */
export async function trimTornTail(path: string, validBytes: number): Promise<void> {
  await truncate(path, validBytes)
}
