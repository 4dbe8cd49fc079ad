// Builds the package into dist/: `tsc -p tsconfig.build.json` compiles src/, plugins/, reporters/
// and the bundled suites to JavaScript with declarations and source maps (rewriting the sources'
// `.ts` imports to `.js`), then every file the compiled code reads at run time (worker entries,
// the sandbox's child and prelude, the dashboard app, GSM templates, Python functions, suite
// data) is copied to the same place under dist/, so paths built from import.meta.url hold in both
// trees. Last, the command line is bundled (dist/bin/): see `bundleCli`. Plain JavaScript: it
// runs before anything is compiled, without tsx.
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

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

/**
 * The `arbigraph` bin runs dist/bin/cli.cjs: cli.ts bundled with esbuild into one CommonJS
 * script, run through src/cli/compile-cache.ts with a V8 code cache (Node 20 caches no ES
 * module's compiled code, and a script is what V8's cache takes). Lazily imported pieces (a
 * command, a category, a topology) are bundled too but run only when first used, zod included
 * and tree-shaken; other dependencies stay packages (pyodide, Playwright, mathjs… load only when
 * used, as before). Each bundled module keeps its own `import.meta.url`: it is rewritten to the
 * URL of that module's compiled twin under dist/, so worker entries, templates and the
 * sandbox's files are found exactly as from the unbundled tree, and worker threads load that tree.
 */
/**
 * `import { z } from 'zod'` as `import * as z from 'zod'`: the same bindings (zod exports each
 * member of its `z` namespace by name too), but esbuild can drop the members nothing uses only
 * from a namespace import: zod's chunk was 580 kB, every one of them parsed and run by each
 * command that validates anything (`arbigraph generate` included).
 */
const zodNamespace = (text) => text.replace(/^import \{ z \} from 'zod'$/m, "import * as z from 'zod'")

/**
 * Dependencies bundled into the CLI, so that their compiled code is in its cache too: zod, and
 * graphology (every `generate` builds graphs): as a package of its own, resolving, reading and
 * compiling it was ~8 ms of each run. The rest load from node_modules when used.
 */
const BUNDLED = new Set(['zod', 'graphology'])

async function bundleCli() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })
    .filter((name) => !BUNDLED.has(name))
    .flatMap((name) => [name, `${name}/*`])
  const outdir = join(out, 'bin')
  const ownModule = /\.ts$/
  const moduleUrls = {
    name: 'compiled-module-urls',
    setup(bundler) {
      bundler.onLoad({ filter: ownModule }, (args) => {
        if (!args.path.startsWith(root)) return undefined
        const text = zodNamespace(readFileSync(args.path, 'utf8'))
        if (!/import\.meta\.(url|dirname)/.test(text)) return { contents: text, loader: 'ts' }
        const twin = relative(outdir, join(out, relative(root, args.path))).replace(/\.ts$/, '.js')
        const head = [
          "import { fileURLToPath as arbigraphPathOf, pathToFileURL as arbigraphUrlOf } from 'node:url'",
          `const arbigraphModuleUrl = new URL(${JSON.stringify(twin)}, arbigraphUrlOf(__filename)).href`,
          "const arbigraphModuleDir = arbigraphPathOf(new URL('.', arbigraphModuleUrl)).replace(/\\/$/, '')",
          '',
        ].join('\n')
        const body = text
          .replaceAll('import.meta.url', 'arbigraphModuleUrl')
          .replaceAll('import.meta.dirname', 'arbigraphModuleDir')
        return { contents: head + body, loader: 'ts' }
      })
    },
  }
  const bundle = join(outdir, 'cli.cjs')
  await build({
    entryPoints: [join(root, 'cli.ts')],
    outfile: bundle,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external,
    plugins: [moduleUrls],
    // Maps point at the compiled tree's sources by path; the package is kept small (no copies of
    // the sources in the maps, whitespace out) while names, and so stack traces, stay readable.
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    logLevel: 'warning',
  })
  // The script's own dynamic imports (of packages loaded only when used, and of files named at
  // run time) go through the loader's `__load` (src/cli/compile-cache.ts): Node 20 runs
  // `import()` inside a vm.Script only through an experimental hook, which fails with a code
  // cache. The name is as long as `import`, so the source map's columns still hold.
  const text = readFileSync(bundle, 'utf8')
  if (/(?<![\w$])__load\b/.test(text)) throw new Error(`${bundle} already uses the name __load`)
  // ASCII only (esbuild escapes strings, not regular expressions): the loader's text is then a
  // one-byte string, half the size and cheaper to decode and scan than a two-byte one, which a
  // single other character makes of all of it. `\uXXXX` means the same in strings, templates,
  // regular expressions and comments (no String.raw reads the bundle's own text).
  const ascii = (source) =>
    source.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  writeFileSync(bundle, ascii(text.replace(/(?<![\w$.])import\(/g, '__load(')))
}

/**
 * The cache loader the bin runs the bundle with (src/cli/compile-cache.ts), as one CommonJS file
 * of its own: the bin is CommonJS, so that a command starts without Node's ES module loader.
 */
async function bundleLoader() {
  await build({
    entryPoints: [join(root, 'src/cli/compile-cache.ts')],
    outfile: join(out, 'bin', 'compile-cache.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  })
}

await Promise.all([bundleCli(), bundleLoader()])
console.error('dist/bin/: bundled the command line and its cache loader')
