/**
 * No module of the toolkit imports itself back through others (an import cycle makes load order
 * decide which binding is still undefined). Biome's noImportCycles, turned on in biome.json, is
 * the check; this test runs it over the shipped code so a cycle fails the suite, not just lint.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

test('src, plugins and reporters have no import cycle', () => {
  const biome = join(ROOT, 'node_modules', '.bin', 'biome')
  const run = spawnSync(
    biome,
    ['lint', '--only=suspicious/noImportCycles', '--max-diagnostics=50', 'src', 'plugins', 'reporters'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  const cycles = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => line.includes('lint/suspicious/noImportCycles'))
    .map((line) => line.split(' ')[0])
  expect(cycles).toEqual([])
  expect(run.status).toBe(0)
})
