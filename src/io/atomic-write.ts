/**
 * Atomic file output: write to a temporary file beside the target, then rename over it, so a
 * crash or an error never leaves a half-written file where a complete one is expected.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

const tempPath = (path: string) => `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`

/** Writes `content` to `path` atomically, creating parent folders. */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const target = resolve(path)
  await mkdir(dirname(target), { recursive: true })
  const temp = tempPath(target)
  try {
    await writeFile(temp, content)
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * Streams lines to `path` atomically: `write` each line, then `commit()` renames into place;
 * `abort()` (or any error before commit) removes the temporary file.
 * @example const out = await openAtomicLines('d.jsonl'); await out.write('{}'); await out.commit()
 */
export async function openAtomicLines(path: string) {
  const target = resolve(path)
  await mkdir(dirname(target), { recursive: true })
  const temp = tempPath(target)
  const stream = createWriteStream(temp, { encoding: 'utf8' })
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
