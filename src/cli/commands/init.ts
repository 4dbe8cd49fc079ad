/**
 * `arbigraph init`: scaffolds a benchmark in the user's own repository (see src/init/project-files.ts)
 * and adds its npm scripts to package.json. It never overwrites: when any file it would write
 * exists, or package.json already has a script of the same name doing something else, it stops
 * before writing anything and names every conflict. Optional files (tsconfig.json, .gitignore)
 * that exist are kept and reported as kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ArbigraphError } from '../../errors.ts'
import { PROJECT_SCRIPTS, projectFiles } from '../../init/project-files.ts'
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
    for (const file of files) {
      const path = join(io.cwd, file.path)
      if (file.optional && existsSync(path)) {
        io.out(`kept     ${file.path} (yours)`)
        continue
      }
      mkdirSync(dirname(path), { recursive: true })
      // 'wx' fails rather than clobber a file created since the check above.
      writeFileSync(path, file.content, { flag: 'wx' })
      io.out(`created  ${file.path}`)
    }
    writeFileSync(
      join(io.cwd, 'package.json'),
      `${JSON.stringify({ ...manifest, scripts: { ...scripts, ...PROJECT_SCRIPTS } }, null, 2)}\n`,
    )
    io.out(
      `${exists ? 'updated' : 'created'}  package.json (scripts: ${Object.keys(PROJECT_SCRIPTS).join(', ')})`,
    )
    io.out('')
    io.out('Next: npx vitest run   (no ARBIGRAPH_BASE_URL: the built-in simulator answers, and says so)')
    io.out('Then: ARBIGRAPH_BASE_URL=http://<vllm-host>:8000/v1 npx vitest run')
    return 0
  },
}
