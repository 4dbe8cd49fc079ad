// Builds the package into dist/: `tsc -p tsconfig.build.json` compiles src/, plugins/, reporters/
// and the bundled suites to JavaScript with declarations and source maps (rewriting the sources'
// `.ts` imports to `.js`), then every file the compiled code reads at run time (worker entries,
// the sandbox's child and prelude, the dashboard app, GSM templates, Python functions, suite
// data) is copied to the same place under dist/, so paths built from import.meta.url hold in both
// trees. Plain JavaScript: it runs before anything is compiled, without tsx.
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist')
const SOURCE_ROOTS = ['src', 'plugins', 'reporters', 'suites']

rmSync(out, { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
})
if (compiled.status !== 0) {
  rmSync(out, { recursive: true, force: true })
  process.exit(compiled.status ?? 1)
}

/** Every file under `dir` that tsc does not emit: everything but TypeScript sources. */
function* assets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* assets(path)
    else if (!name.endsWith('.ts')) yield path
  }
}

let copied = 0
for (const source of SOURCE_ROOTS) {
  for (const path of assets(join(root, source))) {
    cpSync(path, join(out, relative(root, path)))
    copied++
  }
}
console.error(`dist/: compiled ${SOURCE_ROOTS.join(', ')} and copied ${copied} run-time files`)
