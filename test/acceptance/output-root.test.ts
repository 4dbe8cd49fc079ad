/**
 * Acceptance: one base for every output of a run. `vitest run --root <project>` started from
 * another working directory writes the results, the summary, the dashboard, the case details
 * (written by the test workers), the response cache and the simulator's counters (written by
 * globalSetup) all under the project, each relative setting resolved there, and nothing under the
 * working directory.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Results } from '../../src/contracts/results.ts'
import { runFixture } from '../reporters/run-fixture.ts'

const repo = join(import.meta.dirname, '..', '..')

/** A user's project outside this repository: our plugin, our globalSetup, its own category, three cases. */
function userProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'arbigraph-root-'))
  const from = (path: string) => JSON.stringify(join(repo, path))
  // An ES module project, and no `vitest/config` import: the folder has no node_modules of its own.
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n')
  writeFileSync(
    join(root, 'vitest.config.ts'),
    [
      // The plugin as the test run built it (test/setup/built-plugin.ts), loaded as an installed package is.
      'const { arbigraph } = await import(process.env.TEST_RUN_PLUGIN)',
      'export default {',
      '  plugins: [arbigraph()],',
      `  test: { include: ['suites/**/*.eval.ts'], globalSetup: [${from('src/vitest/global-setup.ts')}] },`,
      '}',
      '',
    ].join('\n'),
  )
  // The user's own category, which the test workers must load from the root too.
  writeFileSync(
    join(root, 'arbigraph.config.ts'),
    `export { default } from ${from('test/fixtures/user-plugin/arbigraph.config.ts')}\n`,
  )
  mkdirSync(join(root, 'suites'))
  const suite = (category: string, targets: string[]) =>
    writeFileSync(
      join(root, 'suites', `${category}.eval.ts`),
      `import { defineSuite } from ${from('vitest.ts')}\ndefineSuite(${JSON.stringify({ topology: 'chain', options: { length: 2 }, category, samplesPerTask: 1, targets })})\n`,
    )
  suite('math', ['Convolution', 'DivisorSum'])
  suite('toy', ['Shift'])
  return root
}

describe('a run with --root from another working directory', () => {
  it('writes results, summary, dashboard, case details and cache under the root, nothing under the cwd', async () => {
    const root = userProject()
    const cwd = mkdtempSync(join(tmpdir(), 'arbigraph-cwd-'))
    const run = await runFixture(
      ['run'],
      {
        // Relative settings, as a user writes them: resolved against the root.
        ARBIGRAPH_RESULTS: 'out/results.json',
        ARBIGRAPH_MARKDOWN: 'out/summary.md',
        ARBIGRAPH_CACHE_DIR: 'cache',
        ARBIGRAPH_SIM_STATS: 'out/sim-stats.json',
      },
      root,
      cwd,
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(readdirSync(cwd)).toEqual([])
    const results = JSON.parse(readFileSync(join(root, 'out', 'results.json'), 'utf8')) as Results
    // Length 2 is not chain's default: the ids say so (src/vitest/suite-variant.ts).
    expect(results.records.map((r) => r.instanceId).sort()).toEqual([
      'chain/math/Convolution#0 (length=2)',
      'chain/math/DivisorSum#0 (length=2)',
      'chain/toy/Shift#0 (length=2)',
    ])
    expect(readFileSync(join(root, 'out', 'summary.md'), 'utf8')).toContain('chain/math')
    expect(readdirSync(join(root, 'out', 'dashboard'))).toContain('index.html')
    expect(run.stdout).toContain('dashboard of 3 cases (3 with details)')
    // The workers' details sit beside the results, and every record points there.
    const details = readdirSync(join(root, 'out', 'cases'))
    expect(details.length).toBeGreaterThan(0)
    for (const record of results.records)
      expect(record.transcriptRef).toMatch(new RegExp(`^${join(root, 'out', 'cases')}/[^/]+\\.jsonl#\\d+$`))
    expect(readdirSync(join(root, 'cache')).sort()).toEqual(['responses.jsonl', 'transcripts'])
    expect(readFileSync(join(root, 'cache', 'responses.jsonl'), 'utf8').length).toBeGreaterThan(0)
    const stats = JSON.parse(readFileSync(join(root, 'out', 'sim-stats.json'), 'utf8'))
    expect(stats.pool.requests).toBeGreaterThanOrEqual(3) // three cases, one turn at least each
  }, 120_000)
})
