/**
 * Atomic file output: write to a temporary file beside the target, then rename over it, so a
 * crash or an error never leaves a half-written file where a complete one is expected. A write
 * killed before its rename leaves `<target>.<pid>.<hex>.tmp`; the next write of the same target
 * removes those whose process is gone (a live one may still be writing).
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { readdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
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
 * @example await removeStaleTemps('/run/out/results.json') // drops results.json.4242.9f3a01bc.tmp
 */
export async function removeStaleTemps(target: string): Promise<void> {
  const prefix = `${basename(target)}.`
  const dir = dirname(target)
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const match = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))
    if (!name.startsWith(prefix) || !match || alive(Number(match[1]))) continue
    await rm(join(dir, name), { recursive: true, force: true })
  }
}

/** Creates the folder of `target` and clears stale temporaries; returns a fresh temporary path. */
async function prepare(target: string): Promise<string> {
  ensureDir(dirname(target), `"${target}"`)
  await removeStaleTemps(target)
  return tempPath(target)
}

/** Writes `content` to `path` atomically, creating parent folders. */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const target = resolve(path)
  const temp = await prepare(target)
  try {
    await writeFile(temp, content)
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * Bytes a line stream queues before `write` waits for the disk. The default 16 kB is less than
 * one block of encoded lines, so every write waited for the file system and generation stood
 * still meanwhile. A stream that is over this mark waits until all it queued is written, so
 * the mark is above a whole instance of a 10⁴-task graph (13 MB): at 8 MB the thread that writes
 * (and makes samples too) waited for the disk with every such instance, a tenth of its time on
 * this machine's disk. Memory holds at most this much more.
 */
const WRITE_AHEAD_BYTES = 32 << 20

/**
 * Streams lines to `path` atomically: `write` each line, then `commit()` renames into place;
 * `abort()` (or any error before commit) removes the temporary file.
 * @example const out = await openAtomicLines('d.jsonl'); await out.write('{}'); await out.commit()
 */
export async function openAtomicLines(path: string) {
  const target = resolve(path)
  const temp = await prepare(target)
  const stream = createWriteStream(temp, { encoding: 'utf8', highWaterMark: WRITE_AHEAD_BYTES })
  const opened = new Promise<void>((ok, fail) => {
    stream.once('open', () => ok())
    stream.once('error', fail)
  })
  await opened
  let failure: Error | undefined
  stream.on('error', (error) => {
    failure = error
  })
  const close = () =>
    new Promise<void>((ok, fail) => stream.end((error?: Error | null) => (error ? fail(error) : ok())))
  return {
    async write(line: string): Promise<void> {
      if (failure) throw failure
      if (!stream.write(`${line}\n`)) await new Promise<void>((ok) => stream.once('drain', ok))
    },
    /** Writes bytes of lines already encoded as UTF-8 (blocks in order make whole lines, each ending in a newline). */
    async writeBytes(lines: Uint8Array): Promise<void> {
      if (failure) throw failure
      if (!stream.write(lines)) await new Promise<void>((ok) => stream.once('drain', ok))
    },
    async commit(): Promise<void> {
      await close()
      if (failure) throw failure
      await rename(temp, target)
    },
    async abort(): Promise<void> {
      await close().catch(() => {})
      await rm(temp, { force: true })
    },
  }
}
