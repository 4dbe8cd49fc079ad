#!/usr/bin/env node
// The `arbigraph` command. The installed package runs the bundled CLI in dist/bin/; a source
// checkout (src/ present, no dist/ shipped with it) runs the TypeScript sources through tsx, a
// dev dependency, so edits take effect without a build and a stale dist/ is never run. Both go
// through cli.ts, which hands the built-in plugins to the registry before `main` runs.
//
// CommonJS (bin/package.json says so), not an ES module like the rest of the package: Node then
// runs it without starting its ES module loader, and needs no ES module wrappers of the built-in
// modules it reads — together a tenth of a short command's run.
'use strict'
const { existsSync, realpathSync } = require('node:fs')
const { join } = require('node:path')

// Node 22.1+ keeps the compiled code of the modules loaded below (a checkout's sources) in its
// own cache, checked against the source; the bundled CLI is a script with a cache of ours
// (below). Node 20 has no such switch: nothing happens.
require('node:module').enableCompileCache?.()

// A reader that stops early (`arbigraph list | head`, `| grep -q`) closes the pipe: that is the
// reader's choice, not a failure, so the command ends quietly as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

const argv = process.argv.slice(2)

// Once `generate` is done (its file renamed into place, its workers gone), the process ends
// as soon as what it printed is out. Left to end by itself, Node first waits for V8's background
// compile jobs of code that will never run again: a tenth of the math chain's wall time
// (640 x 4, paired runs: 0.86x wall, 0.83x CPU). Only after `generate`, whose end is known: other
// commands may leave a server or a child process that must finish on its own.
function exitWhenFlushed() {
  const pending = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0)
  let left = pending.length
  if (left === 0) process.exit()
  for (const stream of pending) stream.once('drain', () => --left === 0 && process.exit())
}

async function fromSources(source) {
  const { register } = await import('tsx/esm/api')
  register()
  const { main } = await import(require('node:url').pathToFileURL(source).href)
  process.exitCode = await main(argv)
  if (argv[0] === 'generate') exitWhenFlushed()
}

async function fromBundle() {
  // The bundled CLI, one script run with a compiled-code cache (src/cli/compile-cache.ts, bundled
  // as dist/bin/compile-cache.cjs), saved once the command is done so that it holds what the
  // command compiled.
  const { compileCacheDir, loadCachedScript } = require('../dist/bin/compile-cache.cjs')
  // By its real path, as Node loads modules: paths built from it (the Python sandbox's allowed
  // folders among them) must hold in a linked install (pnpm, npm link) too.
  const bundle = realpathSync(join(__dirname, '../dist/bin/cli.cjs'))
  const command = argv[0] === undefined || argv[0].startsWith('-') ? 'help' : argv[0]
  // `generate` runs V8's optimizing compiler without inlining. Generation calls some forty
  // templates' solvers, the filters and the writer from a few call sites each: inlining them made
  // every optimizing compile large (tens of ms, on the core a one-thread run also needs for its
  // collector) and late, and the inlined code seldom paid that back. Without it, paired runs on
  // this 2-core machine took 0.82x the CPU and 0.81x the wall for the math chain (640 x 4),
  // 0.81x/0.84x for a 10^4-task random DAG, 0.95x/0.85x for 10^4 x 40 on two workers (which
  // share the flag); same bytes. Nor does it track field types: a field's type recorded in an
  // object's shape lets optimized code skip a check, but each widening (a field first seen holding
  // a number, then an object) throws away all code that relied on it, and generation's long loops
  // over 10^4-node graphs were optimized, thrown away and optimized again several times each.
  // Paired runs: 0.94x the wall for 10^4 x 40 on two workers (18 pairs), 0.93x for one 10^5-task
  // instance, the math chain unchanged (1.01x, 30 pairs); same bytes. And helper threads
  // (`--workers n`) optimize on their own thread: a thread's background compile job waited for a
  // core while the thread ran the code unoptimized, and with every core generating there was none
  // (a one-thread run next to a spinner that touches no memory took 1.4x as long). Only isolates
  // made after it take the flag, so this thread still compiles in the background, and a one-thread
  // run does not change. Paired, 10^4 x 40 on two workers: 0.977x the wall, 14 pairs of 14; same
  // bytes (a machine with more cores than workers, where helpers' jobs would have found an idle
  // core, is not measured here). All are set before the bundle is compiled, so that its code
  // cache is made and read under the same flags (V8 refuses a cache made under others).
  if (command === 'generate') {
    const v8 = require('node:v8')
    v8.setFlagsFromString('--no-turbo-inlining')
    v8.setFlagsFromString('--no-track-field-types')
    v8.setFlagsFromString('--no-concurrent-recompilation')
  }
  const cli = loadCachedScript(bundle, command, compileCacheDir())
  // Helper threads run the bundle as well, from the same cache (bin/generate-helper.js).
  if (command === 'generate') await cli.exports.useGenerationHelper(join(__dirname, 'generate-helper.js'))
  process.exitCode = await cli.exports.main(argv)
  // Not after a usage error (an unknown command among them), so a typo leaves no cache file.
  if (process.exitCode !== 2) cli.save()
  if (command === 'generate') exitWhenFlushed()
}

const source = join(__dirname, '../cli.ts')
// A failure outside any command (a broken install) is an unhandled rejection: Node prints it and
// exits with 1, as the uncaught error of an ES module's top level did.
if (existsSync(source)) fromSources(source)
else fromBundle()
