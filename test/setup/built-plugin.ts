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
 * The unit projects' globalSetup builds it and hands its path to the workers (and so to the child
 * runs) in TEST_RUN_PLUGIN; its teardown removes it. A fixture run by hand, outside a test run,
 * builds its own (`loadBuiltPlugin`).
 * Shares its worker: a globalSetup runs in Vitest's main process; its teardown puts the
 * variable back.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

type Plugin = typeof import('../../vitest.ts')

export const BUILT_PLUGIN = 'TEST_RUN_PLUGIN'

const repo = join(import.meta.dirname, '..', '..')
/** Inside the repository's node_modules/: the bundle's package imports resolve from there. */
const parent = join(repo, 'node_modules', '.arbigraph-test')

/** Builds vitest.ts into `<folder>/vitest.mjs`; resolves with that path. */
async function buildPlugin(folder: string): Promise<string> {
  const outfile = join(folder, 'vitest.mjs')
  await build({
    entryPoints: [join(repo, 'vitest.ts')],
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
  process.env[BUILT_PLUGIN] = await buildPlugin(folder)
  return () => {
    delete process.env[BUILT_PLUGIN]
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
    path = await buildPlugin(folder)
  }
  return (await import(pathToFileURL(path).href)) as Plugin
}
