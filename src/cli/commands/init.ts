/**
 * `arbigraph init`: scaffolds a benchmark in the user's own repository (see src/init/project-files.ts)
 * and adds its npm scripts to package.json. It never overwrites: when any file it would write
 * exists, or package.json already has a script of the same name doing something else, it stops
 * before writing anything and names every conflict. Optional files (tsconfig.json, .gitignore)
 * that exist are kept and reported as kept. It writes all or nothing: when a write fails midway
 * (a full disk, a file where a folder must be), what it already created is removed again, so the
 * next `init` does not stop on its own leftovers, and package.json is replaced only at the end.
 */
import { existsSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ArbigraphError } from '../../errors.ts'
import { PROJECT_SCRIPTS, type ProjectFile, projectFiles } from '../../init/project-files.ts'
import { writeFileAtomic } from '../../io/atomic-write.ts'
import { ensureDir } from '../../io/ensure-dir.ts'
import { parseCommandArgs } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

type Manifest = { scripts?: Record<string, string> } & Record<string, unknown>

/** package.json of `cwd`, or a new one named after the folder. */
function readManifest(cwd: string): { manifest: Manifest; exists: boolean } {
  const path = join(cwd, 'package.json')
  if (!existsSync(path))
    return { manifest: { name: 'arbigraph-benchmarks', private: true, type: 'module' }, exists: false }
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: not valid JSON (${(error as Error).message})`)
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: expected a JSON object`)
  const scripts = (manifest as Manifest).scripts
  if (scripts !== undefined && (typeof scripts !== 'object' || scripts === null || Array.isArray(scripts)))
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: "scripts" is not an object`)
  return { manifest: manifest as Manifest, exists: true }
}

/**
 * Writes `files` under `cwd` and then package.json, all or nothing: on a failure, the files and
 * folders this call created are removed (newest first) and the error names the file. Returns the
 * lines to print. A file that appears between the conflict check and its write is not replaced.
 */
async function writeProject(
  cwd: string,
  files: readonly ProjectFile[],
  manifest: Manifest,
): Promise<string[]> {
  const lines: string[] = []
  const created: { path: string; folder: boolean }[] = []
  let current = ''
  try {
    for (const file of files) {
      current = join(cwd, file.path)
      if (file.optional && existsSync(current)) {
        lines.push(`kept     ${file.path} (yours)`)
        continue
      }
      for (const folder of ensureDir(dirname(current), file.path))
        created.push({ path: folder, folder: true })
      // 'wx' fails rather than clobber a file created since the check above.
      writeFileSync(current, file.content, { flag: 'wx' })
      created.push({ path: current, folder: false })
      lines.push(`created  ${file.path}`)
    }
    // Atomically: a failed write never leaves the user's package.json half written.
    current = join(cwd, 'package.json')
    await writeFileAtomic(current, `${JSON.stringify(manifest, null, 2)}\n`)
    return lines
  } catch (error) {
    for (const { path, folder } of created.reverse()) {
      try {
        if (folder) rmdirSync(path)
        else rmSync(path, { force: true })
      } catch {
        // A folder that holds something else now (another process wrote there) stays.
      }
    }
    // writeFileAtomic's own failure already names the file.
    const why =
      error instanceof ArbigraphError && error.code === 'ARBIGRAPH_WRITE_FAILED'
        ? error.message
        : `cannot write "${current}": ${(error as Error).message}`
    throw new ArbigraphError(
      'ARBIGRAPH_WRITE_FAILED',
      `${why}; removed what init had created, nothing else changed`,
      { cause: error },
    )
  }
}

/**
 * The `init` command.
 * @example await main(['init'], processIo())
 */
export const initCommand: Command = {
  name: 'init',
  usage: `arbigraph init

Writes into the working directory, after "npm i -D arbigraph vitest":
  vitest.config.ts                 plugins: [arbigraph()]
  arbigraph.config.ts              an example category with one task template ("doubling")
  suites/<topology>.eval.ts        one small suite per topology (baseline, forgetting, chain,
                                   multichain, dag, random)
  .github/workflows/arbigraph.yml  CI: run the suites, gate, upload the dashboard
  tsconfig.json, .gitignore        only when absent
and adds the npm scripts "eval" (vitest run) and "eval:report" to package.json.
Existing files are never overwritten: init stops and names them. Then run: npx vitest run`,
  async run(argv: string[], io: CliIo): Promise<number> {
    parseCommandArgs('init', argv, {}, { min: 0, max: 0, names: 'no arguments' })
    const files = projectFiles()
    const { manifest, exists } = readManifest(io.cwd)
    const scripts = { ...manifest.scripts }
    const conflicts = files.filter((f) => !f.optional && existsSync(join(io.cwd, f.path))).map((f) => f.path)
    for (const [name, command] of Object.entries(PROJECT_SCRIPTS))
      if (scripts[name] !== undefined && scripts[name] !== command)
        conflicts.push(`package.json script "${name}" (it runs "${scripts[name]}")`)
    if (conflicts.length > 0) {
      throw new ArbigraphError(
        'ARBIGRAPH_EXISTS',
        `will not overwrite existing ${conflicts.join(', ')}; move them away (or run init in a new folder) and try again`,
      )
    }
    const written = await writeProject(io.cwd, files, {
      ...manifest,
      scripts: { ...scripts, ...PROJECT_SCRIPTS },
    })
    for (const line of written) io.out(line)
    io.out(
      `${exists ? 'updated' : 'created'}  package.json (scripts: ${Object.keys(PROJECT_SCRIPTS).join(', ')})`,
    )
    io.out('')
    io.out('Next: npx vitest run   (no ARBIGRAPH_BASE_URL: the built-in simulator answers, and says so)')
    io.out('Then: ARBIGRAPH_BASE_URL=http://<vllm-host>:8000/v1 npx vitest run')
    return 0
  },
}
