/**
 * Runs suites as a user runs them, `vitest run --reporter=dot <paths>` (the script `npx vitest`
 * starts) in a child process against the built-in simulator, with every output file in a fresh
 * temporary directory and none of the caller's Vitest or ARBIGRAPH_* variables.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VITEST_BIN } from '../setup/child-vitest.ts'

const ROOT = join(import.meta.dirname, '../..')

/** Our environment minus what Vitest set for this worker and any ARBIGRAPH_* of the caller. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(VITEST|TINYPOOL|ARBIGRAPH_)/.test(key) ||
      ['MODE', 'TEST', 'NODE_ENV', 'NODE_OPTIONS', 'GITHUB_STEP_SUMMARY'].includes(key)
    )
      continue
    env[key] = value
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra }
}

/**
 * The exit code, the interleaved output and the directory holding results.json, summary.md,
 * transduction.json and transduction.md.
 * @example const run = await runSuites(['suites/transduction'], { ARBIGRAPH_SIM: 'sim:oracle' })
 */
export function runSuites(
  paths: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ag-suites-e2e-'))
  const child = spawn(process.execPath, [VITEST_BIN, 'run', '--reporter=dot', ...paths], {
    cwd: ROOT,
    env: childEnv({
      ARBIGRAPH_CACHE_DIR: dir,
      ARBIGRAPH_RESULTS: join(dir, 'results.json'),
      ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
      ARBIGRAPH_LT_RESULTS: join(dir, 'transduction.json'),
      ARBIGRAPH_LT_MARKDOWN: join(dir, 'transduction.md'),
      ARBIGRAPH_DASHBOARD: 'off',
      ...env,
    }),
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output, dir })))
}
