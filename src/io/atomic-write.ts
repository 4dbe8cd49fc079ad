/**
 * Atomic file output: write to a temporary file beside the target, then rename over it, so a
 * crash or an error never leaves a half-written file where a complete one is expected. A write
 * killed before its rename leaves `<target>.<pid>.<hex>.tmp`; the next write of the same target
 * removes those whose process is gone (a live one may still be writing).
 */
import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readdirSync, rename, renameSync, rm, rmSync, write, writeFile } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { ArbigraphError } from '../errors.ts'
import { ensureDir } from './ensure-dir.ts'

/** A temporary path beside `path`, unique to this process and call. */
export const tempPath = (path: string): string =>
  `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`

const alive = (pid: number): boolean => {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by someone else
  }
}

/**
 * Removes the temporary files (or folders) earlier killed writes of `target` left beside it.
 * @example removeStaleTemps('/run/out/results.json') // drops results.json.4242.9f3a01bc.tmp
 */
export function removeStaleTemps(target: string): void {
  const prefix = `${basename(target)}.`
  const dir = dirname(target)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return // no folder yet: nothing left behind
  }
  for (const name of names) {
    const match = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))
    if (!name.startsWith(prefix) || !match || alive(Number(match[1]))) continue
    rmSync(join(dir, name), { recursive: true, force: true })
  }
}

/** Creates the folder of `target` and clears stale temporaries; returns a fresh temporary path. */
function prepare(target: string): string {
  ensureDir(dirname(target), `"${target}"`)
  removeStaleTemps(target)
  return tempPath(target)
}

// Callback `fs` made into promises here, not `fs/promises`: loading that module is a few ms of
// every `generate`, which writes through `openAtomicLines` only.
const writeFileAsync = promisify(writeFile)
const renameAsync = promisify(rename)
const rmAsync = promisify(rm)

/** Why `target` could not be written, naming it: a full disk is not an internal error. */
const writeFailure = (target: string, error: Error): ArbigraphError =>
  new ArbigraphError('ARBIGRAPH_WRITE_FAILED', `cannot write "${target}": ${error.message}`, {
    cause: error,
  })

/** Writes `content` to `path` atomically, creating parent folders. */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const target = resolve(path)
  const temp = prepare(target)
  try {
    await writeFileAsync(temp, content)
    await renameAsync(temp, target)
  } catch (error) {
    await rmAsync(temp, { force: true })
    throw writeFailure(target, error as Error)
  }
}

/**
 * Bytes handed to the file system and not yet written before `write` waits for the disk. A whole
 * instance of a 10⁴-task graph is 13 MB, and the thread that writes makes samples too: a bound
 * below one instance made it wait for the disk with every such instance (at 8 MB, a tenth of its
 * time on this machine's disk). Memory holds at most this much more.
 */
const WRITE_AHEAD_BYTES = 32 << 20

/** Characters of text lines joined into one write. */
const TEXT_BLOCK_CHARS = 1 << 20

/** A file of lines being written; nothing is at its path until `commit`. */
export interface AtomicLines {
  /** Appends `line` and a newline. */
  write(line: string): Promise<void>
  /**
   * Appends bytes of lines already encoded as UTF-8 (blocks in order make whole lines, each
   * ending in a newline). The bytes are written as they are, later: the caller must not change them.
   */
  writeBytes(lines: Uint8Array): Promise<void>
  /** Waits for every byte to be written, then renames the file into place. */
  commit(): Promise<void>
  /** Stops and removes the temporary file; the target stays as it was. */
  abort(): Promise<void>
}

/**
 * Streams lines to `path` atomically: `write` each line, then `commit()` renames into place;
 * `abort()` (or any error before commit) removes the temporary file.
 *
 * Not a file stream: blocks go to the file system at their own offsets as they come, and whatever
 * waits is a write of ours, not a loop turn of Node's. Generation keeps its thread busy and seldom
 * lets the event loop run, so a stream wrote its first block and queued the rest until `end`,
 * then flushed, closed and renamed in three more round trips through the loop, each one a chance
 * for V8 to run a collection that exiting would have skipped. Here the file is opened, closed and
 * renamed synchronously, and the blocks were written meanwhile: on the math chain (640 × 4) the
 * open and the end went from about 30 ms to a few, and neither Node's file streams nor
 * `fs/promises` are loaded.
 * @example const out = await openAtomicLines('d.jsonl'); await out.write('{}'); await out.commit()
 */
export async function openAtomicLines(path: string): Promise<AtomicLines> {
  const target = resolve(path)
  const temp = prepare(target)
  const failed = (error: Error) => writeFailure(target, error)
  let fd: number
  try {
    fd = openSync(temp, 'w')
  } catch (error) {
    throw failed(error as Error)
  }
  let position = 0 // where the next block goes
  let pending = 0 // bytes handed over and not yet written
  let failure: Error | undefined
  let closed = false
  let waiting: (() => void)[] = []
  /** Resolves when a block is written (or has failed). */
  const settled = () => new Promise<void>((ok) => waiting.push(ok))

  /** Writes `bytes` at `at`; a short write (a file size limit, a full disk) goes on with the rest. */
  const put = (bytes: Uint8Array, at: number, length: number) =>
    write(fd, bytes, 0, bytes.length, at, (error, written) => {
      if (!error && written > 0 && written < bytes.length)
        return put(bytes.subarray(written), at + written, length)
      if (error || written === 0) failure ??= failed(error ?? new Error('the file system wrote nothing'))
      pending -= length
      const woken = waiting
      waiting = []
      for (const wake of woken) wake()
    })

  const close = async (): Promise<void> => {
    while (pending > 0) await settled()
    if (closed) return
    closed = true
    try {
      closeSync(fd)
    } catch (error) {
      throw failed(error as Error)
    }
  }

  /** Hands `bytes` to the file system at the next offset; nothing waits here. */
  const hand = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return
    pending += bytes.length
    put(bytes, position, bytes.length)
    position += bytes.length
  }
  // Lines given as text are joined into blocks of about TEXT_BLOCK_CHARS: one write each, not
  // one per line (a dataset of small instances has 10⁵ of them).
  let text: string[] = []
  let textLength = 0
  const handText = (): void => {
    if (textLength === 0) return
    const block = Buffer.from(text.join(''), 'utf8')
    text = []
    textLength = 0
    hand(block)
  }
  const room = async (): Promise<void> => {
    while (pending > WRITE_AHEAD_BYTES && !failure) await settled()
    if (failure) throw failure
  }

  return {
    async write(line) {
      if (failure) throw failure
      text.push(line, '\n')
      textLength += line.length + 1
      if (textLength >= TEXT_BLOCK_CHARS) {
        handText()
        await room()
      }
    },
    async writeBytes(lines) {
      if (failure) throw failure
      handText()
      hand(lines)
      await room()
    },
    async commit() {
      if (failure) throw failure
      handText()
      await close()
      if (failure) throw failure
      try {
        renameSync(temp, target)
      } catch (error) {
        throw failed(error as Error)
      }
    },
    async abort() {
      await close().catch(() => {})
      rmSync(temp, { force: true })
    },
  }
}
