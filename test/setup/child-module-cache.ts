/**
 * The unit projects' globalSetup: one folder per test run for the module cache of the child
 * Vitest runs the tests start (child-vitest.mjs reads CHILD_VITEST_MODULE_CACHE, which the
 * workers inherit), removed when the run ends. Per run, so no transform outlives the sources it
 * was made from.
 * Shares its worker: a globalSetup runs in Vitest's main process, before any worker starts (which
 * inherit the variable); its teardown deletes it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CHILD_MODULE_CACHE = 'CHILD_VITEST_MODULE_CACHE'

/**
 * Makes the folder and hands it to the workers; returns the teardown that removes it. Both unit
 * projects list this globalSetup: the second finds the folder made and shares it.
 */
export function setup(): () => void {
  if (process.env[CHILD_MODULE_CACHE]) return () => {}
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-child-modules-'))
  process.env[CHILD_MODULE_CACHE] = dir
  return () => {
    delete process.env[CHILD_MODULE_CACHE]
    rmSync(dir, { recursive: true, force: true })
  }
}
