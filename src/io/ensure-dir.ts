/**
 * Creating an output folder and its missing parents, in bounded time, with an error that names
 * the folder. Node's `mkdir(…, { recursive: true })` is not safe for this: where creating a child
 * fails with ENOENT although its parent exists (procfs and sysfs, e.g. `--out /proc/nope/x.jsonl`),
 * it creates the parent again and retries the child forever at 100% CPU. Here each missing level
 * is created once, from the nearest existing ancestor down, so the work is one `mkdir` per level.
 */
import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { ArbigraphError } from '../errors.ts'

/** The levels of `dir` that do not exist yet, outermost first, after checking the one that does. */
function missingLevels(dir: string, what: string): string[] {
  const missing: string[] = []
  for (let level = dir; ; level = dirname(level)) {
    let stat: ReturnType<typeof statSync> | undefined
    try {
      stat = statSync(level)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // ENOTDIR: a parent is a file; the walk up finds it and says so.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw unusable(what, level, error as Error)
    }
    if (stat?.isDirectory()) return missing.reverse()
    if (stat) throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${what}: "${level}" is a file, not a folder`)
    if (dirname(level) === level) throw unusable(what, level, new Error('no such root'))
    missing.push(level)
  }
}

const unusable = (what: string, level: string, error: Error) =>
  new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `${what}: cannot create the folder "${level}" (${(error as NodeJS.ErrnoException).code ?? error.message})`,
    { cause: error },
  )

/**
 * Makes sure `dir` is a folder, creating it and its missing parents; throws ARBIGRAPH_BAD_CONFIG
 * starting with `what` (the variable or file it is for) and naming the level that failed.
 * Returns the folders it created, outermost first, so a caller that must leave nothing behind
 * on failure knows what to remove.
 * @example ensureDir('out/cases', 'ARBIGRAPH_CASES "out/cases"') // creates out/ and out/cases/
 */
export function ensureDir(dir: string, what = 'folder'): string[] {
  const target = resolve(dir)
  const created: string[] = []
  for (const level of missingLevels(target, what)) {
    try {
      mkdirSync(level)
      created.push(level)
    } catch (error) {
      // Another process may have created it in between: that is the state we want.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && statSync(level).isDirectory()) continue
      throw unusable(what, level, error as Error)
    }
  }
  return created
}
