import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { commands } from '../../src/cli/commands/index.ts'
import { tempDir } from './run-cli.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const fixture = join(repo, 'test/fixtures/module-log')
// By path: the child may run in a temporary folder where `tsx` does not resolve.
const tsx = createRequire(import.meta.url).resolve('tsx')

/** Runs the CLI in a child process and returns the module files it loaded, relative to the repo. */
function loadedModules(argv: string[], cwd = repo): { status: number | null; modules: string[] } {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(tsx).href,
      '--import',
      join(fixture, 'register.mjs'),
      join(fixture, 'run-cli.mjs'),
      ...argv,
    ],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', 'pipe'], timeout: 120_000 },
  )
  const log = String(child.output[3] ?? '')
  const modules = log
    .split('\n')
    .filter(Boolean)
    .map((url) => fileURLToPath(url))
    .filter((path) => path.startsWith(repo))
    .map((path) => path.slice(repo.length))
  return { status: child.status, modules }
}

/** The package a node_modules path belongs to. */
const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]

/**
 * `arbigraph generate` of a math chain in a fresh folder, run once (by the first test that asks):
 * what it loaded, and the folder with its dataset, which the viz test draws.
 */
let chain: { cwd: string; run: ReturnType<typeof loadedModules> } | undefined
const generatedChain = () => {
  if (!chain) {
    const cwd = tempDir()
    const run = loadedModules(
      ['generate', 'chain', '--length', '2', '--samples-per-task', '1', '--out', 'c.jsonl'],
      cwd,
    )
    chain = { cwd, run }
  }
  return chain
}

const HEAVY = ['mathjs', 'openai', 'undici', 'playwright-core', 'pyodide', '@viz-js/viz', 'gpt-tokenizer']

describe('commands load lazily', () => {
  it('every entry loads the command of its own name', async () => {
    for (const entry of commands) expect((await entry.load()).name).toBe(entry.name)
  })

  it('arbigraph --help loads only the entry, the dispatcher (with its name suggestions), the command lists and the error type', () => {
    const run = loadedModules(['--help'])
    expect(run.status).toBe(0)
    const ours = run.modules.filter((path) => !path.includes('node_modules/') && !path.startsWith('test/'))
    expect(ours.sort()).toEqual([
      'cli.ts',
      // The built-ins' manifest (for the plugins' commands), without any of their modules.
      'plugins/builtins.ts',
      'plugins/gsm/pool-env.ts',
      'plugins/python/pool-env.ts',
      'src/builtins.ts',
      'src/cli/commands/index.ts',
      'src/cli/main.ts',
      // The dispatcher's "did you mean" for an unknown command: a pure module with no imports.
      'src/did-you-mean.ts',
      'src/errors.ts',
      'src/package-root.ts',
      'use-builtins.ts',
    ])
    const packages = new Set(run.modules.map(packageOf).filter((name) => name !== undefined))
    expect([...packages].filter((name) => name !== 'tsx' && name !== 'esbuild')).toEqual([])
  })

  it('generate loads none of the heavy packages (math chain, end to end)', () => {
    const { run } = generatedChain()
    expect(run.status).toBe(0)
    expect(run.modules).toContain('src/cli/commands/generate.ts')
    const packages = new Set(run.modules.map(packageOf))
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([])
    // One thread (the default) starts no worker pool.
    expect(packages.has('tinypool')).toBe(false)
    // Only the category and topology asked for: no Python parser, GSM templates or other shapes.
    expect([...packages].filter((name) => name?.startsWith('@lezer/'))).toEqual([])
    const plugins = run.modules.filter((path) => /^plugins\/[^/]+\//.test(path))
    const folders = new Set(plugins.map((path) => path.split('/').slice(0, 2).join('/')))
    expect([...folders].sort()).toEqual([
      'plugins/gsm',
      'plugins/math',
      'plugins/python',
      'plugins/topologies',
    ])
    expect(plugins.filter((path) => /^plugins\/(gsm|python)\//.test(path)).sort()).toEqual([
      'plugins/gsm/pool-env.ts',
      'plugins/python/pool-env.ts',
    ])
    expect(plugins.filter((path) => path.startsWith('plugins/topologies/'))).not.toContain(
      'plugins/topologies/random.ts',
    )
    // No arbigraph.config.ts in the folder: neither the config's schemas nor the benchmark and
    // harness contracts they check are loaded.
    expect(run.modules).toContain('src/config-file.ts')
    expect(
      run.modules.filter((path) =>
        ['src/config.ts', 'src/contracts/benchmark.ts', 'src/contracts/harness.ts'].includes(path),
      ),
    ).toEqual([])
  })

  it('viz --dot does not load the Graphviz WebAssembly build', () => {
    // The dataset of the generate test's run: the same command, which only has to have made it.
    const { cwd, run: made } = generatedChain()
    expect(made.status).toBe(0)
    const run = loadedModules(['viz', 'c.jsonl', '--index', '0', '--dot', '--out', 'g.dot'], cwd)
    expect(run.status).toBe(0)
    expect(run.modules).toContain('src/cli/commands/viz.ts')
    expect(run.modules.map(packageOf)).not.toContain('@viz-js/viz')
  })
})
