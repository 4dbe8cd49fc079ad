#!/usr/bin/env node
// The `arbigraph` command. The installed package runs the bundled CLI in dist/bin/; a source
// checkout (src/ present, no dist/ shipped with it) runs the TypeScript sources through tsx, a
// dev dependency, so edits take effect without a build and a stale dist/ is never run. Both go
// through cli.ts, which hands the built-in plugins to the registry before `main` runs.
import { existsSync } from 'node:fs'
import module from 'node:module'

// Node 22.1+ keeps the compiled code of the modules loaded below in its own cache (in the system's
// temporary folder; it checks every entry against the source and ignores ones it cannot use), so
// later runs skip most of the parsing and compiling. Node 20 has no such switch: nothing happens.
module.enableCompileCache?.()

// A reader that stops early (`arbigraph list | head`, `| grep -q`) closes the pipe: that is the
// reader's choice, not a failure, so the command ends quietly as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

const source = new URL('../cli.ts', import.meta.url)
let main
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  ;({ main } = await import(source.href))
} else {
  ;({ main } = await import('../dist/bin/cli.js'))
}
process.exitCode = await main(process.argv.slice(2))
