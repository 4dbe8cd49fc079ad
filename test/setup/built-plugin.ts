/**
 * The arbigraph plugin (vitest.ts) built once per test run into one JavaScript module, which the
 * fixture projects' configs load (test/fixtures/*\/vitest.config.ts): Node then imports it as it
 * imports a user's installed package, instead of Vite bundling all of src/ into each fixture
 * config again on every one of the dozens of child runs the tests start. It also keeps those
 * configs' own dependencies to one small file, so the child runs can share Vitest's module cache
 * (child-vitest.mjs): Vitest's key for every module hashes the text of all of them.
 * Built with esbuild, packages left as imports (the module sits under the repository's
 * node_modules/, so they resolve to the very packages the sources use), and each source's
 * `import.meta.url`/`dirname`/`filename` replaced by the source file's own, so every path the
 * sources build from them (the dashboard app, the global setup, templates) is the same as
 * unbundled.
 * The repository's own vitest.config.ts is built the same way (TEST_RUN_CONFIG), and the child
 * runs at the repository root load it with Vite's native config loader (child-vitest.mjs): the
 * same config, compiled once instead of bundled by every child.
 * The unit projects' globalSetup builds both and hands their paths to the workers (and so to the
 * child runs); its teardown removes them. A fixture run by hand, outside a test run, builds its
 * own plugin (`loadBuiltPlugin`).
 * Shares its worker: a globalSetup runs in Vitest's main process; its teardown puts both
 * variables back.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

type Plugin = typeof import('../../vitest.ts')

const BUILT_PLUGIN = 'TEST_RUN_PLUGIN'
/** The repository's own vitest.config.ts built the same way, for child runs at the repository root. */
const BUILT_CONFIG = 'TEST_RUN_CONFIG'

const repo = join(import.meta.dirname, '..', '..')
/** Inside the repository's node_modules/: the bundle's package imports resolve from there. */
const parent = join(repo, 'node_modules', '.arbigraph-test')

/** Builds `<repo>/<entry>.ts` into `<folder>/<entry>.mjs`; resolves with that path. */
async function buildModule(folder: string, entry: string): Promise<string> {
  const outfile = join(folder, `${entry}.mjs`)
  await build({
    entryPoints: [join(repo, `${entry}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    plugins: [
      {
        name: 'source-locations',
        setup(esbuild) {
          esbuild.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8'))
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
              .replaceAll('import.meta.filename', JSON.stringify(path)),
            loader: 'ts',
          }))
        },
      },
    ],
  })
  return outfile
}

const newFolder = () => {
  mkdirSync(parent, { recursive: true })
  return mkdtempSync(join(parent, 'run-'))
}

/** Builds the plugin for the run and hands it to the workers; returns the teardown. */
export async function setup(): Promise<() => void> {
  if (process.env[BUILT_PLUGIN]) return () => {}
  const folder = newFolder()
  ;[process.env[BUILT_PLUGIN], process.env[BUILT_CONFIG]] = await Promise.all([
    buildModule(folder, 'vitest'),
    buildModule(folder, 'vitest.config'),
  ])
  return () => {
    delete process.env[BUILT_PLUGIN]
    delete process.env[BUILT_CONFIG]
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * The plugin module as a fixture config loads it: the test run's build, or, run by hand, one
 * built now (removed when the process exits).
 * @example const { arbigraph } = await loadBuiltPlugin()
 */
export async function loadBuiltPlugin(): Promise<Plugin> {
  let path = process.env[BUILT_PLUGIN]
  if (!path) {
    const folder = newFolder()
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    path = await buildModule(folder, 'vitest')
  }
  return (await import(pathToFileURL(path).href)) as Plugin
}
