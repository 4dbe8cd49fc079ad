/**
 * The unit projects' globalSetup: one folder per test run, removed when the run ends, holding
 * - every temporary file of the run: TMPDIR points into it, so the folders the tests make with
 *   `mkdtemp(tmpdir())`, and those of the processes they start (child Vitest runs, CLIs,
 *   Chromium's profiles), go with it, however a test ended — not one by one into the machine's
 *   temporary folder, where a contributor's runs left gigabytes;
 * - the module cache of the child Vitest runs the tests start (child-vitest.mjs reads
 *   CHILD_VITEST_MODULE_CACHE). Per run, so no transform outlives the sources it was made from.
 * Workers and their children inherit both variables.
 * Shares its worker: a globalSetup runs in Vitest's main process, before any worker starts; its
 * teardown puts both variables back and deletes the folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CHILD_MODULE_CACHE = 'CHILD_VITEST_MODULE_CACHE'

/**
 * Makes the folder and hands it to the workers; returns the teardown that removes it. Both unit
 * projects list this globalSetup: the second finds the folder made and shares it.
 */
export function setup(): () => void {
  if (process.env[CHILD_MODULE_CACHE]) return () => {}
  const previousTmp = process.env.TMPDIR
  const run = mkdtempSync(join(tmpdir(), 'arbigraph-test-run-'))
  const tmp = join(run, 'tmp')
  const modules = join(run, 'child-modules')
  mkdirSync(tmp)
  mkdirSync(modules)
  process.env.TMPDIR = tmp
  process.env[CHILD_MODULE_CACHE] = modules
  return () => {
    delete process.env[CHILD_MODULE_CACHE]
    if (previousTmp === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previousTmp
    // Retried: a browser or child a test left behind may still be closing files in it.
    rmSync(run, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
  }
}
