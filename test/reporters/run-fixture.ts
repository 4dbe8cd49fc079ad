/**
 * Runs real Vitest on the reporter fixture project in a child process, so its exit code, stdout
 * and stderr are exactly what a user or CI sees, and the outer test run's exit code is untouched.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { VITEST_BIN } from '../setup/child-vitest.ts'

const repo = join(import.meta.dirname, '..', '..')
export const fixtureRoot = join(repo, 'test', 'fixtures', 'reporter-suite')

export interface FixtureRun {
  code: number | null
  stdout: string
  /** The child's stderr without Vite's own bundler-timing notes (see `viteNotes`). */
  stderr: string
  /** The `[PLUGIN_TIMINGS]` notes Vite's bundler may print while it loads the config. */
  viteNotes: string[]
}

/**
 * On a slow machine Vite's bundler prints a `[PLUGIN_TIMINGS]` paragraph (ending in a blank line)
 * while it loads vitest.config.ts, before any of our code runs. It is not ours and says nothing
 * about the run, so the tests that check our messages line by line read stderr without it.
 */
const VITE_TIMINGS = /[^\n]*\[PLUGIN_TIMINGS\][\s\S]*?\n\n/g

/** The environment without the outer Vitest's and our own settings, and without colours. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(VITEST|ARBIGRAPH_|OPENAI_)/.test(key) || key === 'GITHUB_STEP_SUMMARY') continue
    if (key === 'TEST' || key === 'NODE_ENV' || key === 'FORCE_COLOR') continue
    env[key] = value
  }
  // Only the files a test asks for: the fixture folder stays clean.
  const off = {
    ARBIGRAPH_MARKDOWN: 'off',
    ARBIGRAPH_RESULTS: 'off',
    ARBIGRAPH_LT_RESULTS: 'off',
    ARBIGRAPH_LT_MARKDOWN: 'off',
  }
  return { ...env, NO_COLOR: '1', CI: '1', ...off, ...extra }
}

/**
 * `vitest <args…> --root <root>` (default the reporter suite) with `env` added, started in `cwd`
 * (default the root itself).
 */
export function runFixture(
  args: string[],
  env: Record<string, string>,
  root = fixtureRoot,
  cwd = root,
): Promise<FixtureRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST_BIN, ...args, '--root', root], {
      cwd,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr: stderr.replace(VITE_TIMINGS, ''),
        viteNotes: stderr.match(VITE_TIMINGS) ?? [],
      }),
    )
  })
}

/**
 * path → sha256 of every file under `folder`, recursively, each path relative to `base`: what a
 * run must leave byte for byte as it was.
 */
export function fileHashes(folder: string, base = folder): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[path.slice(base.length)] = createHash('sha256').update(readFileSync(path)).digest('hex')
    }
  }
  walk(folder)
  return files
}
