#!/usr/bin/env node
// The `arbigraph` command. The installed package runs the bundled CLI in dist/bin/; a source
// checkout (src/ present, no dist/ shipped with it) runs the TypeScript sources through tsx, a
// dev dependency, so edits take effect without a build and a stale dist/ is never run. Both go
// through cli.ts, which hands the built-in plugins to the registry before `main` runs.
import { existsSync, realpathSync } from 'node:fs'
import module from 'node:module'
import { fileURLToPath } from 'node:url'

// Node 22.1+ keeps the compiled code of the ES modules loaded below (a checkout's sources, the
// cache loader) in its own cache, checked against the source; the bundled CLI is a script with
// a cache of ours (below). Node 20 has no such switch: nothing happens.
module.enableCompileCache?.()

// A reader that stops early (`arbigraph list | head`, `| grep -q`) closes the pipe: that is the
// reader's choice, not a failure, so the command ends quietly as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

const source = new URL('../cli.ts', import.meta.url)
const argv = process.argv.slice(2)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  const { main } = await import(source.href)
  process.exitCode = await main(argv)
} else {
  // The bundled CLI, one script run with a compiled-code cache (src/cli/compile-cache.ts), saved
  // once the command is done so that it holds what the command compiled.
  const { compileCacheDir, loadCachedScript } = await import('../dist/src/cli/compile-cache.js')
  // By its real path, as Node loads modules: paths built from it (the Python sandbox's allowed
  // folders among them) must hold in a linked install (pnpm, npm link) too.
  const bundle = realpathSync(fileURLToPath(new URL('../dist/bin/cli.cjs', import.meta.url)))
  const command = argv[0] === undefined || argv[0].startsWith('-') ? 'help' : argv[0]
  const cli = loadCachedScript(bundle, command, compileCacheDir())
  process.exitCode = await cli.exports.main(argv)
  // Not after a usage error (an unknown command among them), so a typo leaves no cache file.
  if (process.exitCode !== 2) cli.save()
}
